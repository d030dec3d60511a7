import * as vscode from 'vscode';
import { Commands, Views } from '../../commands';
import type { Services } from '../../workspace/services';
import type { MemoryTreeProvider } from './memoryTreeProvider';
import type { MemoryTreeNode } from './treeNodes';

/** Tries of one reveal, each after a longer pause (about 4 s in all): a redraw in flight is over by then. */
const REVEAL_ATTEMPTS = 12;

/** How long a reveal VS Code answered waits for the selection it asked for to come back. */
const SELECTION_ECHO_MS = 500;

/**
 * `_memoryShelf.revealInTree(uri)`: shows the view and selects the memory at `uri`. Other features
 * reveal through this command, so none of them knows the tree's nodes.
 */
export function registerRevealInTree(_services: Services, provider: MemoryTreeProvider, view: vscode.TreeView<MemoryTreeNode>): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.revealInTree, async (uri: vscode.Uri): Promise<boolean> => {
    await vscode.commands.executeCommand(`${Views.memories}.focus`);
    if (!(await findMemoryChain(provider, uri))) return false;
    return revealMemory(provider, view, uri, { focus: true });
  });
}

/**
 * Selects the memory at `uri` in the view, its root and group expanded, trying again until the view
 * shows it selected. A reveal can fail, or be answered with nothing selected, when it meets the view
 * just opening or redrawing (its nodes being replaced: "Data tree node not found"); nothing else would
 * try again. A root added since the view was last refreshed whole (through memoryShelf.roots) could
 * stay unknown to the view on every try, in a real VS Code: one full refresh brings it in. Stops when
 * `stillWanted` says the person moved on (another editor, the view hidden).
 */
export async function revealMemory(
  provider: MemoryTreeProvider,
  view: vscode.TreeView<MemoryTreeNode>,
  uri: vscode.Uri,
  options: { readonly focus: boolean; readonly stillWanted?: () => boolean },
): Promise<boolean> {
  const stillWanted = options.stillWanted ?? (() => true);
  for (let attempt = 0; attempt < REVEAL_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100 * Math.min(attempt, 5)));
    if (!stillWanted()) return false;
    // Made again each time: the provider builds new nodes on every call, and the memory may have moved group.
    const chain = await findMemoryChain(provider, uri);
    const node = chain?.[chain.length - 1];
    if (!chain || !node) continue;
    if (!options.focus && isSelected(view, node)) return true;
    try {
      // Parents first, as the very objects getChildren gave, each expanded.
      for (const parent of chain.slice(0, -1)) await view.reveal(parent, { select: false, focus: false, expand: true });
      await view.reveal(node, { select: true, focus: options.focus });
    } catch {
      if (attempt === 3) provider.refresh();
      continue;
    }
    // VS Code answers a reveal of an item its view does not hold (yet) without selecting anything.
    if (await selectionShows(view, node)) return true;
  }
  return false;
}

/** Whether the view's selection holds `node` (nodes are rebuilt, so compared by what they stand for). */
function isSelected(view: vscode.TreeView<MemoryTreeNode>, node: MemoryTreeNode): boolean {
  return node.kind === 'memory' && view.selection.some((selected) => selected.kind === 'memory' && selected.memory.path === node.memory.path && selected.root.uri.toString() === node.root.uri.toString());
}

/** The selection VS Code reports after a reveal arrives as an event of its own: waits a moment for it. */
async function selectionShows(view: vscode.TreeView<MemoryTreeNode>, node: MemoryTreeNode): Promise<boolean> {
  if (isSelected(view, node)) return true;
  return new Promise<boolean>((resolve) => {
    const done = (result: boolean): void => {
      clearTimeout(timer);
      listener.dispose();
      resolve(result);
    };
    const listener = view.onDidChangeSelection(() => {
      if (isSelected(view, node)) done(true);
    });
    const timer = setTimeout(() => done(isSelected(view, node)), SELECTION_ECHO_MS);
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
