import * as vscode from 'vscode';
import { INDEX_FILE_NAME, loadBudget, type LoadBudget, type MemoryIndex } from '../../core';
import type { IndexLensDeps, IndexRoot } from './indexLensDeps';

/** MEMORY.md of a root as the user sees it now: an open editor's latest text applied to the store first. */
export function currentIndex(deps: IndexLensDeps, root: IndexRoot): MemoryIndex | undefined {
  const document = openIndexDocument(root);
  if (document) deps.flush(document);
  return root.store.index;
}

export function openIndexDocument(root: IndexRoot): vscode.TextDocument | undefined {
  const uri = root.uriOf(INDEX_FILE_NAME).toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri);
}

/** The root whose MEMORY.md `document` is. */
export function indexRootOf(deps: IndexLensDeps, document: vscode.TextDocument): IndexRoot | undefined {
  const found = deps.rootOf(document.uri);
  return found?.path === INDEX_FILE_NAME ? found.root : undefined;
}

export function budgetOf(deps: IndexLensDeps, root: IndexRoot): { index: MemoryIndex; budget: LoadBudget } | undefined {
  const index = currentIndex(deps, root);
  return index && { index, budget: loadBudget(index, deps.settings().limits) };
}

/** The root the user works in: the active editor's, else the only one. */
export function activeRoot(deps: IndexLensDeps): IndexRoot | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  const found = uri && deps.rootOf(uri);
  if (found) return found.root;
  const roots = deps.roots();
  return roots.length === 1 ? roots[0] : undefined;
}

/** Numbers as the display language writes them: 25,000 in English. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(vscode.env.language).format(value);
}
