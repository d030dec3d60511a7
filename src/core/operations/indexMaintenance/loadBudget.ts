import { LineIndex } from '../../lineIndex';
import type { MemoryIndex } from '../../memoryIndex';
import type { IndexBudget } from '../../rules/shared/ruleContext';

/** How much of MEMORY.md Claude Code reads at session start, and where it stops. */
export interface LoadBudget {
  /** Lines of the trimmed text, as Claude Code counts them (`split('\n')`). */
  readonly lines: number;
  /** Length of the trimmed text in UTF-16 code units: a Korean index is counted by characters, not bytes. */
  readonly characters: number;
  readonly limits: IndexBudget;
  /**
   * Zero-based line (in the text without its BOM) of the first line not loaded whole; undefined when
   * everything loads.
   */
  readonly cutLine: number | undefined;
  /** Whether Claude Code loads the start of the cut line (a character cut mid-line). */
  readonly cutPartly: boolean;
  /** Which limit cuts: the line limit wins when both would. */
  readonly cutBy: 'lines' | 'characters' | undefined;
  /** The larger of lines / maxLines and characters / maxChars. */
  readonly usage: number;
  /** Entries on or past the cut line: the memories Claude Code is not told about. */
  readonly cutEntries: readonly number[];
}

/**
 * The load budget the way Claude Code applies it (memdir `truncateEntrypointContent`): the text is
 * trimmed, kept to its first `maxLines` lines, then, if still longer than `maxChars` JavaScript
 * characters, cut at the last line break before that length.
 */
export function loadBudget(index: MemoryIndex, limits: IndexBudget): LoadBudget {
  const text = index.text;
  const trimmed = text.trim();
  const lead = text.length - text.trimStart().length;
  const split = trimmed === '' ? [] : trimmed.split('\n');
  let kept = trimmed.length;
  let cutBy: LoadBudget['cutBy'];
  if (split.length > limits.maxLines) {
    kept = split.slice(0, limits.maxLines).join('\n').length;
    cutBy = 'lines';
  }
  if (kept > limits.maxChars) {
    const cutAt = trimmed.lastIndexOf('\n', limits.maxChars);
    kept = cutAt > 0 ? cutAt : limits.maxChars;
    cutBy = 'characters';
  }
  const usage = Math.max(split.length / limits.maxLines, trimmed.length / limits.maxChars);
  const base = { lines: split.length, characters: trimmed.length, limits, usage };
  if (kept >= trimmed.length) return { ...base, cutLine: undefined, cutPartly: false, cutBy: undefined, cutEntries: [] };

  const lineIndex = new LineIndex(text);
  let end = lead + kept;
  // A cut at a line break (`\r\n` split after its `\r`) stops before the next line, which is not loaded at all.
  if (text[end] === '\r' && text[end + 1] === '\n') end += 2;
  else if (text[end] === '\n') end += 1;
  const position = lineIndex.positionAt(end);
  const cutLine = position.line;
  const cutPartly = position.character > 0;
  const cutEntries = index.entries.filter((entry) => entry.line >= cutLine).map((entry) => entry.line);
  return { ...base, cutLine, cutPartly, cutBy, cutEntries };
}

/** The last line Claude Code loads whole, or the last line of the text when nothing is cut. */
export function lastLoadedLine(index: MemoryIndex, budget: LoadBudget): number {
  if (budget.cutLine === undefined) return index.lines.length - 1;
  return budget.cutLine - 1;
}
