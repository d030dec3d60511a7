import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, workspaceUri } from './helpers';

const decoder = new TextDecoder();

describe('New Memory in an empty folder (issue #40, item 7)', () => {
  let api: MemoryShelfApi;
  const memory = workspaceUri('memory');
  const aside = workspaceUri('memory-aside-new');

  before(async () => {
    api = await activateExtension();
    await vscode.workspace.fs.rename(memory, aside);
    await vscode.commands.executeCommand('memoryShelf.refresh');
    await vscode.commands.executeCommand('memoryShelf.createMemoryFolder');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(memory, { recursive: true }).then(undefined, () => undefined);
    await vscode.workspace.fs.rename(aside, memory);
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('names a Korean title as Claude Code does (<type>_<topic>.md, no space) and writes its labelled lines, not headings', async () => {
    const root = api.roots.roots.find((candidate) => candidate.uri.toString() === memory.toString())!;
    assert.ok(root, 'the new memory/ is a root');
    const created = await vscode.commands.executeCommand<vscode.Uri | undefined>('memoryShelf.newMemory', { kind: 'root', root, type: 'project', title: '배포 동결', description: '목요일 저녁에는 배포하지 않는다' });
    assert.equal(created?.toString(), vscode.Uri.joinPath(memory, 'project_배포-동결.md').toString());
    const text = decoder.decode(await vscode.workspace.fs.readFile(created!));
    assert.equal(text, '---\nname: 배포-동결\ndescription: 목요일 저녁에는 배포하지 않는다\nmetadata:\n  type: project\n---\n\n\n\n**Why:**\n\n**How to apply:**\n');
    // The index line keeps the title as typed.
    assert.match(decoder.decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(memory, 'MEMORY.md'))), /^- \[배포 동결\]\(project_배포-동결\.md\) — 목요일 저녁에는 배포하지 않는다$/m);
    // The cursor waits on the fact's line.
    assert.equal(vscode.window.activeTextEditor?.selection.active.line, 7);
  });
});
