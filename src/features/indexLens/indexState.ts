import * as vscode from 'vscode';
import { INDEX_FILE_NAME, loadBudget, type LoadBudget, type MemoryIndex } from '../../core';
import { openDocument } from '../../workspace/fs';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';

/** MEMORY.md of a root as the user sees it now, for a command that plans from it: an open editor's latest text put into the store first. */
export function currentIndex(services: Services, root: MemoryRoot): MemoryIndex | undefined {
  const document = openIndexDocument(root);
  if (document) services.documents.flush(document);
  return root.store.index;
}

/** MEMORY.md as an open editor shows it, else as the store holds it; read without changing the store (lenses, decorations, the status bar). */
function shownIndex(services: Services, root: MemoryRoot): MemoryIndex | undefined {
  const document = openIndexDocument(root);
  return (document && services.documents.current(document)?.index) ?? root.store.index;
}

export function openIndexDocument(root: MemoryRoot): vscode.TextDocument | undefined {
  return openDocument(root.uriOf(INDEX_FILE_NAME));
}

/** The root whose MEMORY.md `document` is. */
export function indexRootOf(services: Services, document: vscode.TextDocument): MemoryRoot | undefined {
  const found = services.roots.rootOf(document.uri);
  return found?.path === INDEX_FILE_NAME ? found.root : undefined;
}

export function budgetOf(services: Services, root: MemoryRoot): { index: MemoryIndex; budget: LoadBudget } | undefined {
  const index = shownIndex(services, root);
  return index && { index, budget: loadBudget(index, services.config.budget()) };
}

/** The root the user works in: the active editor's, else the only one. */
export function activeRoot(services: Services): MemoryRoot | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  const found = uri && services.roots.rootOf(uri);
  if (found) return found.root;
  const roots = services.roots.roots;
  return roots.length === 1 ? roots[0] : undefined;
}

/** Numbers as the display language writes them: 25,000 in English. */
export function formatNumber(value: number): string {
  // Made once: a formatter costs far more to make than to use, and every lens of an entry asks for one.
  numbers ??= new Intl.NumberFormat(vscode.env.language);
  return numbers.format(value);
}

let numbers: Intl.NumberFormat | undefined;
