import * as vscode from 'vscode';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';

const KEY = 'memoryShelf.tree.openRoots';

/**
 * Which roots the tree draws open. With one root, it is open. With several, every root open buries the
 * third below a hundred rows: the first is open, and any other only while something of it waits for
 * review, until the person opens or closes it; then their choice is kept (in the workspace's storage,
 * so it outlives a reload). VS Code keeps the state by the row's id while the window lives; this is
 * what it starts from.
 */
export class RootExpansion {
  private readonly chosen: Map<string, boolean>;

  constructor(private readonly memento: vscode.Memento) {
    this.chosen = new Map(Object.entries(memento.get<Record<string, boolean>>(KEY) ?? {}));
  }

  stateOf(root: MemoryRoot, roots: readonly MemoryRoot[], waiting: number): vscode.TreeItemCollapsibleState {
    const chosen = this.chosen.get(root.uri.toString());
    const open = chosen ?? (roots.length <= 1 || roots[0] === root || waiting > 0);
    return open ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
  }

  /** The person opened or closed the root's row. */
  record(root: MemoryRoot, open: boolean): void {
    const key = root.uri.toString();
    if (this.chosen.get(key) === open) return;
    this.chosen.set(key, open);
    void this.memento.update(KEY, Object.fromEntries(this.chosen));
  }
}
