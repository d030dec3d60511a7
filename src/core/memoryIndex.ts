import { LineIndex } from './lineIndex';
import { joinRootPath } from './rootPath';
import type { Range, RootPath } from './types';

/** A `- [Title](path) — hook` line of MEMORY.md. */
export interface IndexEntry {
  readonly kind: 'entry';
  /** Zero-based line number. */
  readonly line: number;
  readonly text: string;
  readonly title: string;
  /** The link target as written. */
  readonly href: string;
  /** The target resolved inside the root; undefined when it points outside the root or is a URL. */
  readonly target: RootPath | undefined;
  readonly hook: string | undefined;
  readonly titleRange: Range;
  readonly hrefRange: Range;
  readonly hookRange: Range | undefined;
}

/**
 * Any other line, kept as it is: `blank`, a `heading`, free `text`, or a `malformed` list item that
 * looks like it meant to be an entry (a bullet holding a link or a `.md` name) but does not follow
 * the one-line format.
 */
export interface IndexOtherLine {
  readonly kind: 'blank' | 'heading' | 'text' | 'malformed';
  readonly line: number;
  readonly text: string;
}

export type IndexLine = IndexEntry | IndexOtherLine;

export interface MemoryIndex {
  readonly lines: readonly IndexLine[];
  readonly entries: readonly IndexEntry[];
  readonly hasBom: boolean;
  readonly eol: '\n' | '\r\n';
  /** JavaScript string length after trimming, as Claude Code measures its load budget. */
  readonly loadedLength: number;
  /** The text without its BOM, for text rules and exact edits. */
  readonly text: string;
}

// Title may hold escaped brackets; the href may be wrapped in <...> when it has spaces. People number
// their index as often as they bullet it: `1. [Title](file.md)` is an entry too.
const ENTRY = /^(\s*(?:[-*+]|\d{1,9}[.)])\s+)\[((?:\\.|[^\]\\])*)\]\((<[^>]*>|[^)\s]*)\)\s*(?:([—–-])\s*(.*?))?\s*$/;
const BULLET = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/;
const HEADING = /^\s{0,3}#{1,6}(\s|$)/;

/** Parses MEMORY.md. Like memory files, positions count from after a BOM. */
export function parseMemoryIndex(text: string): MemoryIndex {
  const hasBom = text.charCodeAt(0) === 0xfeff;
  const content = hasBom ? text.slice(1) : text;
  const index = new LineIndex(content);
  const lines: IndexLine[] = [];
  const entries: IndexEntry[] = [];
  const rawLines = content.split(/\r\n|\n|\r/);
  let lineStartOffset = 0;
  for (let line = 0; line < rawLines.length; line++) {
    const lineText = rawLines[line];
    const parsed = parseLine(lineText, line, lineStartOffset, index);
    lines.push(parsed);
    if (parsed.kind === 'entry') entries.push(parsed);
    lineStartOffset = index.offsetAt({ line: line + 1, character: 0 });
  }
  // A trailing newline is not a line of its own for Claude Code's 200-line count.
  if (lines.length > 1 && lines[lines.length - 1].text === '') lines.pop();
  return {
    lines,
    entries,
    hasBom,
    eol: /\r\n/.test(content) ? '\r\n' : '\n',
    loadedLength: content.trim().length,
    text: content,
  };
}

function parseLine(text: string, line: number, lineOffset: number, index: LineIndex): IndexLine {
  const match = ENTRY.exec(text);
  if (match) {
    const [, bullet, rawTitle, rawHref, , rawHook] = match;
    const titleStart = lineOffset + bullet.length + 1;
    const hrefStart = titleStart + rawTitle.length + 2;
    const href = rawHref.startsWith('<') ? rawHref.slice(1, -1) : rawHref;
    const hook = rawHook?.trim() || undefined;
    const hookStart = hook ? lineOffset + text.lastIndexOf(hook, text.length) : 0;
    return {
      kind: 'entry',
      line,
      text,
      title: rawTitle.replace(/\\(.)/g, '$1'),
      href,
      target: resolveHref(href),
      hook,
      titleRange: index.rangeAt(titleStart, titleStart + rawTitle.length),
      hrefRange: index.rangeAt(hrefStart, hrefStart + rawHref.length),
      hookRange: hook ? index.rangeAt(hookStart, hookStart + hook.length) : undefined,
    };
  }
  if (text.trim() === '') return { kind: 'blank', line, text };
  if (HEADING.test(text)) return { kind: 'heading', line, text };
  if (BULLET.test(text) && (/\]\(|\.md\b|\[\[/.test(text))) return { kind: 'malformed', line, text };
  return { kind: 'text', line, text };
}

function resolveHref(href: string): RootPath | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return undefined;
  let decoded = href.split('#')[0];
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A stray % is a literal character in a file name, not an escape.
  }
  return joinRootPath('', decoded) || undefined;
}
