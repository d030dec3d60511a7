import { LineIndex } from '../lineIndex';
import type { IndexEntry, IndexLink, MemoryIndex } from '../memoryIndex';
import type { FileEdit } from '../problems';
import { baseName, dirName, fileStem, INDEX_FILE_NAME } from '../rootPath';
import type { Position, RootPath } from '../types';
import { shorten } from './shorten';

/** The longest hook we write: Claude Code's advice is an index line of about 150 characters, title and path included. */
export const HOOK_LENGTH = 120;

// A link's reader (MEMORY.md's parser, a Markdown renderer) cuts it at `#` and `?` and percent-decodes
// it, and `<`, `>`, line breaks and other white space end or break the link; a space, kept readable,
// needs the `<...>` form, as do parentheses. Bidi controls and zero-width characters are encoded too: raw,
// they make the line display other than it reads (a file name can hold them).
const ESCAPED_IN_HREF = /[%#?<>\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069]|(?! )\s/gu;
// Line breaks of every kind and other white space runs: an entry is one line of MEMORY.md.
const WHITE_SPACE = /[\t\n\v\f\r \u0085\u2028\u2029]+/gu;
// Controls, and the bidirectional overrides and isolates that make a line display other than it reads.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

/** The heading of a MEMORY.md we create, before its first entry. */
export const NEW_INDEX_HEADING = '# Memory index';

/** What an index entry says about its memory, before it is made fit for the line. */
export interface IndexEntryText {
  readonly title: string;
  /** The memory's description; the hook is its shortened form. */
  readonly description?: string;
  /**
   * Rewrites relative dates to absolute ones, counted the way the memory's own fix counts them: MEMORY.md
   * cannot tell when a line was written, and a relative date left there is rewritten by the next run.
   */
  readonly absoluteDates?: (text: string) => string;
}

/** `text` as one line: line breaks and white space runs made one space, controls and bidi overrides dropped. */
export function oneLine(text: string): string {
  return text.replace(WHITE_SPACE, ' ').replace(INVISIBLE, '').replace(WHITE_SPACE, ' ').trim();
}

/** `text` escaped for Markdown link text (and for MEMORY.md's reader, which unescapes any `\x`). */
export function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, '\\$&');
}

/** An entry's title as written between the brackets: one line, escaped. */
export function indexTitleText(title: string): string {
  return escapeLinkText(oneLine(title));
}

/** The hook a description makes: one line, cut near {@link HOOK_LENGTH} characters, escaped. */
export function indexHookText(description: string): string {
  return escapeLinkText(shorten(oneLine(description), HOOK_LENGTH));
}

/** `path` percent-encoded where a link's reader would read it otherwise; spaces kept. */
function encodeIndexPath(path: RootPath): string {
  return path.replace(ESCAPED_IN_HREF, (char) => encodeURIComponent(char));
}

function wrapIfNeeded(href: string, bracketed: boolean): string {
  return bracketed || /[ ()]/.test(href) ? `<${href}>` : href;
}

/**
 * How a root path is written as an index link that reads back as exactly that path: `%`, `#`, `?`,
 * angle brackets, control characters and white space other than a space percent-encoded, and `<...>`
 * around paths with spaces or parentheses.
 */
export function indexHref(path: RootPath): string {
  return wrapIfNeeded(encodeIndexPath(path), false);
}

/** What rewriting a link of MEMORY.md reads: the text of its line, where its href is written, what it points at. */
export type WrittenIndexLink = Pick<IndexEntry, 'text' | 'href' | 'target' | 'hrefRange'>;

/** A link anywhere in MEMORY.md (prose, a table cell, a nested bullet) with the text of its line. */
export function writtenIndexLink(index: MemoryIndex, link: IndexLink): WrittenIndexLink {
  // Named one by one: a link computes its range when asked, which a spread would not copy.
  return { text: index.lines[link.line]?.text ?? '', href: link.href, target: link.target, hrefRange: link.hrefRange };
}

/**
 * The link pointed at `path`, the one rewriter of index links (renames, moves, the rename fix): a
 * `#fragment` and `<...>` kept, and the folder kept as written (`./`, `team/`) when the file stays in it.
 */
export function retargetIndexHref(entry: WrittenIndexLink, path: RootPath): string {
  const written = entry.text.slice(entry.hrefRange.start.character, entry.hrefRange.end.character);
  const hash = entry.href.indexOf('#');
  const fragment = hash >= 0 ? entry.href.slice(hash) : '';
  const writtenPath = hash >= 0 ? entry.href.slice(0, hash) : entry.href;
  const sameFolder = entry.target !== undefined && dirName(entry.target) === dirName(path);
  const href = sameFolder
    ? writtenPath.slice(0, Math.max(writtenPath.lastIndexOf('/'), writtenPath.lastIndexOf('\\')) + 1) + encodeIndexPath(baseName(path))
    : encodeIndexPath(path);
  return wrapIfNeeded(href + fragment, written.startsWith('<'));
}

/**
 * The one writer of index lines: `- [Title](path) — hook`, title and hook each one line, free of
 * controls, escaped, and with absolute dates, so that reading the line back gives the title, the path
 * and the hook, and a second `--fix` finds nothing to change. A title that cleans to nothing is the file stem.
 */
export function indexEntryLine(path: RootPath, text: IndexEntryText, dash: string, marker = '-'): string {
  const dated = text.absoluteDates ?? ((value: string) => value);
  return entryLine(dated(text.title), path, text.description === undefined ? undefined : indexHookText(dated(text.description)), dash, marker);
}

/**
 * The line itself: `hook` is hook text as MEMORY.md holds it (made by {@link indexHookText}, or an
 * existing entry's, kept), still held to one line.
 */
export function entryLine(title: string, path: RootPath, hook: string | undefined, dash: string, marker = '-'): string {
  const titleText = indexTitleText(title) || escapeLinkText(oneLine(fileStem(path)));
  const hookText = hook === undefined ? '' : oneLine(hook);
  return `${marker} [${titleText}](${indexHref(path)})${hookText ? ` ${dash} ${hookText}` : ''}`;
}

/**
 * Adds the entry for `path` after the index's last entry, in its dash and line ending, or creates
 * MEMORY.md holding it (`eol` is the root's line ending, for a new index).
 */
export function planIndexEntry(index: MemoryIndex | undefined, path: RootPath, text: IndexEntryText, style: { readonly indexDash: string; readonly eol: '\n' | '\r\n' }): FileEdit {
  return planIndexLine(index, indexEntryLine(path, text, style.indexDash), style);
}

/**
 * Adds a line already written by {@link entryLine} (an entry moved from another root's index, title
 * and hook kept) where {@link planIndexEntry} would put a new one.
 */
export function planIndexLine(index: MemoryIndex | undefined, line: string, style: { readonly eol: '\n' | '\r\n' }): FileEdit {
  if (!index) return { kind: 'create', path: INDEX_FILE_NAME, content: `${NEW_INDEX_HEADING}${style.eol}${style.eol}${line}${style.eol}` };
  const eol = index.eol;
  const last = index.entries[index.entries.length - 1];
  if (last) {
    const end = { line: last.line, character: last.text.length };
    return { kind: 'edit', path: INDEX_FILE_NAME, edits: [{ range: { start: end, end }, newText: eol + line }] };
  }
  // Every entry fix planned from one index appends at its end, and the CLI applies them all at once, in
  // order: each must bring exactly one line break, on the side that keeps whether the file ends with one.
  const end = endOf(index);
  const endsWithBreak = index.text === '' || /[\r\n]$/.test(index.text);
  return { kind: 'edit', path: INDEX_FILE_NAME, edits: [{ range: { start: end, end }, newText: endsWithBreak ? line + eol : eol + line }] };
}

// Every unlisted memory of an index without entries appends at the same end: found once per index.
const ends = new WeakMap<MemoryIndex, Position>();

function endOf(index: MemoryIndex): Position {
  let end = ends.get(index);
  if (!end) ends.set(index, (end = new LineIndex(index.text).positionAt(index.text.length)));
  return end;
}
