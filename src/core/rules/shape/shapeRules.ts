import { measureIndexLoad } from '../../indexLoad';
import type { MemoryFile } from '../../memoryFile';
import { isPinned, MAX_PINNED } from '../../memoryShape';
import { ProblemCode, type Problem } from '../../problems';
import { msg } from '../../text';
import type { RootPath } from '../../types';
import { fieldAnchor } from '../shared/problemAnchors';
import { makeProblem } from '../shared/makeProblem';
import type { IndexBudget } from '../shared/ruleContext';
import { formatCount } from '../index/indexBudget';

/**
 * `pinned-over-limit`: Claude Code's durable-lesson prompt (2.1.221) pins "up to 4 memories". Which
 * of the pinned ones it would drop is not said, so every pinned memory carries the problem and a
 * person picks which to unpin.
 */
export function checkPinnedLimit(memory: MemoryFile, pinnedCount: number): Problem[] {
  if (pinnedCount <= MAX_PINNED || !isPinned(memory)) return [];
  return [makeProblem(
    ProblemCode.PinnedOverLimit,
    memory.path,
    fieldAnchor(memory, 'metadata.pinned'),
    msg('{0} memories in this folder are pinned; Claude Code pins at most {1}. Unpin the ones that need not apply to every session.', pinnedCount, MAX_PINNED),
  )];
}

/**
 * The longest index line the consolidation prompt keeps (2.1.224: "if an index line is over ~200
 * chars, it's carrying content that belongs in the topic file"); entries should stay under ~150.
 */
export const MAX_INDEX_LINE = 200;

/**
 * The line a generated index holds for a memory. Claude Code assembles it from `name` and
 * `description` (2.1.224); its exact form is not published, so it is taken as a written index's
 * entry (`- [name](file.md) — description`), the shape every index prompt asks for.
 */
export function generatedIndexLine(memory: MemoryFile): string {
  return `- [${memory.name ?? memory.stem}](${memory.path}) — ${memory.description ?? ''}`;
}

/**
 * In a root whose index Claude Code generates, the description is the index line: it must be one
 * line (`index-entry-long` when it spans lines or the line is past {@link MAX_INDEX_LINE}), and it
 * must fall inside the load limit (`index-over-budget` on each memory past it).
 */
export function checkGeneratedIndexEntry(memory: MemoryFile, pastLimit: ReadonlySet<RootPath>, budget: IndexBudget): Problem[] {
  if (memory.description === undefined) return [];
  const problems: Problem[] = [];
  const line = generatedIndexLine(memory);
  const anchor = fieldAnchor(memory, 'description');
  if (/[\r\n]/.test(memory.description.trim())) {
    problems.push(makeProblem(ProblemCode.IndexEntryLong, memory.path, anchor, msg('Claude Code builds this folder\'s index from each description: a description over several lines breaks its index line. Keep it to one line.')));
  } else if (line.length > MAX_INDEX_LINE) {
    problems.push(makeProblem(ProblemCode.IndexEntryLong, memory.path, anchor, msg('Claude Code builds this folder\'s index from each description: this one makes an index line of {0} characters, past the ~{1} an entry should stay under. Move the detail into the body.', line.length, MAX_INDEX_LINE)));
  }
  if (pastLimit.has(memory.path)) {
    problems.push(makeProblem(ProblemCode.IndexOverBudget, memory.path, anchor, msg('Past the {0}-line / {1}-character limit of the index Claude Code builds from descriptions (counted in file order): this memory is not listed at session start.', formatCount(budget.maxLines), formatCount(budget.maxChars))));
  }
  return problems;
}

/**
 * The memories whose generated index line falls past the load limit. The order Claude Code assembles
 * in is not published; file order (by path) is the one assumed, and the README says so.
 */
export function generatedIndexPastLimit(memories: readonly MemoryFile[], budget: IndexBudget): Set<RootPath> {
  const sorted = [...memories].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const starts: number[] = [];
  let text = '';
  for (const memory of sorted) {
    starts.push(text.length);
    text += generatedIndexLine(memory).replace(/[\r\n]+/g, ' ') + '\n';
  }
  const { cut } = measureIndexLoad(text, budget);
  const past = new Set<RootPath>();
  if (!cut) return past;
  sorted.forEach((memory, i) => {
    // A line cut partly is not listed whole: its link may survive, its description not.
    const end = i + 1 < starts.length ? starts[i + 1] - 1 : text.length - 1;
    if (end >= cut.offset) past.add(memory.path);
  });
  return past;
}
