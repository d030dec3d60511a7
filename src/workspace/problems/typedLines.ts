import * as vscode from 'vscode';
import type { CalendarDate, LineHistory, LineRecord } from '../../core';
import { Disposable } from '../dispose';

/** Longer changes are pastes, fixes or edits Memory Shelf applied, not typing (an IME commits a word at most). */
const MAX_TYPED_CHANGE = 16;

/**
 * Lines a person typed in an editor in this window, from a blank line on, each with the day it was
 * typed: "tomorrow" written a minute ago counts from today, a known day, not from the file's
 * modification time, which the relative-date rule must call a guess. A line that held text before
 * the typing began is never counted, so an old "yesterday" on a line touched today keeps its anchor.
 */
export class TypedLines extends Disposable {
  /** Per document: the text at the last change seen, and the typed lines by their text now. */
  private readonly documents = new Map<string, { text: string; typed: Map<string, CalendarDate> }>();

  constructor(private readonly today: () => CalendarDate = localToday) {
    super();
    this._register(vscode.workspace.onDidChangeTextDocument((event) => this.changed(event)));
    this._register(vscode.workspace.onDidOpenTextDocument((document) => this.seen(document)));
    this._register(vscode.workspace.onDidCloseTextDocument((document) => this.documents.delete(document.uri.toString())));
    for (const document of vscode.workspace.textDocuments) this.seen(document);
  }

  /** `history` (git's, or none) with the typed lines of `text`, the file as the store holds it, put in. */
  withTyped(uri: vscode.Uri, text: string | undefined, history: LineHistory | undefined): LineHistory | undefined {
    const typed = this.documents.get(uri.toString())?.typed;
    if (!typed || typed.size === 0 || text === undefined) return history;
    const records: (LineRecord | undefined)[] = history ? [...history] : [];
    text.split(/\r\n|\n|\r/).forEach((line, index) => {
      const day = typed.get(line);
      if (day) records[index] = { text: line, day, typed: true };
    });
    return records;
  }

  private seen(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    if (document.languageId === 'markdown' && !this.documents.has(key)) this.documents.set(key, { text: document.getText(), typed: new Map() });
  }

  private changed(event: vscode.TextDocumentChangeEvent): void {
    const held = this.documents.get(event.document.uri.toString());
    if (!held || event.contentChanges.length === 0) return;
    const before = held.text.split(/\r\n|\n|\r/);
    held.text = event.document.getText();
    // Undo and redo bring back text typed some other time; only one change at a time is typing.
    if (event.reason !== undefined || event.contentChanges.length !== 1) return;
    const [change] = event.contentChanges;
    if (change.text.length > MAX_TYPED_CHANGE || change.range.start.line !== change.range.end.line) return;
    const previous = before[change.range.start.line] ?? '';
    if (previous.trim() !== '' && !held.typed.has(previous)) return;
    held.typed.delete(previous);
    const breaks = change.text.split(/\r\n|\n|\r/).length - 1;
    for (let line = change.range.start.line; line <= change.range.start.line + breaks && line < event.document.lineCount; line++) {
      const text = event.document.lineAt(line).text;
      if (text.trim() !== '') held.typed.set(text, this.today());
    }
  }
}

function localToday(): CalendarDate {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}
