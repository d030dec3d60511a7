import type { MemoryFile } from '../../memoryFile';
import type { IndexEntry, MemoryIndex } from '../../memoryIndex';
import type { MemoryStore } from '../../memoryStore';
import { isMemoryPath } from '../../rootPath';
import type { RootPath } from '../../types';
import { readHook } from './entryText';
import { hookChange, type HookChange } from './hookDrift';
import type { TextEdit } from '../../types';

/** Something wrong with one index entry, with what can be done about it. */
export type EntryIssue =
  | { readonly kind: 'missing-file'; readonly target: RootPath }
  /**
   * The hook states one fact otherwise than the description: `change` says which, `hook` is the hook
   * with that fact alone made as the description says it, and `edit` writes it (undefined when the
   * fact is not found as written in the line, which only a person can then edit).
   */
  | { readonly kind: 'hook-drift'; readonly change: HookChange; readonly hook: string; readonly edit: TextEdit | undefined }
  | { readonly kind: 'duplicate'; readonly firstLine: number };

/** What the index shows above one entry: the memory it lists and the entry's problems. */
export interface EntryLens {
  readonly line: number;
  readonly entry: IndexEntry;
  readonly target: RootPath;
  /** Undefined when the file is missing. */
  readonly memory: MemoryFile | undefined;
  readonly backlinks: number;
  readonly issues: readonly EntryIssue[];
}

/**
 * One lens model per entry that links a memory of the root. Links to URLs, to paths outside the root
 * and to files that are not memories get none: the store cannot say anything about them.
 */
export function entryLenses(index: MemoryIndex, store: MemoryStore): EntryLens[] {
  const firstLineOf = new Map<RootPath, number>();
  const lenses: EntryLens[] = [];
  for (const entry of index.entries) {
    const target = entry.target;
    if (target === undefined || !isMemoryPath(target)) continue;
    const memory = store.get(target);
    const issues: EntryIssue[] = [];
    if (!memory) issues.push({ kind: 'missing-file', target });
    const drift = memory ? driftedHook(entry, memory) : undefined;
    if (drift) issues.push(drift);
    const first = firstLineOf.get(target);
    if (first === undefined) firstLineOf.set(target, entry.line);
    else issues.push({ kind: 'duplicate', firstLine: first });
    lenses.push({ line: entry.line, entry, target, memory, backlinks: memory ? store.backlinks(memory).length : 0, issues });
  }
  return lenses;
}

/** The entry's one fact its memory's description states otherwise, with the edit of that fact alone. */
export function driftedHook(entry: IndexEntry, memory: MemoryFile): Extract<EntryIssue, { kind: 'hook-drift' }> | undefined {
  const hook = readHook(entry);
  if (!hook || !memory.description || !entry.hook || !entry.hookRange) return undefined;
  const change = hookChange(hook, memory.description);
  if (!change) return undefined;
  // Found as written in the line, once: another occurrence would make which one meant a guess.
  const at = entry.hook.indexOf(change.old);
  const once = at >= 0 && entry.hook.indexOf(change.old, at + change.old.length) < 0;
  const fixed = once ? entry.hook.slice(0, at) + change.now + entry.hook.slice(at + change.old.length) : hook;
  const start = { line: entry.hookRange.start.line, character: entry.hookRange.start.character + at };
  const edit = once ? { range: { start, end: { line: start.line, character: start.character + change.old.length } }, newText: change.now } : undefined;
  return { kind: 'hook-drift', change, hook: fixed, edit };
}
