import * as vscode from 'vscode';
import type { MemoryTreeNode, MemoryTreeProvider } from './memoryTreeProvider';
import { findMemoryChain } from './revealInTree';

/**
 * Selects the active editor's memory in the tree, as the Explorer does with its files: only while the
 * view is visible, and without taking the focus from the editor.
 */
export function followActiveEditor(provider: MemoryTreeProvider, view: vscode.TreeView<MemoryTreeNode>): vscode.Disposable {
  const follow = async (editor: vscode.TextEditor | undefined): Promise<void> => {
    if (!editor || !view.visible || editor.document.uri.scheme === 'output') return;
    const chain = await findMemoryChain(provider, editor.document.uri);
    const node = chain?.[chain.length - 1];
    if (!chain || !node || view.selection.some((selected) => selected.kind === 'memory' && node.kind === 'memory' && selected.memory.path === node.memory.path && selected.root === node.root)) return;
    try {
      for (const parent of chain.slice(0, -1)) await view.reveal(parent, { select: false, focus: false, expand: true });
      await view.reveal(node, { select: true, focus: false });
    } catch {
      // The tree has not rendered that node yet (the view just opened); the next change of editor tries again.
    }
  };
  return vscode.Disposable.from(
    vscode.window.onDidChangeActiveTextEditor((editor) => void follow(editor)),
    view.onDidChangeVisibility((event) => {
      if (event.visible) void follow(vscode.window.activeTextEditor);
    }),
  );
}
