import * as vscode from 'vscode';
import { Commands, Views } from '../../commands';
import type { Services } from '../../workspace/services';
import type { MemoryTreeNode, MemoryTreeProvider } from './memoryTreeProvider';

/**
 * `_memoryShelf.revealInTree(uri)`: shows the view and selects the memory at `uri`. Other features
 * reveal through this command, so none of them knows the tree's nodes.
 */
export function registerRevealInTree(_services: Services, provider: MemoryTreeProvider, view: vscode.TreeView<MemoryTreeNode>): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.revealInTree, async (uri: vscode.Uri): Promise<boolean> => {
    await vscode.commands.executeCommand(`${Views.memories}.focus`);
    const chain = await findMemoryChain(provider, uri);
    if (!chain) return false;
    // Parents first, as the very objects getChildren gave, each expanded. Right after the view turns
    // visible its nodes may not be known yet: try again briefly. A root added since the view was
    // last refreshed whole (through memoryShelf.roots) could stay unknown to the view ("Data tree node
    // not found" on every try, in a real VS Code): one full refresh brings it in.
    const node = chain[chain.length - 1];
    for (let attempt = 0; attempt < 30; attempt++) {
      try {
        for (const parent of chain.slice(0, -1)) await view.reveal(parent, { select: false, focus: false, expand: true });
        await view.reveal(node, { select: true, focus: true });
        return true;
      } catch {
        if (attempt === 3) provider.refresh();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return false;
  });
}

/** The memory's node with its ancestors, root first: its root, then the type group that holds it. */
export async function findMemoryChain(provider: MemoryTreeProvider, uri: vscode.Uri): Promise<MemoryTreeNode[] | undefined> {
  const key = uri.toString();
  for (const rootNode of await provider.getChildren()) {
    if (rootNode.kind !== 'root' || !key.startsWith(`${rootNode.root.uri.toString()}/`)) continue;
    for (const group of await provider.getChildren(rootNode)) {
      const memory = (await provider.getChildren(group)).find((node) => node.kind === 'memory' && rootNode.root.uriOf(node.memory.path).toString() === key);
      if (memory) return [rootNode, group, memory];
    }
  }
  return undefined;
}
