import type { MemoryIndex } from '../../memoryIndex';
import { ProblemCode, type Problem } from '../../problems';
import { INDEX_FILE_NAME } from '../../rootPath';
import { msg } from '../../text';
import { IndexText } from '../../indexText';
import { measureIndexLoad, type IndexLoadWay } from '../../indexLoad';
import { makeProblem } from '../shared/makeProblem';
import type { IndexBudget } from '../shared/ruleContext';

/** Where Claude Code stops reading MEMORY.md, when it stops before the end. */
export interface LoadCut {
  /** Offset in the index text: everything from here on is never loaded. */
  readonly offset: number;
  /** Which limit cut: the line count or the character count. */
  readonly limit: 'lines' | 'chars';
}

/** How much of MEMORY.md Claude Code reads, as it counts: the loaded content trimmed, lines and JavaScript string length. */
export interface IndexLoad {
  readonly cut: LoadCut | undefined;
  readonly lines: number;
  readonly chars: number;
}

// An index is immutable and a root's memories all ask about the same one: measured once per index.
const measured = new WeakMap<MemoryIndex, { budget: IndexBudget; load: IndexLoad; whole: IndexLoad }>();

/**
 * {@link loadCut} with the loaded content's size, measured once per index and budget. Read any way but
 * as an entrypoint (an imported index loads whole; one nothing loads is not read at all) there is no cut.
 */
export function indexLoad(index: MemoryIndex, budget: IndexBudget, way: IndexLoadWay = 'entrypoint'): IndexLoad {
  let held = measured.get(index);
  if (!held || held.budget.maxLines !== budget.maxLines || held.budget.maxChars !== budget.maxChars) {
    const load = measureIndexLoad(index.text, budget);
    held = { budget, load, whole: load.cut ? { ...load, cut: undefined } : load };
    measured.set(index, held);
  }
  return way === 'entrypoint' ? held.load : held.whole;
}

/** Claude Code's own cut, counted on the loaded content ({@link measureIndexLoad}). Undefined when all of it loads. */
export function loadCut(index: MemoryIndex, budget: IndexBudget, way: IndexLoadWay = 'entrypoint'): LoadCut | undefined {
  return indexLoad(index, budget, way).cut;
}

/** Whether a link ending at `end` lies inside what Claude Code loads. */
export function isLoaded(end: number, cut: LoadCut | undefined): boolean {
  return cut === undefined || end <= cut.offset;
}

/**
 * One problem where the cut falls, running to the end of the index: a person needs to know where
 * Claude Code stops reading, not to see every line after it marked. The range starts at the first
 * character past the cut that is not white space (a cut at a line break starts on the next line).
 * Only an entrypoint index is cut: an imported one loads whole (the index lens shows its size), and one
 * nothing loads has no part "never loaded" that the rest is not; either way this rule is quiet.
 */
export function checkIndexBudget(index: MemoryIndex, budget: IndexBudget, way: IndexLoadWay = 'entrypoint'): Problem[] {
  const cut = loadCut(index, budget, way);
  if (!cut) return [];
  const text = index.text;
  let from = cut.offset;
  while (from < text.length && /\s/.test(text[from])) from++;
  const end = text.trimEnd().length;
  if (from >= end) return [];
  const lines = new IndexText(index);
  const range = lines.rangeAt(from, end);
  const lost = range.end.line - range.start.line + 1;
  let message;
  if (lost === 1) {
    message = cut.limit === 'lines'
      ? msg("Past Claude Code's {0}-line limit for MEMORY.md: this last line is never loaded.", formatCount(budget.maxLines))
      : msg("Past Claude Code's {0}-character limit for MEMORY.md: nothing from here to the end of this line is ever loaded.", formatCount(budget.maxChars));
  } else {
    message = cut.limit === 'lines'
      ? msg("Past Claude Code's {0}-line limit for MEMORY.md: nothing from here to the end ({1} lines) is ever loaded.", formatCount(budget.maxLines), lost)
      : msg("Past Claude Code's {0}-character limit for MEMORY.md: nothing from here to the end ({1} lines) is ever loaded.", formatCount(budget.maxChars), lost);
  }
  return [makeProblem(ProblemCode.IndexOverBudget, INDEX_FILE_NAME, range, message)];
}

export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
