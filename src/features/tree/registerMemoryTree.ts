import * as vscode from 'vscode';
import type { TypeSet } from '../../core';
import type { MemoryWorkspace } from '../roots/memoryWorkspace';
import { MemoryTreeProvider } from './memoryTreeProvider';

export const MEMORY_VIEW_ID = 'memoryShelf.memories';

/** The Memory Shelf sidebar. Returns the provider too, so tests can read what the user sees. */
export function registerMemoryTree(workspace: MemoryWorkspace, typeSet: () => TypeSet): { provider: MemoryTreeProvider; view: vscode.TreeView<unknown>; disposable: vscode.Disposable } {
  const provider = new MemoryTreeProvider(workspace, typeSet);
  const view = vscode.window.createTreeView(MEMORY_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  return { provider, view: view as vscode.TreeView<unknown>, disposable: vscode.Disposable.from(view, provider) };
}
