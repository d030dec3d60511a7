import { indexEntryLine, indexHookText } from '../../edits/indexEntry';
import type { MemoryFile } from '../../memoryFile';
import type { IndexEntry } from '../../memoryIndex';
import type { RuleContext } from '../../rules/shared/ruleContext';
import { entryTitle } from '../../rules/index/indexListing';
import { withAbsoluteDates } from '../../rules/relativeDate/relativeDateRule';

/**
 * The hook `memory`'s description makes, through the one index-line writer (one line, shortened,
 * escaped); with `dates`, relative dates written absolute as the memory's own fix writes them, since
 * MEMORY.md cannot tell when a line was written. Undefined when the memory has no description.
 */
export function memoryHook(memory: MemoryFile, dates?: RuleContext): string | undefined {
  return memory.description === undefined ? undefined : indexHookText(absolute(memory, dates)(memory.description));
}

/** A new entry for `memory`, `- [Title](path) — hook`, with `marker` in place of the bullet. */
export function memoryEntryLine(memory: MemoryFile, dash: string, marker = '-', dates?: RuleContext): string {
  return indexEntryLine(memory.path, { title: entryTitle(memory), description: memory.description, absoluteDates: absolute(memory, dates) }, dash, marker);
}

/** The hook as a reader sees it: escapes undone. */
export function readHook(entry: IndexEntry): string | undefined {
  return entry.hook?.replace(/\\([\\[\]*_`])/g, '$1');
}

function absolute(memory: MemoryFile, dates: RuleContext | undefined): (text: string) => string {
  return dates ? (text) => withAbsoluteDates(text, { path: memory.path, text: memory.text, memory }, dates) : (text) => text;
}
