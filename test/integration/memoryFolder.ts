import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import { activateExtension, eventually } from './helpers';

const encoder = new TextEncoder();
const withoutBom = (text: string): string => text.replace(/^\uFEFF/, '');

/**
 * Puts a suite's memory folder back to `files` (anything else in it removed) and waits for what its
 * tests plan their edits from, never for a fixed time: the folder a root whose store holds exactly
 * those texts, and every document of it VS Code still holds showing them, unmodified. Returns the API
 * (activating the extension the first time).
 */
export async function resetMemoryFolder(folder: vscode.Uri, files: Readonly<Record<string, string>>, api?: MemoryShelfApi): Promise<MemoryShelfApi> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  if (!(await exists(folder))) {
    // Appearing whole, in one move: a root first loaded while the files were still being written would
    // count only those already there as reviewed (what an agent writes after that waits in To review).
    const staging = vscode.Uri.joinPath(folder, '..', '.memory-seed');
    await vscode.workspace.fs.createDirectory(staging);
    for (const [name, text] of Object.entries(files)) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(staging, name), encoder.encode(text));
    await vscode.workspace.fs.rename(staging, folder);
  }
  for (const [name] of await vscode.workspace.fs.readDirectory(folder)) {
    if (!(name in files)) await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, name), { recursive: true });
  }
  for (const [name, text] of Object.entries(files)) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), encoder.encode(text));
  const shelf = api ?? (await activateExtension());
  await vscode.commands.executeCommand('memoryShelf.refresh');
  await eventually(() => {
    const root = shelf.roots.rootAt(folder);
    assert.ok(root, `${folder.toString()} is a root`);
    for (const [name, text] of Object.entries(files)) {
      const held: { readonly text: string } | undefined = name === 'MEMORY.md' ? root.store.index : root.store.get(name);
      assert.equal(held?.text, withoutBom(text), `the store holds ${name} as written`);
    }
    const extra = [...root.store.memories()].map((memory) => memory.path).filter((path) => !(path in files));
    assert.deepEqual(extra, [], 'the store holds nothing else');
  }, 20_000);
  // A document an earlier test's edit loaded is reloaded from the disk by VS Code only when its watcher
  // reports the write, late under load (an edit planned before that is refused as stale), and never
  // when it was left modified: each such document is reloaded from the disk now.
  const stale = (): vscode.TextDocument[] => vscode.workspace.textDocuments.filter((document) => {
    const name = document.uri.path.slice(folder.path.length + 1);
    return document.uri.scheme === folder.scheme && document.uri.path.startsWith(`${folder.path}/`) && name in files
      && (document.isDirty || document.getText() !== withoutBom(files[name]));
  });
  for (const document of stale()) {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await eventually(() => assert.deepEqual(stale().map((document) => `${document.uri.path}${document.isDirty ? ' (modified)' : ''}`), [], 'every open document shows the disk'), 20_000);
  await shelf.roots.ready;
  return shelf;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(() => true, () => false);
}
