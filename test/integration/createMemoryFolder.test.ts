import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, visibleTree, workspaceUri } from './helpers';

describe('Create Memory Folder command', () => {
  let api: MemoryShelfApi;

  before(async () => {
    api = await activateExtension();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens the existing index without changing a byte of it', async () => {
    const index = workspaceUri('memory', 'MEMORY.md');
    const before = await vscode.workspace.fs.readFile(index);
    const created = await vscode.commands.executeCommand<vscode.Uri>('memoryShelf.createMemoryFolder');
    assert.equal(created?.toString(), index.toString());
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), index.toString());
    assert.deepEqual(await vscode.workspace.fs.readFile(index), before);
  });

  it('creates memory/MEMORY.md when the workspace has none, and the new root appears in the tree', async () => {
    const memory = workspaceUri('memory');
    const aside = workspaceUri('memory-aside');
    await vscode.workspace.fs.rename(memory, aside);
    try {
      await vscode.commands.executeCommand('memoryShelf.refresh');
      assert.deepEqual((await visibleTree(api)).map((root) => root.label), ['notes/agent-memory', 'checks/memory']);
      const created = await vscode.commands.executeCommand<vscode.Uri>('memoryShelf.createMemoryFolder');
      assert.equal(created?.toString(), workspaceUri('memory', 'MEMORY.md').toString());
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(created!)), '# Memory index\n');
      const roots = await visibleTree(api);
      assert.deepEqual(roots.map((root) => root.label), ['memory', 'notes/agent-memory', 'checks/memory']);
      assert.deepEqual(roots[0].children.map((group) => group.description), ['0', '0', '0', '0']);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(memory, { recursive: true }).then(undefined, () => undefined);
      await vscode.workspace.fs.rename(aside, memory);
      await vscode.commands.executeCommand('memoryShelf.refresh');
    }
  });
});
