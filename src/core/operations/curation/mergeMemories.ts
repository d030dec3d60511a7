import { setFieldEdit } from '../../edits/frontmatterEdits';
import { LineIndex } from '../../lineIndex';
import { displayName, type MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import type { FileEdit } from '../../problems';
import { INDEX_FILE_NAME } from '../../rootPath';
import type { RootPath, TextEdit } from '../../types';
import { IndexText } from '../../indexText';
import { linksTo } from '../references';
import { plainTextOfLink } from './linkText';

export interface MergePlan {
  readonly edits: readonly FileEdit[];
  /** Paragraphs of the removed memory that the survivor did not already say, appended in order. */
  readonly appended: readonly string[];
  readonly rewrittenLinks: number;
  /**
   * Where the removed memory's description went: the survivor's description (it had none), a paragraph
   * of its body (the removed memory said nothing else), or nowhere (the survivor already says it, or the
   * removed body says more than it).
   */
  readonly description: 'description' | 'paragraph' | undefined;
}

/**
 * Merges `removed` into `survivor`: the survivor keeps its frontmatter and gains the removed body's
 * paragraphs it does not already hold (compared with white space folded, so a re-wrapped copy counts as
 * the same); links to the removed name point at the survivor (inside the survivor they become plain
 * text, since a memory linking to itself says nothing); the removed memory's index entries go; the file
 * is deleted last.
 */
export function planMerge(store: MemoryStore, survivor: MemoryFile, removed: MemoryFile): MergePlan {
  const editsByPath = new Map<RootPath, TextEdit[]>();
  const add = (path: RootPath, edit: TextEdit): void => {
    const list = editsByPath.get(path) ?? [];
    list.push(edit);
    editsByPath.set(path, list);
  };

  const known = new Set(paragraphs(bodyOf(survivor)).map(fold));
  const own = withoutTitleAndEmptySections(paragraphs(withoutEmptyLabels(bodyOf(removed))));
  const appended = own.filter((paragraph) => {
    const key = fold(paragraph);
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  // The survivor keeps its own description; one it lacks is taken from the other, never dropped.
  const removedDescription = removed.description?.trim();
  const takesDescription = !survivor.description?.trim() && !!removedDescription;
  // A stub or a short memory says its fact only in its description: that text moves into the body.
  let description: MergePlan['description'] = takesDescription ? 'description' : undefined;
  if (!takesDescription && removedDescription && own.length === 0 && !saysAlready(survivor, removedDescription)) {
    appended.push(removedDescription);
    description = 'paragraph';
  }
  if (appended.length > 0) {
    const eol = survivor.text.includes('\r\n') ? '\r\n' : '\n';
    const text = survivor.text;
    const end = new LineIndex(text).positionAt(text.length);
    const lead = text.endsWith('\n') ? eol : eol + eol;
    add(survivor.path, { range: { start: end, end }, newText: lead + appended.map((paragraph) => paragraph.replace(/\r?\n/g, eol)).join(eol + eol) + eol });
  }

  if (takesDescription) {
    const described = setFieldEdit(survivor, 'description', removedDescription);
    if (described) add(survivor.path, described);
  }

  const survivorName = displayName(survivor);
  let rewrittenLinks = 0;
  for (const occurrence of linksTo(store, removed, { uniqueOnly: true })) {
    if (occurrence.path === removed.path) continue;
    rewrittenLinks++;
    if (occurrence.path === survivor.path) {
      const lines = new LineIndex(survivor.text);
      add(survivor.path, { range: occurrence.link.range, newText: plainTextOfLink(survivor.text, occurrence.link, (position) => lines.offsetAt(position)) });
    } else {
      add(occurrence.path, { range: occurrence.link.targetRange, newText: survivorName });
    }
  }

  const index = store.index;
  const entries = store.indexEntriesFor(removed.path);
  if (index && entries.length > 0) {
    const lines = new IndexText(index);
    for (const entry of entries) add(INDEX_FILE_NAME, lines.removeLine(entry.line));
  }

  const edits: FileEdit[] = [...editsByPath].map(([path, textEdits]) => ({ kind: 'edit', path, edits: textEdits }));
  edits.push({ kind: 'delete', path: removed.path });
  return { edits, appended, rewrittenLinks, description };
}

/**
 * The other memory's paragraphs without what only made sense there: its `# Title` (the survivor has
 * its own name and title) and headings with nothing under them before the next heading of their level
 * or above (a template's empty "## Why"), which would only add empty sections to the survivor.
 */
function withoutTitleAndEmptySections(blocks: readonly string[]): string[] {
  return blocks.filter((block, i) => {
    const level = headingLevel(block);
    if (level === undefined) return true;
    if (level === 1) return false;
    const next = blocks[i + 1];
    const nextLevel = next === undefined ? 0 : headingLevel(next);
    return !(next === undefined || (nextLevel !== undefined && nextLevel <= level));
  });
}

/** The level of a block that is one ATX heading line and nothing else. */
function headingLevel(block: string): number | undefined {
  const match = /^ {0,3}(#{1,6})(?:[ \t]+\S.*)?$/.exec(block);
  return match && !block.includes('\n') ? match[1].length : undefined;
}

/** Whether the survivor's description or body already holds `text` (white space and case folded). */
function saysAlready(survivor: MemoryFile, text: string): boolean {
  const wanted = fold(text);
  return fold(survivor.description ?? '') === wanted || fold(bodyOf(survivor)).includes(wanted);
}

// A template's label on a line of its own: **Why:**, **How to apply:**, **이유:**, **適用:** (bold, so a
// plain "Steps:" that leads into the paragraph below is never taken for one).
const BOLD_LABEL_ONLY = /^[ \t]{0,3}(?:[-*+][ \t]+)?(?:\*\*|__)[^*_\n]{1,60}?(?:[:：](?:\*\*|__)|(?:\*\*|__)[:：])[ \t]*$/;
const BOLD_LABEL_START = /^[ \t]{0,3}(?:[-*+][ \t]+)?(?:\*\*|__)[^*_\n]{1,60}?(?:[:：](?:\*\*|__)|(?:\*\*|__)[:：])/;
const HEADING_OR_BREAK = /^[ \t]{0,3}(?:#{1,6}(?:[ \t]|$)|(?:[-*_][ \t]*){3,}$)/;

/**
 * The body without labels a template left empty: a bold label alone on its line with nothing under it
 * before the next label, heading or the end. Copied into the survivor they would only add empty slots.
 */
function withoutEmptyLabels(body: string): string {
  const lines = body.split(/(?<=\r\n|\n|\r)/);
  const next = (from: number): string | undefined => lines.slice(from).find((line) => line.trim() !== '');
  return lines.filter((line, i) => {
    const text = line.replace(/[\r\n]+$/, '');
    if (!BOLD_LABEL_ONLY.test(text)) return true;
    const after = next(i + 1)?.replace(/[\r\n]+$/, '');
    return after !== undefined && !BOLD_LABEL_START.test(after) && !HEADING_OR_BREAK.test(after);
  }).join('');
}

function bodyOf(memory: MemoryFile): string {
  return memory.text.slice(memory.frontmatter.bodyStart);
}

/** Blank-line separated blocks, trimmed of surrounding blank lines; a fenced code block stays whole. */
function paragraphs(body: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let inFence = false;
  for (const line of body.split(/\r\n|\n|\r/)) {
    if (/^\s{0,3}(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence && line.trim() === '') {
      if (current.length > 0) out.push(current.join('\n'));
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length > 0) out.push(current.join('\n'));
  return out;
}

function fold(paragraph: string): string {
  return paragraph.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}
