import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually, workspaceUri } from './helpers';

const folder = (): vscode.Uri => workspaceUri('watch-suite', 'memory');
const file = (name: string): vscode.Uri => vscode.Uri.joinPath(folder(), name);
const memory = (description: string): string => `---\nname: deploy-window\ndescription: ${description}\ntype: project\n---\n\nデプロイは火曜と木曜の 10:00–16:00 だけ。\n`;

describe('A memory folder VS Code\'s own watcher does not report', () => {
  let api: MemoryShelfApi;
  const root = () => {
    const found = api.roots.roots.find((candidate) => candidate.uri.toString() === folder().toString());
    assert.ok(found, 'watch-suite/memory is a root');
    return found;
  };

  before(async () => {
    // Excluded from VS Code's watcher, the way a folder inside one created with `mkdir -p` can go unseen by it:
    // only the root's own folder watch can tell the store about a change.
    await vscode.workspace.getConfiguration('files').update('watcherExclude', { '**/watch-suite/**': true }, vscode.ConfigurationTarget.Workspace);
    mkdirSync(folder().fsPath, { recursive: true });
    writeFileSync(file('MEMORY.md').fsPath, '# Memory\n\n- [デプロイ時間](project_deploy-window.md) — 火曜と木曜だけ\n');
    writeFileSync(file('project_deploy-window.md').fsPath, memory('デプロイは火曜と木曜だけ'));
    api = await activateExtension();
    await vscode.commands.executeCommand('memoryShelf.refresh');
    await eventually(() => assert.ok(root().store.get('project_deploy-window.md')));
  });

  after(async () => {
    // This suite runs last (see index.ts): VS Code's watcher restart after the exclusion is lifted is
    // code-server's, and was seen never to come; nothing after this suite waits for it.
    await vscode.workspace.fs.delete(workspaceUri('watch-suite'), { recursive: true });
    await vscode.workspace.getConfiguration('files').update('watcherExclude', undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('still follows a file an agent rewrites, adds and deletes there', async () => {
    writeFileSync(file('project_deploy-window.md').fsPath, memory('デプロイは火曜だけ(木曜は凍結)'));
    await eventually(() => assert.equal(root().store.get('project_deploy-window.md')?.description, 'デプロイは火曜だけ(木曜は凍結)'));
    writeFileSync(file('feedback_rollback.md').fsPath, '---\nname: rollback\ndescription: Roll back first, debug second\ntype: feedback\n---\n');
    await eventually(() => assert.ok(root().store.get('feedback_rollback.md')));
    await vscode.workspace.fs.delete(file('feedback_rollback.md'));
    await eventually(() => assert.equal(root().store.get('feedback_rollback.md'), undefined));
  });
});
