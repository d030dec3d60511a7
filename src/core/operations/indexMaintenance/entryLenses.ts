import type { MemoryFile } from '../../memoryFile';
import type { IndexEntry, MemoryIndex } from '../../memoryIndex';
import type { MemoryStore } from '../../memoryStore';
import { isMemoryPath } from '../../rootPath';
import type { RootPath } from '../../types';
import { memoryHook, readHook } from './entryText';
import { hookDrifted } from './hookDrift';

/** Something wrong with one index entry, with what can be done about it. */
export type EntryIssue =
  | { readonly kind: 'missing-file'; readonly target: RootPath }
  | { readonly kind: 'hook-drift'; readonly hook: string }
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
    if (drift) issues.push({ kind: 'hook-drift', hook: drift });
    const first = firstLineOf.get(target);
    if (first === undefined) firstLineOf.set(target, entry.line);
    else issues.push({ kind: 'duplicate', firstLine: first });
    lenses.push({ line: entry.line, entry, target, memory, backlinks: memory ? store.backlinks(memory).length : 0, issues });
  }
  return lenses;
}

/** The hook the entry should have, when its own says something the description no longer does. */
export function driftedHook(entry: IndexEntry, memory: MemoryFile): string | undefined {
  const hook = readHook(entry);
  const fresh = memoryHook(memory);
  if (!hook || !fresh || !memory.description) return undefined;
  return hookDrifted(hook, memory.description) ? fresh : undefined;
}
