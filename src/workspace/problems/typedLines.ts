import * as vscode from 'vscode';
import type { CalendarDate, LineHistory, LineRecord, TypedSpan } from '../../core';
import { Disposable } from '../dispose';

/** Longer changes are pastes, fixes or edits Memory Shelf applied, not typing (an IME commits a word at most). */
const MAX_TYPED_CHANGE = 16;

const LINE_BREAK = /\r\n|\n|\r/;

/**
 * The parts of lines a person typed in an editor in this window, each with the day it was typed:
 * "tomorrow" written a minute ago counts from today, a known day, not from the file's frontmatter or
 * modification time. Kept by the text of the line they are on, so lines moving up or down keep theirs;
 * only the characters typed count, so an old "yesterday" on a line touched today keeps its anchor
 * while a "next Friday" typed at its end counts from today.
 */
export class TypedLines extends Disposable {
  /** Per document: the text at the last change seen, and the typed parts of lines by the lines' text now. */
  private readonly documents = new Map<string, { text: string; typed: Map<string, TypedSpan[]> }>();
  /** Documents whose next change is a form field a person typed and left, however long. */
  private readonly expected = new Set<string>();

  constructor(private readonly today: () => CalendarDate = localToday) {
    super();
    this._register(vscode.workspace.onDidChangeTextDocument((event) => this.changed(event)));
    this._register(vscode.workspace.onDidOpenTextDocument((document) => this.seen(document)));
    this._register(vscode.workspace.onDidCloseTextDocument((document) => this.documents.delete(document.uri.toString())));
    for (const document of vscode.workspace.textDocuments) this.seen(document);
  }

  /** `history` (git's, or none) with the typed parts of the lines of `text`, the file as the store holds it, put in. */
  withTyped(uri: vscode.Uri, text: string | undefined, history: LineHistory | undefined): LineHistory | undefined {
    const typed = this.documents.get(uri.toString())?.typed;
    if (!typed || typed.size === 0 || text === undefined) return history;
    const records: (LineRecord | undefined)[] = history ? [...history] : [];
    text.split(LINE_BREAK).forEach((line, index) => {
      const spans = typed.get(line);
      if (!spans) return;
      const held = records[index];
      records[index] = held?.text === line ? { ...held, typed: spans } : { text: line, typed: spans };
    });
    return records;
  }

  /**
   * The form sends a field's whole value when the person leaves it, one change longer than a keystroke:
   * the change `apply` makes to `uri` is still their typing, not a paste or a fix.
   */
  async typing<T>(uri: vscode.Uri, apply: () => Thenable<T>): Promise<T> {
    const key = uri.toString();
    this.expected.add(key);
    try {
      return await apply();
    } finally {
      this.expected.delete(key);
    }
  }

  private seen(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    if (document.languageId === 'markdown' && !this.documents.has(key)) this.documents.set(key, { text: document.getText(), typed: new Map() });
  }

  private changed(event: vscode.TextDocumentChangeEvent): void {
    const key = event.document.uri.toString();
    const held = this.documents.get(key);
    if (!held || event.contentChanges.length === 0) return;
    const fromForm = this.expected.delete(key);
    const before = held.text.split(LINE_BREAK);
    held.text = event.document.getText();
    // Undo and redo bring back text typed some other time, and a file reloaded from disk (not dirty)
    // was written elsewhere; only one change at a time is typing. The form's change (a workspace edit)
    // was seen to arrive before its document reads dirty.
    if (event.reason !== undefined || event.contentChanges.length !== 1 || !(event.document.isDirty || fromForm)) return;
    const [change] = event.contentChanges;
    const { start, end } = change.range;
    const first = before[start.line] ?? '';
    const last = before[end.line] ?? '';
    const removed = start.line === end.line ? first.slice(start.character, end.character) : undefined;
    // The form replaces a field's whole value: what was typed is what differs.
    const kept = removed === undefined ? { head: 0, tail: 0 } : sharedEnds(removed, change.text);
    const inserted = change.text.slice(kept.head, change.text.length - kept.tail);
    if (inserted.length > MAX_TYPED_CHANGE && !fromForm) return;
    const from = start.character + kept.head;
    const to = end.character - kept.tail;
    const pieces = inserted.split(LINE_BREAK);
    const day = this.today();
    // Spans on the lines the change replaced: those before it stay, those after it move with the text.
    const headSpans = clip(held.typed.get(first), 0, from);
    const tailSpans = clip(held.typed.get(last), to, Infinity).map((span) => ({ ...span, start: span.start - to, end: span.end - to }));
    for (let line = start.line; line <= end.line; line++) held.typed.delete(before[line] ?? '');
    pieces.forEach((piece, index) => {
      const line = start.line + index;
      if (line >= event.document.lineCount) return;
      const lead = index === 0 ? from : 0;
      let spans: TypedSpan[] = index === 0 ? [...headSpans] : [];
      if (piece.length > 0) spans.push({ start: lead, end: lead + piece.length, day });
      if (index === pieces.length - 1) spans = spans.concat(tailSpans.map((span) => ({ ...span, start: span.start + lead + piece.length, end: span.end + lead + piece.length })));
      const text = event.document.lineAt(line).text;
      const merged = merge(spans).filter((span) => text.slice(span.start, span.end).trim() !== '');
      if (merged.length > 0) held.typed.set(text, merged);
    });
  }
}

/** How many characters `before` and `after` share at their start and, past that, at their end. */
function sharedEnds(before: string, after: string): { head: number; tail: number } {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { head, tail };
}

/** The parts of `spans` between columns `from` and `to`. */
function clip(spans: readonly TypedSpan[] | undefined, from: number, to: number): TypedSpan[] {
  return (spans ?? []).filter((span) => span.end > from && span.start < to).map((span) => ({ ...span, start: Math.max(span.start, from), end: Math.min(span.end, to) }));
}

/** Spans typed one keystroke at a time, joined where they touch and were typed the same day. */
function merge(spans: readonly TypedSpan[]): TypedSpan[] {
  const out: TypedSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const previous = out[out.length - 1];
    const sameDay = previous && previous.day.year === span.day.year && previous.day.month === span.day.month && previous.day.day === span.day.day;
    if (previous && sameDay && span.start <= previous.end) out[out.length - 1] = { ...previous, end: Math.max(previous.end, span.end) };
    else out.push(span);
  }
  return out;
}

function localToday(): CalendarDate {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}
