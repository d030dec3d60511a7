import * as vscode from 'vscode';
import type { LinkReference, Reservation } from '../../core';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';

/**
 * A `[[name` being typed is no reservation yet: VS Code closes the brackets at once, so every
 * keystroke of `[[수식` would list a new name under Reservations. A link the cursor is in, in an
 * editor with unsaved changes, is left out until the cursor leaves it or the file is saved.
 */
export class TypingLinks implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Where the cursor was at the last look, when it could hide a link: a move away must redraw the root. */
  private lastCursor: string | undefined;

  constructor(roots: () => readonly MemoryRoot[], redraw: (root: MemoryRoot) => void) {
    const cursorKey = (editor: vscode.TextEditor | undefined): string | undefined => {
      if (!editor || !editor.document.isDirty) return undefined;
      const line = editor.selection.active.line;
      return editor.document.lineAt(line).text.includes('[[') ? `${editor.document.uri.toString()}#${line}:${editor.selection.active.character}` : undefined;
    };
    const moved = (editor: vscode.TextEditor | undefined): void => {
      const key = cursorKey(editor);
      const before = this.lastCursor;
      this.lastCursor = key;
      if (key === before) return;
      const uris = [before, key].filter((value): value is string => value !== undefined).map((value) => value.slice(0, value.lastIndexOf('#')));
      for (const root of roots()) if (uris.some((uri) => root.relativePath(vscode.Uri.parse(uri)) !== undefined)) redraw(root);
    };
    this.subscriptions.push(
      vscode.window.onDidChangeTextEditorSelection((event) => moved(event.textEditor)),
      vscode.window.onDidChangeActiveTextEditor((editor) => moved(editor)),
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (this.lastCursor?.startsWith(`${document.uri.toString()}#`)) moved(vscode.window.activeTextEditor);
      }),
    );
  }

  /** The reservations a person sees: those with a link other than the one being typed. */
  shown(root: MemoryRoot, reservations: readonly Reservation[]): Reservation[] {
    const editor = vscode.window.activeTextEditor;
    if (!editor || !editor.document.isDirty) return [...reservations];
    const path = root.relativePath(editor.document.uri);
    if (path === undefined) return [...reservations];
    const cursor = editor.selection.active;
    const typing = (reference: LinkReference): boolean => {
      if (reference.source.path !== path) return false;
      const { start, end } = reference.link.range;
      return start.line === cursor.line && end.line === cursor.line && start.character < cursor.character && cursor.character <= end.character;
    };
    return reservations
      .map((reservation) => ({ ...reservation, references: reservation.references.filter((reference) => !typing(reference)) }))
      .filter((reservation) => reservation.references.length > 0);
  }

  dispose(): void {
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}
