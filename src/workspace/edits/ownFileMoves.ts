import type * as vscode from 'vscode';
import { safeUri, type RootEdits } from './rootEdits';

/**
 * File moves (and deletions) that one of our own edits makes while it already updates MEMORY.md itself. The Explorer
 * move participant skips them: by the time it runs, the extension host may not have seen the index
 * edit yet, and a second edit planned on the old text would corrupt the line. Entries expire, so a
 * move that never happens (an edit cancelled in the preview) is forgotten.
 */
export class OwnFileMoves {
  private readonly expected = new Map<string, number>();

  constructor(private readonly ttlMs = 5 * 60_000) {}

  /** Expects every rename among `changes`, just before they are applied. */
  expectAll(changes: readonly RootEdits[]): void {
    for (const { root, edits, movesOut } of changes) {
      for (const move of movesOut ?? []) this.expect(safeUri(root, move.path), move.to);
      for (const edit of edits) {
        if (edit.kind === 'rename') this.expect(safeUri(root, edit.path), safeUri(root, edit.newPath));
        // A deletion is a move to nowhere: the delete participant skips it the same way.
        if (edit.kind === 'delete') this.expect(safeUri(root, edit.path), undefined);
      }
    }
  }

  expect(from: vscode.Uri, to: vscode.Uri | undefined): void {
    this.expected.set(key(from, to), Date.now() + this.ttlMs);
  }

  /** True, once, when the move was expected; forgets it. */
  claim(from: vscode.Uri, to: vscode.Uri | undefined): boolean {
    const now = Date.now();
    for (const [entry, expiry] of this.expected) if (expiry < now) this.expected.delete(entry);
    return this.expected.delete(key(from, to));
  }
}

function key(from: vscode.Uri, to: vscode.Uri | undefined): string {
  return `${from.toString()}\n${to?.toString() ?? ''}`;
}
