import { withHiddenShown } from '../../poison/hiddenCharacters';
import { findSecrets, REDACTED } from '../../rules/secret/secretRule';

/** One line of what changed: taken out (`-`) or put in (`+`), as short as a hover can hold. */
export interface ChangedLine {
  readonly sign: '-' | '+';
  readonly text: string;
}

export interface ChangedLines {
  readonly lines: readonly ChangedLine[];
  /** Changed lines left out past the limit. */
  readonly more: number;
}

/** Changed lines shown: a hover says what changed, the diff editor the rest. */
const MAX_LINES = 12;
const MAX_LINE = 120;
/** Beyond this many lines in the changed middle, no line-by-line match is sought: the middle shows as taken out and put in. */
const MAX_MATCHED = 400;

/**
 * What changed between the version a person approved and the memory now, line by line, for a hover:
 * at most {@link MAX_LINES} lines of {@link MAX_LINE} characters, unchanged lines left out, and every
 * credential the secret rule finds (in either version) replaced by `<redacted>`: a hover never repeats a secret.
 * Hidden characters are written as `[U+202E]`: a hover shows what the agent would read, never an invisible sentence.
 */
export function changedLines(approved: string, now: string): ChangedLines {
  const before = masked(approved);
  const after = masked(now);
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const changed = diffLines(before.slice(start, endBefore), after.slice(start, endAfter)).filter((line) => line.text.trim() !== '');
  return {
    lines: changed.slice(0, MAX_LINES).map((line) => ({ sign: line.sign, text: clip(line.text) })),
    more: Math.max(0, changed.length - MAX_LINES),
  };
}

/** The text's lines with each secret's characters replaced; a secret over several lines marks each. */
function masked(text: string): string[] {
  const findings = findSecrets(text);
  let out = text;
  for (const finding of [...findings].reverse()) {
    const span = out.slice(finding.start, finding.end);
    out = out.slice(0, finding.start) + span.split(/(\r\n|\n|\r)/).map((part, i) => (i % 2 === 1 ? part : REDACTED)).join('') + out.slice(finding.end);
  }
  return withHiddenShown(out).split(/\r\n|\n|\r/);
}

function clip(line: string): string {
  const chars = [...line.trimEnd()];
  return chars.length > MAX_LINE ? `${chars.slice(0, MAX_LINE - 1).join('')}…` : chars.join('');
}

/** Lines of `a` taken out and of `b` put in, in order, by a longest common subsequence of lines. */
function diffLines(a: readonly string[], b: readonly string[]): ChangedLine[] {
  if (a.length > MAX_MATCHED || b.length > MAX_MATCHED) return [...a.map((text) => ({ sign: '-' as const, text })), ...b.map((text) => ({ sign: '+' as const, text }))];
  const width = b.length + 1;
  const table = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) table[i * width + j] = a[i] === b[j] ? table[(i + 1) * width + j + 1] + 1 : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
  }
  const lines: ChangedLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && table[(i + 1) * width + j] >= table[i * width + j + 1])) lines.push({ sign: '-', text: a[i++] });
    else lines.push({ sign: '+', text: b[j++] });
  }
  return lines;
}
