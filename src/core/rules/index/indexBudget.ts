import type { MemoryIndex } from '../../memoryIndex';
import { ProblemCode, type Problem } from '../../problems';
import { INDEX_FILE_NAME } from '../../rootPath';
import { msg, type Text } from '../../text';
import { IndexText } from './indexText';
import { makeProblem } from '../engine/makeProblem';
import type { IndexBudget } from '../engine/ruleContext';

/**
 * One problem per line of MEMORY.md that Claude Code will not load, covering the part it cuts. The cut
 * is Claude Code's own (memdir `truncateEntrypointContent`): the text is trimmed, kept to the first
 * `maxLines` lines, then, if still longer than `maxChars` (JavaScript string length), cut at the last
 * line break before that length. Blank lines past the cut lose nothing and are not reported.
 */
export function checkIndexBudget(index: MemoryIndex, budget: IndexBudget): Problem[] {
  const text = index.text;
  const trimmed = text.trim();
  const lead = text.length - text.trimStart().length;
  const split = trimmed.split('\n');
  let kept = trimmed.length;
  if (split.length > budget.maxLines) kept = split.slice(0, budget.maxLines).join('\n').length;
  if (kept > budget.maxChars) {
    const cutAt = trimmed.lastIndexOf('\n', budget.maxChars);
    kept = cutAt > 0 ? cutAt : budget.maxChars;
  }
  if (kept >= trimmed.length) return [];

  const lines = new IndexText(index);
  const keptEnd = lead + kept;
  const contentEnd = lead + trimmed.length;
  const leadLine = lines.rangeAt(lead, lead).start.line;
  const problems: Problem[] = [];
  for (const line of index.lines) {
    const start = lines.lineStart(line.line);
    const end = Math.min(start + line.text.length, contentEnd);
    if (end <= keptEnd || line.text.trim() === '') continue;
    const from = Math.max(start, keptEnd);
    if (text.slice(from, end).trim() === '') continue;
    const overLines = line.line - leadLine >= budget.maxLines;
    const message = overLines ? overLinesMessage(formatCount(budget.maxLines), from > start) : overCharsMessage(formatCount(budget.maxChars), from > start);
    problems.push(makeProblem(ProblemCode.IndexOverBudget, INDEX_FILE_NAME, lines.rangeAt(from, end), message));
  }
  return problems;
}

function overLinesMessage(limit: string, partly: boolean): Text {
  return partly
    ? msg("Past Claude Code's {0}-line limit for MEMORY.md: the rest of this line is never loaded.", limit)
    : msg("Past Claude Code's {0}-line limit for MEMORY.md: this line is never loaded.", limit);
}

function overCharsMessage(limit: string, partly: boolean): Text {
  return partly
    ? msg("Past Claude Code's {0}-character limit for MEMORY.md: the rest of this line is never loaded.", limit)
    : msg("Past Claude Code's {0}-character limit for MEMORY.md: this line is never loaded.", limit);
}

function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
