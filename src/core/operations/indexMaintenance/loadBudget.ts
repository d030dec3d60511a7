import { LineIndex } from '../../lineIndex';
import type { MemoryIndex } from '../../memoryIndex';
import type { IndexBudget } from '../../rules/shared/ruleContext';
import { indexLoad } from '../../rules/index/indexBudget';

/** How much of MEMORY.md Claude Code reads at session start, and where it stops. */
export interface LoadBudget {
  /** Lines of the loaded content trimmed, as Claude Code counts them (`split('\n')`). */
  readonly lines: number;
  /** Length of the loaded content trimmed, in UTF-16 code units: a Korean index is counted by characters, not bytes. */
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
 * The load budget the way Claude Code applies it (memdir `truncateEntrypointContent`), on the content it
 * loads: without frontmatter and block-level HTML comments since 2.1.211 ({@link measureIndexLoad}).
 */
export function loadBudget(index: MemoryIndex, limits: IndexBudget): LoadBudget {
  const text = index.text;
  const load = indexLoad(index, limits);
  const usage = Math.max(load.lines / limits.maxLines, load.chars / limits.maxChars);
  const base = { lines: load.lines, characters: load.chars, limits, usage };
  if (!load.cut) return { ...base, cutLine: undefined, cutPartly: false, cutBy: undefined, cutEntries: [] };

  const lineIndex = new LineIndex(text);
  let end = load.cut.offset;
  // A cut at a line break (`\r\n` split after its `\r`) stops before the next line, which is not loaded at all.
  if (text[end] === '\r' && text[end + 1] === '\n') end += 2;
  else if (text[end] === '\n') end += 1;
  const position = lineIndex.positionAt(end);
  const cutLine = position.line;
  const cutPartly = position.character > 0;
  const cutEntries = index.entries.filter((entry) => entry.line >= cutLine).map((entry) => entry.line);
  return { ...base, cutLine, cutPartly, cutBy: load.cut.limit === 'lines' ? 'lines' : 'characters', cutEntries };
}
