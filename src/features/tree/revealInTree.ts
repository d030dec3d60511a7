import * as vscode from 'vscode';
import { Commands } from '../../commands';
import type { MemoryTreeNode, MemoryTreeProvider } from './memoryTreeProvider';

/**
 * `_memoryShelf.revealInTree(uri)`: shows the view and selects the memory at `uri`. Other features
 * reveal through this command, so none of them knows the tree's nodes.
 */
export function registerRevealInTree(provider: MemoryTreeProvider, view: vscode.TreeView<MemoryTreeNode>): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.revealInTree, async (uri: vscode.Uri): Promise<boolean> => {
    await vscode.commands.executeCommand('memoryShelf.memories.focus');
    const node = await findMemoryNode(provider, uri);
    if (!node) return false;
    // Right after the view turns visible its nodes may not be known yet: try again briefly. The
    // parents are revealed and expanded first: revealing the memory at once kept failing with "Data
    // tree node not found" in a real VS Code when its group had never been shown.
    const parents: MemoryTreeNode[] = [];
    for (let parent = provider.getParent(node); parent; parent = provider.getParent(parent)) parents.unshift(parent);
    for (let attempt = 0; attempt < 30; attempt++) {
      try {
        for (const parent of parents) await view.reveal(parent, { select: false, focus: false, expand: true });
        await view.reveal(node, { select: true, focus: true });
        return true;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return false;
  });
}

/** The memory's node: its root, then the type group that holds it. */
export async function findMemoryNode(provider: MemoryTreeProvider, uri: vscode.Uri): Promise<MemoryTreeNode | undefined> {
  const key = uri.toString();
  for (const rootNode of await provider.getChildren()) {
    if (rootNode.kind !== 'root' || !key.startsWith(rootNode.root.uri.toString())) continue;
    for (const group of await provider.getChildren(rootNode)) {
      const memory = (await provider.getChildren(group)).find((node) => node.kind === 'memory' && rootNode.root.uriOf(node.memory.path).toString() === key);
      if (memory) return memory;
    }
  }
  return undefined;
}
