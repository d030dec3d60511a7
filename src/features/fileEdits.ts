import * as vscode from 'vscode';
import type { FileEdit, Range, RootPath } from '../core';
import type { MemoryRoot } from './roots/memoryRoot';

const encoder = new TextEncoder();

export function toVscodeRange(range: Range): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

/**
 * Core edits as one WorkspaceEdit: one undo step, shown in the refactor preview when asked. Core lists
 * text edits against the files as they are now; here new and renamed files come first and text edits
 * follow them to their new paths. That order holds however the edit travels: VS Code regroups a
 * WorkspaceEdit it hands back to an extension (`vscode.executeDocumentRenameProvider`) with every text
 * edit after the file operations.
 */
export function toWorkspaceEdit(root: MemoryRoot, edits: readonly FileEdit[]): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  const renamed = new Map<RootPath, RootPath>();
  for (const fileEdit of edits) {
    if (fileEdit.kind === 'create') edit.createFile(safeUri(root, fileEdit.path), { contents: encoder.encode(fileEdit.content), overwrite: false });
    if (fileEdit.kind === 'rename') {
      edit.renameFile(safeUri(root, fileEdit.path), safeUri(root, fileEdit.newPath), { overwrite: false });
      renamed.set(fileEdit.path, fileEdit.newPath);
    }
  }
  for (const fileEdit of edits) {
    if (fileEdit.kind !== 'edit') continue;
    const uri = safeUri(root, renamed.get(fileEdit.path) ?? fileEdit.path);
    for (const textEdit of fileEdit.edits) edit.replace(uri, toVscodeRange(textEdit.range), textEdit.newText);
  }
  for (const fileEdit of edits) {
    if (fileEdit.kind === 'delete') edit.deleteFile(safeUri(root, fileEdit.path), { recursive: false, ignoreIfNotExists: true });
  }
  return edit;
}

/** The file's URI, refusing (as a programming error) any path that would not stay inside the root. */
export function safeUri(root: MemoryRoot, path: RootPath): vscode.Uri {
  const uri = root.uriOf(path);
  if (path === '' || path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..') || root.relativePath(uri) !== path) {
    throw new Error(`Refusing to write outside the memory folder: ${path}`);
  }
  return uri;
}

/**
 * File moves that one of our own edits makes while it already updates MEMORY.md itself. The Explorer
 * move participant skips them: by the time it runs, the extension host may not have seen the index
 * edit yet, and a second edit planned on the old text would corrupt the line. Entries expire, so a
 * move that never happens (an edit cancelled in the preview) is forgotten.
 */
export class OwnFileMoves {
  /** Expects every rename among `edits`, just before they are applied. */
  expectAll(root: MemoryRoot, edits: readonly FileEdit[]): void {
    for (const edit of edits) if (edit.kind === 'rename') this.expect(safeUri(root, edit.path), safeUri(root, edit.newPath));
  }

  private readonly expected = new Map<string, number>();

  constructor(private readonly ttlMs = 5 * 60_000) {}

  expect(from: vscode.Uri, to: vscode.Uri): void {
    this.expected.set(key(from, to), Date.now() + this.ttlMs);
  }

  /** True, once, when the move was expected; forgets it. */
  claim(from: vscode.Uri, to: vscode.Uri): boolean {
    const now = Date.now();
    for (const [entry, expiry] of this.expected) if (expiry < now) this.expected.delete(entry);
    return this.expected.delete(key(from, to));
  }
}

function key(from: vscode.Uri, to: vscode.Uri): string {
  return `${from.toString()}\n${to.toString()}`;
}
