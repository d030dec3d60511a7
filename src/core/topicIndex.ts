import type { MemoryFile } from './memoryFile';
import { parseMemoryIndex, type IndexEntry, type IndexLink, type MemoryIndex } from './memoryIndex';
import { dirName, fileStem, joinRootPath } from './rootPath';
import type { RootPath } from './types';

/**
 * A topic index: a file of a tree index (issue #39). People who keep many memories give MEMORY.md a few
 * core lines and links to one index per topic (`index-auth.md`, `billing/INDEX.md`), each listing its
 * memories by link, or by number when the files are numbered (`1-invoice-schedule.md`). Claude Code loads
 * MEMORY.md and reads a topic index when the topic comes up: its memories are one Read away, listed.
 * A topic index is a list, not a fact: no memory rule applies to it.
 */
export interface TopicIndex {
  readonly path: RootPath;
  /** Its lines read as MEMORY.md's are (the whole file, so lines are the file's own), links resolved from its own folder. */
  readonly index: MemoryIndex;
  /** The numbers its numbered items give, each with the zero-based line giving it: `1. Invoice schedule`. */
  readonly numbers: ReadonlyMap<number, number>;
}

/** `index.md`, `INDEX.md`, `index-auth.md`, `auth-index.md`, `_index.md`, `toc.md`, `contents.md`. */
const INDEX_STEM = /^(?:_?index|toc|contents)(?:[-_].+)?$|^.+[-_]index$/i;
/** A numbered item of a topic index that names a memory by its number: `1. Invoice schedule`, `- 12 — Refunds`, `#3: Taxes`. */
const NUMBERED_ITEM = /^\s*(?:[-*+]\s+)?(?:#|No\.\s?)?(\d{1,4})(?:[.):]|\s+[—–-])\s*\S/;
/** A numbered memory's file stem: `1-invoice-schedule`, `012_refund-policy`. */
const NUMBERED_STEM = /^(\d{1,4})[-_]/;
/** Links to Markdown files a list must hold before it reads as an index rather than a memory. */
const MIN_LINKS = 3;
/** Items an index-named file must give, by link or number. */
const MIN_ITEMS = 2;

const topicIndexes = new WeakMap<MemoryFile, TopicIndex | null>();

/**
 * The file as a topic index, or undefined when it is a memory. It is one when it has no `type` and
 * either is named as an index and lists at least two items, or lists memories by link on most of its
 * list lines (three at least). A memory of facts with a few links keeps its type or its prose.
 */
export function topicIndexOf(memory: MemoryFile): TopicIndex | undefined {
  const held = topicIndexes.get(memory);
  if (held !== undefined) return held ?? undefined;
  const found = readTopicIndex(memory);
  topicIndexes.set(memory, found ?? null);
  return found;
}

function readTopicIndex(memory: MemoryFile): TopicIndex | undefined {
  if (memory.type !== undefined) return undefined;
  const named = INDEX_STEM.test(memory.stem);
  // Cheap refusal for the many memories that are not lists of links.
  if (!named && memory.text.split('.md', MIN_LINKS + 1).length <= MIN_LINKS) return undefined;
  // The whole text, frontmatter included, so lines and ranges are the file's own.
  const parsed = parseMemoryIndex(memory.text);
  const folder = dirName(memory.path);
  const links = (folder === '' ? parsed.links : parsed.links.map((link) => linkTo(link, rebasedTarget(link.href, link.target, folder)))).filter((link) => link.target !== memory.path);
  const markdownLinks = links.filter((link) => link.target !== undefined && link.target.toLowerCase().endsWith('.md'));
  const numbers = new Map<number, number>();
  let listLines = 0;
  let bodyLine = 0;
  for (let at = memory.text.indexOf('\n'); at >= 0 && at < memory.frontmatter.bodyStart; at = memory.text.indexOf('\n', at + 1)) bodyLine++;
  for (const line of parsed.lines) {
    if (line.line < bodyLine) continue;
    if (/^\s*(?:[-*+]|\d{1,4}[.)])\s/.test(line.text) || /^\s*\|/.test(line.text)) listLines++;
    const numbered = line.kind === 'entry' ? null : NUMBERED_ITEM.exec(line.text);
    if (numbered && !numbers.has(Number(numbered[1]))) numbers.set(Number(numbered[1]), line.line);
  }
  const linkedLines = new Set(markdownLinks.map((link) => link.line)).size;
  const isIndex = named ? linkedLines + numbers.size >= MIN_ITEMS : linkedLines >= MIN_LINKS && linkedLines * 5 >= listLines * 3;
  if (!isIndex) return undefined;
  if (folder === '') return { path: memory.path, index: { ...parsed, links }, numbers };
  const entries = new Map(parsed.entries.map((entry) => [entry.line, entryTo(entry, rebasedTarget(entry.href, entry.target, folder))]));
  const lines = parsed.lines.map((line) => entries.get(line.line) ?? line);
  return { path: memory.path, index: { ...parsed, links, entries: [...entries.values()], lines }, numbers };
}

/** Whether a file is named as a topic index is (`index-auth.md`, `billing/INDEX.md`), telling by the name alone. */
export function namedAsTopicIndex(path: RootPath): boolean {
  return INDEX_STEM.test(fileStem(path));
}

/** The memory's number when its file is numbered (`1-invoice-schedule.md` → 1). */
export function memoryNumber(path: RootPath): number | undefined {
  const match = NUMBERED_STEM.exec(fileStem(path));
  return match ? Number(match[1]) : undefined;
}

/** `../x.md` from `billing/INDEX.md` is `x.md`: resolved from the href, since from the root it would leave it. */
function rebasedTarget(href: string, target: RootPath | undefined, folder: RootPath): RootPath | undefined {
  if (folder === '') return target;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return undefined;
  let path = href.split('#')[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray % is a literal character in a file name.
  }
  return joinRootPath(folder, path) || undefined;
}

// The parser's links and entries keep their ranges in getters, which a spread would drop: copied field by field.
function linkTo(link: IndexLink, target: RootPath | undefined): IndexLink {
  return { line: link.line, href: link.href, target, hrefRange: link.hrefRange, end: link.end, ...(link.mention ? { mention: true as const } : {}) };
}

function entryTo(entry: IndexEntry, target: RootPath | undefined): IndexEntry {
  const { kind, line, text, title, href, hook, titleRange, hrefRange, hookRange } = entry;
  return { kind, line, text, title, href, target, hook, titleRange, hrefRange, hookRange };
}
