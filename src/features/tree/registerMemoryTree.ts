import * as vscode from 'vscode';
import type { Services } from '../../workspace/services';
import { MemoryTreeProvider } from './memoryTreeProvider';
import { registerRevealInTree } from './revealInTree';

export const MEMORY_VIEW_ID = 'memoryShelf.memories';

/** The Memory Shelf sidebar. Carries its provider, so tests can read what the user sees. */
export function registerMemoryTree(services: Services): vscode.Disposable & { readonly provider: MemoryTreeProvider } {
  const provider = new MemoryTreeProvider(services);
  const view = vscode.window.createTreeView(MEMORY_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  return Object.assign(vscode.Disposable.from(view, provider, registerRevealInTree(provider, view)), { provider });
}
