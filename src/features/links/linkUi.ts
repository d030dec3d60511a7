import * as vscode from 'vscode';
import type { MemoryFile, NameCheck } from '../../core';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';

/** Memory files and MEMORY.md are Markdown; the providers check the root themselves. */
export const MEMORY_SELECTOR: vscode.DocumentSelector = [{ language: 'markdown' }];

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
