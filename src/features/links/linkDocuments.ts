import * as vscode from 'vscode';
import {
  indexLinks,
  INDEX_FILE_NAME,
  isMemoryPath,
  parseMemoryFile,
  parseMemoryIndex,
  type MemoryFile,
  type MemoryIndex,
  type MemoryLink,
  type NameCheck,
  type Position,
  type Range,
  type RootPath,
} from '../../core';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryWorkspace } from '../roots/memoryWorkspace';

/** Memory files and MEMORY.md are Markdown; the providers check the root themselves. */
export const MEMORY_SELECTOR: vscode.DocumentSelector = [{ language: 'markdown' }];

/** An open document of a memory root, with the links written in it now. */
export interface LinkDocument {
  readonly root: MemoryRoot;
  readonly path: RootPath;
  readonly links: readonly MemoryLink[];
  /** The memory it is, unless it is MEMORY.md. */
  readonly memory: MemoryFile | undefined;
}

/**
 * The document as the providers need it. The store's parse is used when it holds exactly the text the
 * editor shows; between a keystroke and the store's debounced update, the one file is parsed here so
 * positions match what the person sees.
 */
export function linkDocument(workspace: MemoryWorkspace, document: vscode.TextDocument): LinkDocument | undefined {
  const found = workspace.rootOf(document.uri);
  if (!found || found.path.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const { root, path } = found;
  const text = document.getText();
  if (path === INDEX_FILE_NAME) {
    return { root, path, links: indexLinks(liveIndex(root, text)), memory: undefined };
  }
  if (!isMemoryPath(path)) return undefined;
  const held = root.store.get(path);
  const memory = held && held.text === text ? held : parseMemoryFile(path, text);
  return { root, path, links: memory.links, memory };
}

/** MEMORY.md as it stands: the open editor's text when there is one, else the store's. */
export function currentIndex(root: MemoryRoot): MemoryIndex | undefined {
  const uri = root.uriOf(INDEX_FILE_NAME).toString();
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri);
  return open ? liveIndex(root, open.getText()) : root.store.index;
}

function liveIndex(root: MemoryRoot, text: string): MemoryIndex {
  const held = root.store.index;
  return held && held.text === text ? held : parseMemoryIndex(text);
}

/**
 * Waits (briefly) until the store holds what open editors of the root show: edits are planned against
 * the store, and their positions must be those of the editor's text.
 */
export async function settle(root: MemoryRoot, timeoutMs = 1000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const behind = (): boolean => vscode.workspace.textDocuments.some((document) => {
    const path = root.relativePath(document.uri);
    if (path === undefined) return false;
    const text = document.getText();
    if (path === INDEX_FILE_NAME) return root.store.index !== undefined && root.store.index.text !== text;
    const held = root.store.get(path);
    return held !== undefined && held.text !== text;
  });
  while (behind() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

export function toVsPosition(position: Position): vscode.Position {
  return new vscode.Position(position.line, position.character);
}

export function toVsRange(range: Range): vscode.Range {
  return new vscode.Range(toVsPosition(range.start), toVsPosition(range.end));
}

export function fromVsPosition(position: vscode.Position): Position {
  return { line: position.line, character: position.character };
}

/** Why a name was refused, for a person. */
export function describeRefusal(name: string, check: Extract<NameCheck, { ok: false }>): string {
  switch (check.reason) {
    case 'empty':
      return vscode.l10n.t('A memory name cannot be empty.');
    case 'absolute':
      return vscode.l10n.t('"{0}" is an absolute path. A memory name is a plain name inside the memory folder.', name);
    case 'traversal':
      return vscode.l10n.t('"{0}" contains "..", which could lead outside the memory folder.', name);
    case 'separator':
      return vscode.l10n.t('"{0}" contains a path separator. A memory name cannot point into another folder.', name);
    case 'hidden':
      return vscode.l10n.t('"{0}" starts with a dot: the file would be hidden and never read as a memory.', name);
    case 'control-character':
      return vscode.l10n.t('The name contains the control character {0}.', check.detail ?? '');
    case 'invalid-character':
      return vscode.l10n.t('The name contains "{0}", which file names cannot hold on Windows.', check.detail ?? '');
    case 'reserved-device':
      return vscode.l10n.t('"{0}" is a reserved device name on Windows and cannot be a file name.', check.detail ?? name);
    case 'reserved-file':
      return vscode.l10n.t('"{0}" would be the file {1}, which is not a memory (the folder\'s index, README or CLAUDE.md). Choose another name.', name, check.detail ?? name);
    case 'trailing-dot-or-space':
      return vscode.l10n.t('"{0}" ends with a dot or a space, which Windows drops from file names.', name);
    case 'too-long':
      return vscode.l10n.t('The name is too long for a file name.');
  }
}

/** The title a person knows a memory by: its index entry's, else its name. */
export function memoryTitle(root: MemoryRoot, memory: MemoryFile): string {
  return root.store.indexEntriesFor(memory.path)[0]?.title ?? memory.name ?? memory.stem;
}

/** Opens a file of the root with a range selected. */
export async function openAt(uri: vscode.Uri, range?: vscode.Range): Promise<void> {
  await vscode.window.showTextDocument(uri, range ? { selection: range } : {});
}
