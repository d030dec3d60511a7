import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually, workspaceUri, codeOf } from './helpers';

const encoder = new TextEncoder();

// The extension reads roots with the CLI's reader: what `memory-shelf check` refuses, the editor refuses
// too, and says so in the Problems panel instead of showing garbled text as a memory.
describe('The one root reader in the extension', () => {
  let api: MemoryShelfApi;
  const folder = (): vscode.Uri => workspaceUri('unreadable', 'memory');
  const file = (name: string): vscode.Uri => vscode.Uri.joinPath(folder(), name);

  before(async () => {
    await vscode.workspace.fs.writeFile(file('MEMORY.md'), encoder.encode('# Memory index\n\n- [Good](good.md) — fine\n- [Latin-1](latin1.md) — saved in the wrong encoding\n'));
    await vscode.workspace.fs.writeFile(file('good.md'), encoder.encode('---\nname: good\ndescription: A memory in UTF-8\ntype: user\n---\nFine.\n'));
    // "café" in Latin-1: not UTF-8.
    await vscode.workspace.fs.writeFile(file('latin1.md'), new Uint8Array([...encoder.encode('---\nname: latin1\ndescription: caf'), 0xe9, ...encoder.encode('\n---\n')]));
    await vscode.workspace.fs.writeFile(file('binary.md'), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    // A memory/ folder appearing makes the extension reload its roots 300 ms later: let that happen
    // before the test reads them, so no reload replaces the root while the test writes into it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    api = await activateExtension();
    await api.roots.ready;
  });

  after(async () => {
    await vscode.workspace.fs.delete(workspaceUri('unreadable'), { recursive: true });
    await vscode.commands.executeCommand('memoryShelf.refresh');
  });

  it('does not load a binary or non-UTF-8 file as a memory, reports it as file-unreadable, and does not call its index entry missing', async () => {
    const root = api.roots.rootAt(folder());
    assert.ok(root, 'unreadable/memory is a root');
    assert.deepEqual([...root.store.memories()].map((memory) => memory.path), ['good.md']);
    await eventually(() => {
      assert.deepEqual(vscode.languages.getDiagnostics(file('latin1.md')).map((d) => codeOf(d)), ['file-unreadable']);
      assert.deepEqual(vscode.languages.getDiagnostics(file('binary.md')).map((d) => codeOf(d)), ['file-unreadable']);
    });
    assert.deepEqual(vscode.languages.getDiagnostics(file('MEMORY.md')).filter((d) => codeOf(d) === 'index-missing-file'), []);
  });

  it('loads the file on the next read once it is written as UTF-8, and the finding goes', async () => {
    await vscode.workspace.fs.writeFile(file('latin1.md'), encoder.encode('---\nname: latin1\ndescription: café in UTF-8 now\ntype: user\n---\n'));
    // A reload reads the root again: the watcher path for ordinary changes is covered by the sidebar suite.
    await vscode.commands.executeCommand('memoryShelf.refresh');
    await eventually(() => {
      const root = api.roots.rootAt(folder());
      assert.ok(root?.store.get('latin1.md'), `latin1.md is loaded; held: ${[...(root?.store.memories() ?? [])].map((m) => m.path).join(', ')}; skipped: ${JSON.stringify(root?.skippedFiles())}`);
      assert.deepEqual(vscode.languages.getDiagnostics(file('latin1.md')).filter((d) => codeOf(d) === 'file-unreadable'), []);
    });
  });
});
