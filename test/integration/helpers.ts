import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MemoryShelfApi } from '../../src/extension';
import type { MemoryTreeNode } from '../../src/features/tree/treeNodes';

export const EXTENSION_ID = 'memory-shelf.memory-shelf';

export async function activateExtension(): Promise<MemoryShelfApi> {
  const extension = vscode.extensions.getExtension<MemoryShelfApi>(EXTENSION_ID);
  assert.ok(extension, 'the extension is installed');
  const api = await extension.activate();
  await vscode.commands.executeCommand('memoryShelf.refresh');
  return api;
}

export function workspaceUri(...segments: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite runs with a workspace folder');
  return vscode.Uri.joinPath(folder.uri, ...segments);
}

/** A tree item as the user reads it: label, description, and the items below it. */
export interface VisibleItem {
  label: string;
  description: string;
  children: VisibleItem[];
}

export async function visibleTree(api: MemoryShelfApi, node?: MemoryTreeNode): Promise<VisibleItem[]> {
  const children = await api.tree.getChildren(node);
  return Promise.all(children.map(async (child) => {
    const item = api.tree.getTreeItem(child);
    const label = typeof item.label === 'string' ? item.label : item.label?.label ?? '';
    return { label, description: String(item.description ?? ''), children: await visibleTree(api, child) };
  }));
}

/** Polls until `check` passes: file-system watchers report changes a moment after they happen. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export function findItem(items: VisibleItem[], label: string): VisibleItem {
  const item = items.find((candidate) => candidate.label === label);
  assert.ok(item, `"${label}" is shown; shown: ${items.map((candidate) => candidate.label).join(', ')}`);
  return item;
}

/** A diagnostic's code as a string: Memory Shelf's codes come with their page (`{ value, target }`). */
export function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return String(typeof code === 'object' ? code.value : code);
}
