import { LineIndex } from '../../lineIndex';
import type { MemoryFile } from '../../memoryFile';
import type { IndexEntry, MemoryIndex } from '../../memoryIndex';
import type { MemoryStore } from '../../memoryStore';
import type { FileEdit } from '../../problems';
import { INDEX_FILE_NAME } from '../../rootPath';
import type { IndexBudget, RuleContext } from '../../rules/shared/ruleContext';
import type { TextEdit } from '../../types';
import { indexDash } from '../../conventions';
import { entryLenses, type EntryIssue } from './entryLenses';
import { memoryEntryLine, memoryHook } from './entryText';
import { NEW_INDEX_HEADING } from '../../edits/indexEntry';
import { IndexLines, listMarker } from './indexLines';
import { loadBudget } from './loadBudget';

/** What the index operations need besides MEMORY.md and the store. */
export interface IndexOperationOptions {
  /** The configured type order. */
  readonly types: readonly string[];
  readonly limits: IndexBudget;
  /** When a memory last changed (ms since the epoch), for sorting by recency. */
  readonly modifiedTime?: (memory: MemoryFile) => number | undefined;
  /** What relative dates in new hooks are counted from, as the relative-date rule counts them; without it they stay as written. */
  readonly dates?: RuleContext;
}


/**
 * Entries for every memory the index does not list, where Claude Code still reads them: after the last
 * entry that loads whole, not after the cut. Without a MEMORY.md, one is created holding them.
 */
export function addUnlistedEntries(index: MemoryIndex | undefined, store: MemoryStore, options: IndexOperationOptions): FileEdit | undefined {
  const unlisted = unlistedMemories(store, options);
  if (unlisted.length === 0) return undefined;
  if (!index) return newIndex(unlisted.map((memory) => memoryEntryLine(memory, '—', '-', options.dates)), '\n');
  return edit([unlistedInsertion(index, unlisted, options, new Set())]);
}

function unlistedMemories(store: MemoryStore, options: IndexOperationOptions): MemoryFile[] {
  return byType([...store.memories()].filter((memory) => store.indexEntriesFor(memory.path).length === 0), options.types);
}

/** The new entries' lines, after the last loaded entry that stays (not among `removed`) and leaves them room. */
function unlistedInsertion(index: MemoryIndex, unlisted: readonly MemoryFile[], options: IndexOperationOptions, removed: ReadonlySet<number>): TextEdit {
  const dash = indexDash(index);
  const lines = new IndexLines(index);
  const budget = loadBudget(index, options.limits);
  const loaded = index.entries.filter((entry) => !removed.has(entry.line) && (budget.cutLine === undefined || entry.line < budget.cutLine));
  const plain = unlisted.map((memory) => memoryEntryLine(memory, dash, '-', options.dates));
  const after = budget.cutLine === undefined ? loaded[loaded.length - 1] : lastEntryLeavingRoom(index, loaded, plain, options.limits);
  if (!after) {
    if (budget.cutLine !== undefined && budget.cutLine > 0) return lines.insertAfter(budget.cutLine - 1, plain);
    return lines.append(plain);
  }
  const marker = listMarker(after.text);
  const indent = marker ? ' '.repeat(marker.indent) : '';
  const newLines = unlisted.map((memory, i) => {
    const bullet = marker?.number !== undefined ? `${marker.number + i + 1}${marker.delimiter}` : marker?.marker ?? '-';
    return indent + memoryEntryLine(memory, dash, bullet, options.dates);
  });
  return lines.insertAfter(lastLineOfItem(index, after.line), newLines);
}

/**
 * The last loaded entry after which `count` new lines still load whole: inserting after the very last
 * loaded entry of a full index would push the new lines themselves past the cut. Lines and characters
 * are counted from the trimmed start, as Claude Code counts them.
 */
function lastEntryLeavingRoom(index: MemoryIndex, loaded: readonly IndexEntry[], newLines: readonly string[], limits: IndexBudget): IndexEntry | undefined {
  const text = index.text;
  const lead = text.length - text.trimStart().length;
  const lines = new LineIndex(text);
  const leadLine = lines.positionAt(lead).line;
  const count = newLines.length;
  // A numbered list's markers may be a digit or two longer than the bullet measured here.
  const added = newLines.reduce((sum, line) => sum + line.length + index.eol.length + 2, 0);
  for (let i = loaded.length - 1; i >= 0; i--) {
    const last = lastLineOfItem(index, loaded[i].line);
    const end = lines.offsetAt({ line: last, character: index.lines[last].text.length });
    if (last - leadLine + count < limits.maxLines && end - lead + added <= limits.maxChars) return loaded[i];
  }
  return loaded[loaded.length - 1];
}

/** Removes every entry that points at a memory file the root does not hold. */
export function removeMissingEntries(index: MemoryIndex, store: MemoryStore): FileEdit | undefined {
  const missing = entryLenses(index, store).filter((lens) => lens.issues.some((issue) => issue.kind === 'missing-file')).map((lens) => lens.line);
  return missing.length === 0 ? undefined : edit(new IndexLines(index).remove(missing));
}

/** Removes the given entry lines (a duplicate, an entry to a missing file). */
export function removeEntryLines(index: MemoryIndex, lines: readonly number[]): FileEdit | undefined {
  return lines.length === 0 ? undefined : edit(new IndexLines(index).remove(lines));
}

/**
 * Writes each entry's hook from its memory's description. A hook stating one fact otherwise than the
 * description gets that fact alone. Otherwise, with `lines`, those entries get the fresh hook whatever
 * they hold; without, every entry that has none, so hooks a person wrote stay theirs.
 */
export function updateHooks(index: MemoryIndex, store: MemoryStore, options: { readonly lines?: readonly number[]; readonly dates?: RuleContext } = {}): FileEdit | undefined {
  const lines = options.lines;
  const dash = indexDash(index);
  const edits: TextEdit[] = [];
  for (const lens of entryLenses(index, store)) {
    if (!lens.memory || (lines && !lines.includes(lens.line))) continue;
    const hook = memoryHook(lens.memory, options.dates);
    if (!hook) continue;
    const entry = lens.entry;
    const drift = lens.issues.find((issue): issue is Extract<EntryIssue, { kind: 'hook-drift' }> => issue.kind === 'hook-drift');
    // A drifted hook gets its one changed fact, never the description in its place: the hook is often the richer line (issue #40).
    if (drift?.edit) {
      edits.push(drift.edit);
      continue;
    }
    if (!lines && entry.hook !== undefined && !drift) continue;
    if (entry.hook === hook) continue;
    if (entry.hookRange) {
      edits.push({ range: entry.hookRange, newText: hook });
      continue;
    }
    // Only an entry that ends at its link takes a hook: appending to a sentence would garble it.
    const end = entry.text.trimEnd().length;
    if (!/\)(\*\*|__)?$/.test(entry.text.trimEnd())) continue;
    const at = { line: entry.line, character: end };
    edits.push({ range: { start: at, end: at }, newText: ` ${dash} ${hook}` });
  }
  // Two entries to one memory on one line cannot both be rewritten; the first wins.
  const seenLines = new Set<number>();
  const unique = edits.filter((textEdit) => !seenLines.has(textEdit.range.start.line) && seenLines.add(textEdit.range.start.line));
  return unique.length === 0 ? undefined : edit(unique);
}

export type IndexSortOrder = 'type' | 'recency';

/**
 * Sorts each list of entries in place: by the configured type order, or newest first so what changed
 * last stays inside the load budget. Headings, notes and blank lines stay where they are and bound the
 * lists; a nested line moves with the entry above it; a numbered list keeps counting from its first
 * number. The sort is stable: entries that compare equal keep their order.
 */
export function sortIndex(index: MemoryIndex, store: MemoryStore, order: IndexSortOrder, options: IndexOperationOptions): FileEdit | undefined {
  const entryAt = new Map(index.entries.map((entry) => [entry.line, entry]));
  const key = sortKey(store, order, options);
  const lines = new IndexLines(index);
  const edits: TextEdit[] = [];
  for (const block of listBlocks(index, entryAt)) {
    const sorted = block.items
      .map((item, position) => ({ item, position, key: key(entryAt.get(item.first)!) }))
      .sort((a, b) => compareKeys(a.key, b.key) || a.position - b.position)
      .map(({ item }) => item);
    const numbered = block.items.every((item) => listMarker(lines.textOf(item.first))?.number !== undefined);
    const start = listMarker(lines.textOf(block.items[0].first))?.number ?? 1;
    const newTexts: string[] = [];
    sorted.forEach((item, i) => {
      for (let line = item.first; line <= item.last; line++) {
        let text = lines.textOf(line);
        if (line === item.first && numbered) text = renumber(text, start + i);
        newTexts.push(text);
      }
    });
    const firstLine = block.items[0].first;
    newTexts.forEach((text, i) => {
      if (text !== lines.textOf(firstLine + i)) edits.push(lines.replace(firstLine + i, text));
    });
  }
  return edits.length === 0 ? undefined : edit(edits);
}

/**
 * Makes the index list exactly the root's memories: entries to missing files and second listings
 * go, unlisted memories are added where they load, and everything else a person wrote (titles,
 * hooks, order, headings, notes) stays. Without a MEMORY.md, one is created from the files in the
 * configured type order.
 */
export function rebuildIndex(index: MemoryIndex | undefined, store: MemoryStore, options: IndexOperationOptions): FileEdit | undefined {
  const unlisted = unlistedMemories(store, options);
  if (!index) return unlisted.length === 0 ? undefined : newIndex(unlisted.map((memory) => memoryEntryLine(memory, '—', '-', options.dates)), '\n');
  const removed = entryLenses(index, store)
    .filter((lens) => lens.issues.some((issue) => issue.kind === 'missing-file' || issue.kind === 'duplicate'))
    .map((lens) => lens.line);
  const edits = new IndexLines(index).remove(removed);
  if (unlisted.length > 0) edits.push(unlistedInsertion(index, unlisted, options, new Set(removed)));
  return edits.length === 0 ? undefined : edit(edits);
}

function newIndex(entryLines: readonly string[], eol: string): FileEdit {
  return { kind: 'create', path: INDEX_FILE_NAME, content: [NEW_INDEX_HEADING, '', ...entryLines].join(eol) + eol };
}

function edit(edits: readonly TextEdit[]): FileEdit {
  return { kind: 'edit', path: INDEX_FILE_NAME, edits };
}

function byType(memories: MemoryFile[], types: readonly string[]): MemoryFile[] {
  const rank = (memory: MemoryFile): number => {
    const at = memory.type === undefined ? -1 : types.indexOf(memory.type);
    return at < 0 ? types.length : at;
  };
  return memories.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}

type SortKey = readonly number[];

function sortKey(store: MemoryStore, order: IndexSortOrder, options: IndexOperationOptions): (entry: IndexEntry) => SortKey {
  return (entry) => {
    const memory = entry.target === undefined ? undefined : store.get(entry.target);
    if (order === 'type') {
      const at = memory?.type === undefined ? -1 : options.types.indexOf(memory.type);
      // Unknown types after the configured ones; entries to no memory last.
      return [memory ? (at < 0 ? options.types.length : at) : options.types.length + 1];
    }
    const time = memory ? options.modifiedTime?.(memory) : undefined;
    return time === undefined ? [1, 0] : [0, -time];
  };
}

function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

interface ListItem {
  readonly first: number;
  readonly last: number;
}

/** Runs of list-item entries at one indentation, each entry with the more-indented lines below it. */
function listBlocks(index: MemoryIndex, entryAt: ReadonlyMap<number, IndexEntry>): { items: ListItem[] }[] {
  const blocks: { items: ListItem[] }[] = [];
  let current: { indent: number; items: ListItem[] } | undefined;
  for (let line = 0; line < index.lines.length; ) {
    const marker = entryAt.has(line) ? listMarker(index.lines[line].text) : undefined;
    if (!marker || (current && marker.indent !== current.indent)) {
      if (current && current.items.length > 1) blocks.push(current);
      current = undefined;
      if (!marker) {
        line++;
        continue;
      }
    }
    if (!current) current = { indent: marker.indent, items: [] };
    const last = lastLineOfItem(index, line);
    current.items.push({ first: line, last });
    line = last + 1;
  }
  if (current && current.items.length > 1) blocks.push(current);
  return blocks;
}

/** The entry's own line and the lines nested under it (more indented, not blank). */
function lastLineOfItem(index: MemoryIndex, line: number): number {
  const indent = listMarker(index.lines[line].text)?.indent ?? 0;
  let last = line;
  while (last + 1 < index.lines.length) {
    const next = index.lines[last + 1].text;
    if (next.trim() === '' || next.length - next.trimStart().length <= indent) break;
    last++;
  }
  return last;
}

function renumber(text: string, number: number): string {
  return text.replace(/^(\s*)\d{1,9}([.)])/, `$1${number}$2`);
}

/**
 * When a memory last changed: its frontmatter's `modified` (top level or under `metadata`), which
 * Claude Code writes, else the file time the adapter knows.
 */
export function memoryModifiedTime(memory: MemoryFile, fileTime: number | undefined): number | undefined {
  const data = memory.frontmatter.data;
  const metadata = typeof data.metadata === 'object' && data.metadata !== null ? (data.metadata as Record<string, unknown>) : {};
  for (const value of [data.modified, metadata.modified, data.updated, metadata.updated, data.date, metadata.date]) {
    const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
    if (!Number.isNaN(time)) return time;
  }
  return fileTime;
}
