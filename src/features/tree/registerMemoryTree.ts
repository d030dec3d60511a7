import * as vscode from 'vscode';
import { Views } from '../../commands';
import type { Services } from '../../workspace/services';
import { MemoryTreeProvider } from './memoryTreeProvider';
import type { MemoryTreeNode } from './treeNodes';
import { registerRevealInTree } from './revealInTree';
import { registerTreeCommands } from './treeCommands';
import { followActiveEditor } from './followActiveEditor';
import { showReviewBadge } from './reviewBadge';
import { registerChangeType, RetypeByDrop } from './retypeByDrop';
import { RootExpansion } from './rootExpansion';

/** The Memory Shelf sidebar. Carries its provider, so tests can read what the user sees. */
export function registerMemoryTree(services: Services, storage: vscode.Memento): vscode.Disposable & { readonly provider: MemoryTreeProvider; readonly view: vscode.TreeView<MemoryTreeNode> } {
  const expansion = new RootExpansion(storage);
  const provider = new MemoryTreeProvider(services, expansion);
  const view = vscode.window.createTreeView(Views.memories, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true, dragAndDropController: new RetypeByDrop(services) });
  const opened = view.onDidExpandElement((event) => {
    if (event.element.kind === 'root') expansion.record(event.element.root, true);
  });
  const closed = view.onDidCollapseElement((event) => {
    if (event.element.kind === 'root') expansion.record(event.element.root, false);
  });
  return Object.assign(vscode.Disposable.from(view, provider, opened, closed, registerRevealInTree(services, provider, view), registerTreeCommands(services), followActiveEditor(provider, view), registerChangeType(services), showReviewBadge(services, view)), { provider, view });
}
