import * as vscode from 'vscode';
import { Views } from '../../commands';
import type { Services } from '../../workspace/services';
import { MemoryTreeProvider, type MemoryTreeNode } from './memoryTreeProvider';
import { registerRevealInTree } from './revealInTree';
import { registerTreeCommands } from './treeCommands';
import { followActiveEditor } from './followActiveEditor';
import { showReviewBadge } from './reviewBadge';
import { registerChangeType, RetypeByDrop } from './retypeByDrop';

/** The Memory Shelf sidebar. Carries its provider, so tests can read what the user sees. */
export function registerMemoryTree(services: Services): vscode.Disposable & { readonly provider: MemoryTreeProvider; readonly view: vscode.TreeView<MemoryTreeNode> } {
  const provider = new MemoryTreeProvider(services);
  const view = vscode.window.createTreeView(Views.memories, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true, dragAndDropController: new RetypeByDrop(services) });
  return Object.assign(vscode.Disposable.from(view, provider, registerRevealInTree(services, provider, view), registerTreeCommands(services), followActiveEditor(provider, view), registerChangeType(services), showReviewBadge(services, view)), { provider, view });
}
