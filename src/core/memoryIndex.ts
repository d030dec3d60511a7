import { stepFence } from './codeFence';
import { lineRange } from './lineCursor';
import { LineIndex } from './lineIndex';
import { joinRootPath } from './rootPath';
import type { Range, RootPath } from './types';

/**
 * A `- [Title](path) — hook` line of MEMORY.md. Numbered items (`1. [Title](path)`), a bold link
 * (`- **[Title](path)** — hook`, `- **[Title](path) — hook**`) and a colon before the hook are entries too:
 * real indexes use each.
 */
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
 * looks like it meant to be an entry (a bullet naming a `.md` file or a `[[link]]`, or with a broken
 * link) but holds no working link.
 */
export interface IndexOtherLine {
  readonly kind: 'blank' | 'heading' | 'text' | 'malformed';
  readonly line: number;
  readonly text: string;
}

export type IndexLine = IndexEntry | IndexOtherLine;

/**
 * A Markdown link anywhere in MEMORY.md: an entry's, one in prose (`Details: [infra.md](./infra.md)`),
 * in a table cell or a nested bullet, or a reference definition (`[infra]: ./infra.md`). Claude Code
 * reads the whole loaded text, so any of them tells it the file exists.
 */
export interface IndexLink {
  readonly line: number;
  readonly href: string;
  readonly target: RootPath | undefined;
  readonly hrefRange: Range;
  /** Offset in {@link MemoryIndex.text} just past the link, to compare with where the load budget cuts. */
  readonly end: number;
  /** A file named outside a Markdown link (a code span, a bare path): it lists the file only if the file is there. */
  readonly mention?: true;
}

export interface MemoryIndex {
  readonly lines: readonly IndexLine[];
  readonly entries: readonly IndexEntry[];
  /** Every link of the index in order, entries' links included. */
  readonly links: readonly IndexLink[];
  readonly hasBom: boolean;
  readonly eol: '\n' | '\r\n';
  /** JavaScript string length after trimming, as Claude Code measures its load budget. */
  readonly loadedLength: number;
  /** The text without its BOM, for text rules and exact edits. */
  readonly text: string;
}

const BULLET = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/;
const HEADING = /^\s{0,3}#{1,6}(\s|$)/;
const WIKI_LED = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\*\*|__|`)?\[\[/;
// Anchored at the start, so it is tried once per line; `[^\]]` cannot run past the `]` it needs.
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]{1,999}\]:[ \t]*(<[^<>]*>|[^\s<>]+)/;

/**
 * Parses MEMORY.md. Like memory files, positions count from after a BOM. Time is linear in the text:
 * every line is read by hand-written scanners that never go back over what they passed (a regular
 * expression for the whole entry took time in the square of a line's length on trailing white space).
 */
export function parseMemoryIndex(text: string): MemoryIndex {
  const hasBom = text.charCodeAt(0) === 0xfeff;
  const content = hasBom ? text.slice(1) : text;
  const index = new LineIndex(content);
  const lines: IndexLine[] = [];
  const entries: IndexEntry[] = [];
  const links: IndexLink[] = [];
  // Lines are cut from the line index rather than split with a regular expression: V8 caches a
  // split's result for a string it has seen, which would make timing one parse against another a lie.
  let fence: string | undefined;
  for (let line = 0; line < index.lineCount; line++) {
    const lineOffset = index.startOf(line);
    let lineEnd = line + 1 < index.lineCount ? index.startOf(line + 1) : content.length;
    if (lineEnd > lineOffset && content.charCodeAt(lineEnd - 1) === 10) lineEnd--;
    if (lineEnd > lineOffset && content.charCodeAt(lineEnd - 1) === 13 && line + 1 < index.lineCount) lineEnd--;
    const lineText = content.slice(lineOffset, lineEnd);
    const step = stepFence(lineText, fence);
    fence = step.fence;
    // An entry shown as an example in a fenced block is code, not an entry: it lists nothing.
    if (step.isCode) {
      lines.push({ kind: 'text', line, text: lineText });
      continue;
    }
    const parsed = parseLine(lineText, line, lineOffset, links);
    lines.push(parsed);
    if (parsed.kind === 'entry') entries.push(parsed);
  }
  // A trailing newline is not a line of its own for Claude Code's 200-line count.
  if (lines.length > 1 && lines[lines.length - 1].text === '') lines.pop();
  return {
    lines,
    entries,
    links,
    hasBom,
    eol: /\r\n/.test(content) ? '\r\n' : '\n',
    loadedLength: content.trim().length,
    text: content,
  };
}

function parseLine(text: string, line: number, lineOffset: number, links: IndexLink[]): IndexLine {
  const addLink = (start: number, end: number, linkEnd: number): IndexLink => {
    const raw = text.slice(start, end);
    const href = raw.startsWith('<') ? raw.slice(1, -1) : raw;
    const link = new PackedIndexLink(line, href, resolveHref(href), start, end, lineOffset + linkEnd);
    links.push(link);
    return link;
  };
  const entry = scanEntry(text);
  if (entry) {
    // The entry and its link share one href and one resolved target: the same text, held once.
    const { href, target } = addLink(entry.hrefStart, entry.hrefEnd, entry.linkEnd);
    for (let link = linkFrom(text, entry.linkEnd); link; link = linkFrom(text, link.end + 1)) addLink(link.start, link.end, link.end + 1);
    addPathMentions(text, line, lineOffset, links);
    return new PackedEntry(line, text, href, target, entry);
  }
  let linked = false;
  for (let link = linkFrom(text, 0); link; link = linkFrom(text, link.end + 1)) {
    addLink(link.start, link.end, link.end + 1);
    linked = true;
  }
  const definition = REFERENCE_DEFINITION.exec(text);
  if (definition) {
    const end = definition.index + definition[0].length;
    addLink(end - definition[1].length, end, end);
    linked = true;
  }
  addPathMentions(text, line, lineOffset, links);
  if (text.trim() === '') return { kind: 'blank', line, text };
  if (HEADING.test(text)) return { kind: 'heading', line, text };
  // A bullet led by a `[[link]]` meant to be an entry; a rule that ends "— see [[x]]" is a line of facts
  // with a pointer, like the same rule without one (issue #39: the two got two different codes).
  if (!linked && BULLET.test(text) && (/\]\(|\.md\b/.test(text) || WIKI_LED.test(text))) return { kind: 'malformed', line, text };
  return { kind: 'text', line, text };
}

/**
 * An entry with its ranges held as offsets into its line, made into Range objects when asked: an
 * index of 20,000 entries held some 100,000 Position objects for them. Every range lies on the entry's
 * line. The title and the hook are cut from the line when asked too: few callers read them, and a
 * root's index held two strings an entry for them.
 */
class PackedEntry implements IndexEntry {
  readonly kind = 'entry';
  private readonly titleFrom: number;
  private readonly titleTo: number;
  private readonly hrefFrom: number;
  private readonly hrefTo: number;
  private readonly hookFrom: number;
  private readonly hookTo: number;

  constructor(
    readonly line: number,
    readonly text: string,
    readonly href: string,
    readonly target: RootPath | undefined,
    span: EntrySpan,
  ) {
    this.titleFrom = span.titleStart;
    this.titleTo = span.titleEnd;
    this.hrefFrom = span.hrefStart;
    this.hrefTo = span.hrefEnd;
    this.hookFrom = span.hookStart;
    this.hookTo = span.hookEnd;
  }

  get title(): string {
    return this.text.slice(this.titleFrom, this.titleTo).replace(/\\(.)/g, '$1');
  }

  get hook(): string | undefined {
    return this.hookTo > this.hookFrom ? this.text.slice(this.hookFrom, this.hookTo) : undefined;
  }

  get titleRange(): Range {
    return lineRange(this.line, this.titleFrom, this.titleTo);
  }

  get hrefRange(): Range {
    return lineRange(this.line, this.hrefFrom, this.hrefTo);
  }

  get hookRange(): Range | undefined {
    return this.hookTo > this.hookFrom ? lineRange(this.line, this.hookFrom, this.hookTo) : undefined;
  }

  toJSON(): IndexEntry {
    const { kind, line, text, title, href, target, hook, titleRange, hrefRange, hookRange } = this;
    return { kind, line, text, title, href, target, hook, titleRange, hrefRange, hookRange };
  }
}

/** An index link, its href's range held as offsets into its line. */
class PackedIndexLink implements IndexLink {
  constructor(
    readonly line: number,
    readonly href: string,
    readonly target: RootPath | undefined,
    private readonly hrefFrom: number,
    private readonly hrefTo: number,
    readonly end: number,
  ) {}

  /** Where the href starts on its line. */
  get hrefStart(): number {
    return this.hrefFrom;
  }

  get hrefRange(): Range {
    return lineRange(this.line, this.hrefFrom, this.hrefTo);
  }

  toJSON(): IndexLink {
    return { line: this.line, href: this.href, target: this.target, hrefRange: this.hrefRange, end: this.end };
  }
}

class PackedMention extends PackedIndexLink {
  readonly mention = true;

  override toJSON(): IndexLink {
    return { ...super.toJSON(), mention: true };
  }
}

interface EntrySpan {
  readonly titleStart: number;
  readonly titleEnd: number;
  readonly hrefStart: number;
  readonly hrefEnd: number;
  /** Just past the link's `)` (and a bold link's closing `**`). */
  readonly linkEnd: number;
  readonly hookStart: number;
  readonly hookEnd: number;
}

/** The parts of an entry line, or undefined when the line is something else. One pass, left to right. */
function scanEntry(text: string): EntrySpan | undefined {
  let i = skipSpace(text, 0);
  const bulletStart = i;
  if (text[i] === '-' || text[i] === '*' || text[i] === '+') i++;
  else {
    while (i < text.length && i - bulletStart < 9 && isDigit(text.charCodeAt(i))) i++;
    if (i === bulletStart || (text[i] !== '.' && text[i] !== ')')) return undefined;
    i++;
  }
  const afterBullet = skipSpace(text, i);
  if (afterBullet === i) return undefined;
  i = afterBullet;
  const bold = text.startsWith('**', i) || text.startsWith('__', i) ? text.slice(i, i + 2) : '';
  i += bold.length;
  if (text[i] !== '[') return undefined;
  const titleStart = i + 1;
  i = titleStart;
  while (i < text.length && text.charCodeAt(i) !== CLOSE_BRACKET) i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
  if (i >= text.length || text.charCodeAt(i + 1) !== OPEN_PAREN) return undefined;
  const titleEnd = i;
  const href = scanHref(text, i + 2);
  if (!href) return undefined;
  let linkEnd = href.end + 1;
  let closedBold = false;
  if (bold && text.startsWith(bold, linkEnd)) {
    linkEnd += 2;
    closedBold = true;
  }
  i = skipSpace(text, linkEnd);
  let hookStart = i;
  let hookEnd = i;
  if (i < text.length) {
    if (!'—–-:'.includes(text[i])) {
      if (!(bold && !closedBold && text.startsWith(bold, i) && skipSpace(text, i + 2) === text.length)) return undefined;
    } else {
      hookStart = skipSpace(text, i + 1);
      hookEnd = trimEnd(text, text.length);
      if (bold && !closedBold && hookEnd - hookStart >= 2 && text.startsWith(bold, hookEnd - 2)) hookEnd = trimEnd(text, hookEnd - 2);
      if (hookEnd < hookStart) hookEnd = hookStart;
    }
  }
  return { titleStart, titleEnd, hrefStart: href.start, hrefEnd: href.end, linkEnd, hookStart, hookEnd };
}

/**
 * The href of the first `[text](href)` from `from` on, found by its `](`. An href stops at white space
 * and at `(` (paths with parentheses are written `<...>`), and a bracketed one at `<`: each failed scan
 * ends before the next could start, so no character is read twice. The next link is looked for from
 * just past this one's `)`.
 */
function linkFrom(text: string, from: number): { start: number; end: number } | undefined {
  for (let i = text.indexOf('](', from); i >= 0; i = text.indexOf('](', i + 2)) {
    const href = scanHref(text, i + 2);
    if (href) return href;
  }
  return undefined;
}

const CLOSE_BRACKET = 93;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const LESS = 60;
const GREATER = 62;
const BACKSLASH = 92;

/** `[start, end)` of an href starting at `start` and closed by `)` at `end` (`end` excluded). */
function scanHref(text: string, start: number): { start: number; end: number } | undefined {
  let i = start;
  const length = text.length;
  if (text.charCodeAt(i) === LESS) {
    i++;
    while (i < length) {
      const code = text.charCodeAt(i);
      if (code === GREATER || code === LESS) break;
      i++;
    }
    if (text.charCodeAt(i) !== GREATER || text.charCodeAt(i + 1) !== CLOSE_PAREN) return undefined;
    return { start, end: i + 1 };
  }
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === CLOSE_PAREN || code === OPEN_PAREN || isSpace(code)) break;
    i++;
  }
  return text.charCodeAt(i) === CLOSE_PAREN ? { start, end: i } : undefined;
}

// Sticky, one character class under one star: it cannot backtrack, and runs natively over long runs of white space.
const SPACES = /[ \t\v\f\u00a0\u2000-\u200a\u3000\ufeff]*/y;

function skipSpace(text: string, from: number): number {
  SPACES.lastIndex = from;
  SPACES.test(text);
  return SPACES.lastIndex;
}

function trimEnd(text: string, end: number): number {
  let i = end;
  while (i > 0 && isSpace(text.charCodeAt(i - 1))) i--;
  return i;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 0xa0 || code === 0x3000 || (code >= 0x2000 && code <= 0x200a) || code === 0xfeff || code === 11 || code === 12;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

// What can make an href other than a file name in the root: a scheme, a folder, an escape, an anchor.
const NOT_A_PLAIN_NAME = /[/\\%#:]/;

/**
 * A memory's file named outside a Markdown link: in a code span or as a bare path (`| \`feedback_tests.md\` |
 * run unit tests first |`, "see memory/project_api.md"). Claude Code reads the text, so the name tells it the
 * file exists as a link does: it lists the memory. Not a link's own title or target (`[x.md](x.md)`), nor
 * a URL's last segment. Such a line is still `malformed` when it is a bullet, since it was meant as an entry.
 */
const PATH_MENTION = /(?<![\w/.\-\\[(<%])((?:\.{1,2}\/)?(?:[\w.-]+\/)*[\w.-]*[\w-]\.md)(?![\w\-\](])/g;

function addPathMentions(text: string, line: number, lineOffset: number, links: IndexLink[]): void {
  if (!text.includes('.md')) return;
  // The line's own links were added just before: their targets are not mentions too. An entry's line
  // nearly always names its own file this way, so the test is kept to offsets, made no Range of.
  let first = links.length;
  while (first > 0 && links[first - 1].line === line) first--;
  const lineLinks = links.slice(first);
  PATH_MENTION.lastIndex = 0;
  for (let match = PATH_MENTION.exec(text); match; match = PATH_MENTION.exec(text)) {
    const start = match.index;
    const end = start + match[1].length;
    if (lineLinks.some((link) => link.end - lineOffset >= start && hrefStartOf(link) <= end) || inLinkTitle(text, start, end)) continue;
    // A path written from the project (`memory/x.md`, `.claude/memory/x.md`) names the file in this folder.
    const target = resolveHref(match[1].replace(/^(?:.*\/)?memory\//, ''));
    links.push(new PackedMention(line, match[1], target, start, end, lineOffset + end));
  }
}

function hrefStartOf(link: IndexLink): number {
  return link instanceof PackedIndexLink ? link.hrefStart : link.hrefRange.start.character;
}

/** Whether `[start, end)` lies inside a link's title: `[` before it and `](` after, no bracket between. */
function inLinkTitle(text: string, start: number, end: number): boolean {
  const open = text.lastIndexOf('[', start);
  const close = text.indexOf('](', end);
  return open >= 0 && close >= 0 && !/[[\]]/.test(text.slice(open + 1, start)) && !/[[\]]/.test(text.slice(end, close));
}

function resolveHref(href: string): RootPath | undefined {
  // Nearly every entry links a file beside MEMORY.md by its plain name: that name is the path, and the
  // very string the href is, so the entry holds it once.
  if (!NOT_A_PLAIN_NAME.test(href)) return href === '' || href === '.' || href === '..' ? undefined : href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return undefined;
  let decoded = href.split('#')[0];
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A stray % is a literal character in a file name, not an escape.
  }
  return joinRootPath('', decoded) || undefined;
}
