/**
 * Markdown code, where `[[x]]` or "yesterday" is an example rather than a link or a date. Shared by
 * the link scanner and the relative-date rule so both agree on what counts as code.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The inline code spans of one line as [start, end) pairs: a run of backticks opens a span that the
 * next run of exactly the same length closes (CommonMark); a run with no such partner is literal.
 * One pass over the line's backtick runs, with each run's next same-length partner found from the
 * right, so a line of 1 MB of unmatched backticks costs its length, where a backtracking pattern
 * (`(`+)[\s\S]*?\1`) rescans the rest of the line from every run.
 */
export function inlineCodeSpans(line: string): [number, number][] {
  const runStarts: number[] = [];
  const runLengths: number[] = [];
  for (let i = line.indexOf('`'); i >= 0; i = line.indexOf('`', i)) {
    const start = i;
    while (i < line.length && line.charCodeAt(i) === 96 /* ` */) i++;
    runStarts.push(start);
    runLengths.push(i - start);
  }
  const partner = new Array<number>(runStarts.length);
  const nextOfLength = new Map<number, number>();
  for (let r = runStarts.length - 1; r >= 0; r--) {
    partner[r] = nextOfLength.get(runLengths[r]) ?? -1;
    nextOfLength.set(runLengths[r], r);
  }
  const spans: [number, number][] = [];
  for (let r = 0; r < runStarts.length; r++) {
    const close = partner[r];
    if (close < 0) continue;
    spans.push([runStarts[r], runStarts[close] + runLengths[close]]);
    r = close;
  }
  return spans;
}

/** `line` with every inline code span replaced by spaces of its length, so offsets stay true. */
export function blankInlineCode(line: string): string {
  if (!line.includes('`')) return line;
  return INLINE_CODE[Symbol.replace](line, (span) => ' '.repeat(span.length));
}

/**
 * Inline code spans for `line.replace(INLINE_CODE, replacer)`, as callers wrote it when this was a
 * regular expression: String#replace hands the work to `Symbol.replace`, so they get the linear
 * scanner of {@link inlineCodeSpans} without a change. New code calls {@link blankInlineCode}.
 */
export const INLINE_CODE = {
  [Symbol.replace](line: string, replacer: (span: string) => string): string {
    const parts: string[] = [];
    let at = 0;
    for (const [start, end] of inlineCodeSpans(line)) {
      parts.push(line.slice(at, start), replacer(line.slice(start, end)));
      at = end;
    }
    if (at === 0) return line;
    parts.push(line.slice(at));
    return parts.join('');
  },
};

/**
 * Steps the fenced-code state over one line. `fence` is the open fence's marker (undefined outside a
 * block); `isCode` says whether the line is a fence line or inside a block.
 */
export function stepFence(line: string, fence: string | undefined): FenceStep {
  // Outside a block, a line that cannot open one is prose: one shared answer, no match attempted.
  if (!fence && !mayOpenFence(line)) return PROSE;
  const match = FENCE.exec(line);
  if (fence) {
    const closes = match !== null && match[1][0] === fence[0] && match[1].length >= fence.length && line.trim() === match[1];
    return { fence: closes ? undefined : fence, isCode: true };
  }
  return match ? { fence: match[1], isCode: true } : PROSE;
}

export interface FenceStep {
  readonly fence: string | undefined;
  readonly isCode: boolean;
}

const PROSE: FenceStep = Object.freeze({ fence: undefined, isCode: false });

/** Up to three spaces, then a backtick or a tilde: what FENCE needs before it can match. */
function mayOpenFence(line: string): boolean {
  for (let i = 0; i < line.length && i <= 3; i++) {
    const c = line.charCodeAt(i);
    if (c === 96 /* ` */ || c === 126 /* ~ */) return true;
    if (c !== 32) return false;
  }
  return false;
}
