import { parseMemoryIndex, type IndexLine, type MemoryIndex } from '../memoryIndex';
import type { FileEdit } from '../problems';
import { INDEX_FILE_NAME } from '../rootPath';
import type { RootPath } from '../types';
import { planIndexLine } from './indexEntry';

/** A line of the old index found again in the current one, and on which side of it the restored line goes. */
interface Anchor {
  readonly line: number;
  readonly side: 'after' | 'before';
  /** A blank line to add on the far side: the line stood alone between blank lines, and the blank there is gone. */
  readonly blank: boolean;
}

/**
 * The edit that puts back the index line of a restored memory where the old index (an approved MEMORY.md
 * the history keeps) had it: after the entry that preceded it, else before the entry that followed it,
 * else beside the heading or text line next to it; at the end, as a new entry goes, when none of its old
 * neighbours is there any more. Undefined when the old index did not list `path`.
 */
export function planRestoredIndexLine(oldIndexText: string, index: MemoryIndex | undefined, path: RootPath, style: { readonly eol: '\n' | '\r\n' }): FileEdit | undefined {
  const old = parseMemoryIndex(oldIndexText);
  const link = old.links.find((candidate) => candidate.target === path);
  const line = link && old.lines[link.line];
  if (!line) return undefined;
  const anchor = index && anchorIn(old, line.line, index);
  if (!index || !anchor) return planIndexLine(index, line.text, style);
  const eol = index.eol;
  const blank = anchor.blank ? eol : '';
  if (anchor.side === 'before') {
    const start = { line: anchor.line, character: 0 };
    return { kind: 'edit', path: INDEX_FILE_NAME, edits: [{ range: { start, end: start }, newText: blank + line.text + eol }] };
  }
  const end = { line: anchor.line, character: index.lines[anchor.line].text.length };
  return { kind: 'edit', path: INDEX_FILE_NAME, edits: [{ range: { start: end, end }, newText: eol + line.text + blank }] };
}

/**
 * Entries are the surest neighbours (found by what they link to, whatever their hooks became), then the
 * other lines by their text. Blank lines between the line and its neighbour are kept when the current index
 * still has them there, so a line that opened a section after a blank line opens it again.
 */
function anchorIn(old: MemoryIndex, at: number, index: MemoryIndex): Anchor | undefined {
  const before = neighbour(old, at, -1);
  const after = neighbour(old, at, 1);
  const found = (side: 'after' | 'before', entries: boolean): Anchor | undefined => {
    const near = side === 'after' ? before : after;
    if (!near || (near.line.kind === 'entry') !== entries) return undefined;
    const line = findLine(index, near.line);
    if (line === undefined) return undefined;
    const step = side === 'after' ? 1 : -1;
    let through = line;
    for (let blank = 1; blank <= near.blanks && index.lines[line + step * blank]?.kind === 'blank'; blank++) through = line + step * blank;
    // The line it now sits against: blank lines that stood on the far side in the old index stand there again.
    const far = side === 'after' ? after : before;
    const against = index.lines[through + step];
    return { line: through, side, blank: far !== undefined && far.blanks > 0 && against !== undefined && against.kind !== 'blank' };
  };
  return found('after', true) ?? found('before', true) ?? found('after', false) ?? found('before', false);
}

/** The nearest line that is not blank, in `direction`, and how many blank lines lie between. */
function neighbour(index: MemoryIndex, at: number, direction: 1 | -1): { readonly line: IndexLine; readonly blanks: number } | undefined {
  let blanks = 0;
  for (let line = at + direction; line >= 0 && line < index.lines.length; line += direction) {
    const candidate = index.lines[line];
    if (candidate.kind !== 'blank') return { line: candidate, blanks };
    blanks++;
  }
  return undefined;
}

/** Where the current index holds the old line: an entry by the path it links to, another line by its text. */
function findLine(index: MemoryIndex, line: IndexLine): number | undefined {
  if (line.kind === 'entry') {
    const target = line.target;
    if (target === undefined) return undefined;
    return (index.entries.find((candidate) => candidate.target === target) ?? index.links.find((candidate) => candidate.target === target))?.line;
  }
  const text = line.text.trim();
  return index.lines.find((candidate) => candidate.kind === line.kind && candidate.text.trim() === text)?.line;
}
