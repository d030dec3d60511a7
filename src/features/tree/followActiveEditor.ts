import * as vscode from 'vscode';
import type { MemoryTreeProvider } from './memoryTreeProvider';
import type { MemoryTreeNode } from './treeNodes';
import { findMemoryChain, revealMemory } from './revealInTree';

/**
 * Selects the active editor's memory in the tree, as the Explorer does with its files: only while the
 * view is visible, and without taking the focus from the editor. One editor change is one chance, so
 * a reveal that meets the view opening or redrawing is tried again until the person moves on.
 */
export function followActiveEditor(provider: MemoryTreeProvider, view: vscode.TreeView<MemoryTreeNode>): vscode.Disposable {
  let generation = 0;
  const follow = async (editor: vscode.TextEditor | undefined): Promise<void> => {
    const mine = ++generation;
    if (!editor || !view.visible || editor.document.uri.scheme === 'output') return;
    const uri = editor.document.uri;
    if (!(await findMemoryChain(provider, uri))) return;
    await revealMemory(provider, view, uri, {
      focus: false,
      stillWanted: () => mine === generation && view.visible && vscode.window.activeTextEditor?.document.uri.toString() === uri.toString(),
    });
  };
  return vscode.Disposable.from(
    vscode.window.onDidChangeActiveTextEditor((editor) => void follow(editor)),
    view.onDidChangeVisibility((event) => {
      if (event.visible) void follow(vscode.window.activeTextEditor);
    }),
  );
}
