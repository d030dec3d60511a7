import type { MemoryFile } from '../../memoryFile';
import { ProblemCode, type Problem } from '../../problems';
import { msg } from '../../text';
import type { RootPath } from '../../types';
import { backfillLine, BACKFILL_LIMITS } from '../../sessionLoad/generatedIndex';
import { fieldAnchor } from '../shared/problemAnchors';
import { makeProblem } from '../shared/makeProblem';
import type { IndexBudget } from '../shared/ruleContext';
import { formatCount } from '../index/indexBudget';

/**
 * `pinned-over-limit`, retired: Claude Code's durable-lesson prompt (2.1.221) pinned "up to 4
 * memories", but 2.1.285 removed that prompt and 2.1.328 loads no pinned lesson at start (run against
 * the client), so there is no limit left to pass. The code stays stable for settings that name it.
 */
export function checkPinnedLimit(_memory: MemoryFile, _pinnedCount: number): Problem[] {
  return [];
}

/**
 * The longest index line the consolidation prompt keeps (2.1.224: "if an index line is over ~200
 * chars, it's carrying content that belongs in the topic file"); entries should stay under ~150.
 */
export const MAX_INDEX_LINE = 200;

/**
 * The line the index Claude Code writes for a memory of a folder without MEMORY.md holds (2.1.328,
 * read from the client and checked by running it): `- [stem](path) — description`, the description's
 * white space folded and cut to keep the line near 150 characters.
 */
export function generatedIndexLine(memory: MemoryFile): string | undefined {
  return backfillLine({ path: memory.path, ...(memory.description !== undefined ? { description: memory.description } : {}) });
}

/**
 * In a root without MEMORY.md, Claude Code writes the index from each description at the next start:
 * a description it must shorten loses its end there (`index-entry-long`, information), and a memory
 * past the 140 lines / 17,500 characters it writes is not listed (`index-over-budget`).
 */
export function checkGeneratedIndexEntry(memory: MemoryFile, pastLimit: ReadonlySet<RootPath>, _budget: IndexBudget): Problem[] {
  if (memory.description === undefined) return [];
  const problems: Problem[] = [];
  const line = generatedIndexLine(memory);
  const anchor = fieldAnchor(memory, 'description');
  if (line !== undefined && line.endsWith('\u2026') && !memory.description.trimEnd().endsWith('\u2026')) {
    problems.push(makeProblem(ProblemCode.IndexEntryLong, memory.path, anchor, msg('Claude Code writes this folder\'s index from each description, cut to keep a line near {0} characters: this one loses its end there. Move the detail into the body.', 150)));
  }
  if (pastLimit.has(memory.path)) {
    problems.push(makeProblem(ProblemCode.IndexOverBudget, memory.path, anchor, msg('Past the {0} lines / {1} characters Claude Code writes into the index it makes for a folder without MEMORY.md (counted here in file order; Claude Code lists the newest first): this memory would not be listed.', formatCount(BACKFILL_LIMITS.maxLines), formatCount(BACKFILL_LIMITS.maxChars))));
  }
  return problems;
}

/**
 * The memories past what the generated index holds. Claude Code lists the newest first; a check reads
 * text, not modification times, so file order (by path) is counted, and the message says so.
 */
export function generatedIndexPastLimit(memories: readonly MemoryFile[], _budget: IndexBudget): Set<RootPath> {
  const sorted = [...memories].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const past = new Set<RootPath>();
  let chars = 0;
  let lines = 0;
  let full = false;
  for (const memory of sorted) {
    const line = generatedIndexLine(memory);
    if (line === undefined) continue;
    full ||= lines + 1 > BACKFILL_LIMITS.maxLines || chars + line.length + 1 > BACKFILL_LIMITS.maxChars;
    if (full) {
      past.add(memory.path);
      continue;
    }
    chars += line.length + 1;
    lines++;
  }
  return past;
}
