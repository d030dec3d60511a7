import * as vscode from 'vscode';
import { Commands } from '../../commands';
import type { Services } from '../../workspace/services';
import { MemoryTreeProvider, type MemoryTreeNode } from './memoryTreeProvider';

export const MEMORY_VIEW_ID = 'memoryShelf.memories';

/** The Memory Shelf sidebar. Carries its provider, so tests can read what the user sees. */
export function registerMemoryTree(services: Services): vscode.Disposable & { readonly provider: MemoryTreeProvider } {
  const provider = new MemoryTreeProvider(services);
  const view = vscode.window.createTreeView(MEMORY_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  const reveal = vscode.commands.registerCommand(Commands.revealInTree, (root: string, path: string) => revealInTree(provider, view, root, path, services));
  return Object.assign(vscode.Disposable.from(view, provider, reveal), { provider });
}

/** Finds the memory's node (root, then its type group) and reveals it; the view is shown first. */
async function revealInTree(provider: MemoryTreeProvider, view: vscode.TreeView<MemoryTreeNode>, root: string, path: string, services: Services): Promise<boolean> {
  await vscode.commands.executeCommand(`${MEMORY_VIEW_ID}.focus`);
  const rootNode = provider.getChildren().find((node) => node.kind === 'root' && node.root.uri.toString() === root);
  if (!rootNode) return false;
  for (const group of provider.getChildren(rootNode)) {
    const memory = provider.getChildren(group).find((node) => node.kind === 'memory' && node.memory.path === path);
    if (!memory) continue;
    // Right after the view turns visible its nodes may not be known yet: try again briefly.
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        await view.reveal(memory, { select: true, focus: true, expand: true });
        return true;
      } catch (error) {
        services.log.skipped(`The tree could not reveal ${path} yet`, error);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return false;
  }
  return false;
}
