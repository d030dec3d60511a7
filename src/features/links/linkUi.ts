import * as vscode from 'vscode';
import { formatText, memoryTitle as coreMemoryTitle, nameRefusalText, type MemoryFile, type NameCheck } from '../../core';
import { localized } from '../../workspace/display/localized';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';

/** Memory files and MEMORY.md are Markdown; the providers check the root themselves. */
export const MEMORY_SELECTOR: vscode.DocumentSelector = [{ language: 'markdown' }];

/** Why a name was refused, for a person (core's sentence, in the display language). */
export function describeRefusal(name: string, check: Extract<NameCheck, { ok: false }>): string {
  const text = nameRefusalText(name, check);
  return localized(text, formatText(text));
}

/** The title a person knows a memory by: its index entry's, else its name. */
export function memoryTitle(root: MemoryRoot, memory: MemoryFile): string {
  return coreMemoryTitle(root.store, memory);
}

/**
 * Opens a file of the root with a range selected. `pinned` keeps it open as a tab of its own: a memory
 * just made, opened as a preview, was replaced by the next row a person clicked before typing in it.
 */
export async function openAt(uri: vscode.Uri, range?: vscode.Range, pinned = false): Promise<void> {
  await vscode.window.showTextDocument(uri, { ...(range ? { selection: range } : {}), ...(pinned ? { preview: false } : {}) });
}
