/**
 * What a body's topics leave out, cut in one pass each. Both did the work of a regular expression
 * that rescanned the rest of the line (or the file) from every opener without a closer: a memory of
 * `](` repeated took minutes. Each gives exactly what its expression gave (a test holds them to it
 * on random text):
 *
 * - {@link withoutFencedCode}: `text.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[ \t]*$/gm, '')`
 * - {@link blankElsewhere}: `text.replace(/\[\[[^\]\n]*\]\]|\]\([^)\n]*\)|\b[a-z][a-z\d+.-]{1,15}:\/\/\S+/g, ' ')`
 */

/**
 * `text` without its fenced code blocks, each from its opening line to its closing run. As the
 * expression reads them: an opening run of n fence characters closes at the first later line of
 * exactly n of them, else of n-1, down to three (its backtracking), and an opening line never closed
 * is text, so a fence inside it may open a block of its own. Lines start after `\n`, `\r`, U+2028 or
 * U+2029, as `^` and `$` see them.
 */
export function withoutFencedCode(text: string): string {
  // Where each closing line starts and ends, by its run (`~~~` and ``` ``` ``` kept apart), in order.
  const closers = new Map<string, { starts: number[]; ends: number[] }>();
  const openers: number[] = [];
  for (let start = 0; start <= text.length; ) {
    const end = lineEnd(text, start);
    const shape = fenceLine(text, start, end);
    if (shape) {
      if (shape.closes) {
        const key = text[shape.runStart] + (shape.runEnd - shape.runStart);
        let held = closers.get(key);
        if (!held) closers.set(key, (held = { starts: [], ends: [] }));
        held.starts.push(start);
        held.ends.push(end);
      }
      openers.push(start);
    }
    if (end >= text.length) break;
    start = end + 1;
  }
  if (openers.length === 0) return text;
  const parts: string[] = [];
  let kept = 0;
  // The `\n` ending an opening line (`[^\n]*\n`), kept for the openers before it: with `\r` line ends
  // there may be none, and each opener searching for it to the end was quadratic.
  let newline = -1;
  for (const start of openers) {
    if (start < kept) continue;
    const shape = fenceLine(text, start, lineEnd(text, start))!;
    if (newline < shape.runEnd) newline = text.indexOf('\n', shape.runEnd);
    if (newline < 0) break;
    const fence = text[shape.runStart];
    for (let length = shape.runEnd - shape.runStart; length >= 3; length--) {
      const held = closers.get(fence + length);
      const at = held ? firstAtOrAfter(held.starts, newline + 1) : -1;
      if (at < 0) continue;
      parts.push(text.slice(kept, start));
      kept = held!.ends[at];
      break;
    }
  }
  if (kept === 0) return text;
  parts.push(text.slice(kept));
  return parts.join('');
}

/** The end of the line starting at `start`: the next `\n`, `\r`, U+2028 or U+2029, or the text's end. */
function lineEnd(text: string, start: number): number {
  for (let at = start; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) return at;
  }
  return text.length;
}

/** A line that opens a fence (up to three spaces, then three or more of one fence character), and whether it could close one too. */
function fenceLine(text: string, start: number, end: number): { runStart: number; runEnd: number; closes: boolean } | undefined {
  let at = start;
  while (at < end && at - start < 3 && text.charCodeAt(at) === 0x20) at++;
  const fence = text.charCodeAt(at);
  if (fence !== 0x60 && fence !== 0x7e) return undefined;
  let runEnd = at;
  while (runEnd < end && text.charCodeAt(runEnd) === fence) runEnd++;
  if (runEnd - at < 3) return undefined;
  let rest = runEnd;
  while (rest < end && (text.charCodeAt(rest) === 0x20 || text.charCodeAt(rest) === 0x09)) rest++;
  return { runStart: at, runEnd, closes: rest === end };
}

/** The index of the first of the ascending `values` at or after `from`, or -1. */
function firstAtOrAfter(values: readonly number[], from: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (values[mid] < from) low = mid + 1;
    else high = mid;
  }
  return low < values.length ? low : -1;
}

const URL_START = /[a-z][a-z\d+.-]{1,15}:\/\/(?=\S)/y;
const WHITE_SPACE = /\s/g;

/**
 * `text` with every wiki link (`[[x]]`), link target (`](x)`) and address (`postgres://…`) replaced by
 * one space. Where a `[[` or `](` finds no closer before its line ends, neither does any opener after
 * it up to where that search stopped: each search's stop is kept and reused, so no stretch of a line
 * is read twice.
 */
export function blankElsewhere(text: string): string {
  const parts: string[] = [];
  let kept = 0;
  // [from, stop): from any start in it, the next `]` or line break (wiki links) is `stop`.
  let wikiFrom = -1;
  let wikiStop = -1;
  let linkFrom = -1;
  let linkStop = -1;
  let runFrom = -1;
  let runStop = -1;
  // The next `://`: an address starts at most 16 characters before it.
  let scheme = -1;
  for (let at = 0; at < text.length; ) {
    const c = text.charCodeAt(at);
    const next = text.charCodeAt(at + 1);
    let end = -1;
    if (c === 0x5b /* [ */ && next === 0x5b) {
      if (!(at + 2 >= wikiFrom && at + 2 <= wikiStop)) {
        wikiFrom = at + 2;
        wikiStop = stopAt(text, at + 2, 0x5d /* ] */);
      }
      if (text.charCodeAt(wikiStop) === 0x5d && text.charCodeAt(wikiStop + 1) === 0x5d) end = wikiStop + 2;
    } else if (c === 0x5d /* ] */ && next === 0x28 /* ( */) {
      if (!(at + 2 >= linkFrom && at + 2 <= linkStop)) {
        linkFrom = at + 2;
        linkStop = stopAt(text, at + 2, 0x29 /* ) */);
      }
      if (text.charCodeAt(linkStop) === 0x29) end = linkStop + 1;
    } else if (c >= 0x61 && c <= 0x7a && scheme !== Infinity && !(at > 0 && isWordChar(text.charCodeAt(at - 1)))) {
      if (scheme < at) {
        const found = text.indexOf('://', at);
        scheme = found < 0 ? Infinity : found;
      }
      URL_START.lastIndex = at;
      if (scheme - at <= 16 && URL_START.test(text)) {
        const from = URL_START.lastIndex;
        if (!(from >= runFrom && from <= runStop)) {
          runFrom = from;
          WHITE_SPACE.lastIndex = from;
          runStop = WHITE_SPACE.exec(text)?.index ?? text.length;
        }
        end = runStop;
      }
    }
    if (end < 0) {
      at++;
      continue;
    }
    parts.push(text.slice(kept, at), ' ');
    kept = at = end;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(kept));
  return parts.join('');
}

/** The first `closer` or `\n` at or after `from`, or the text's end. */
function stopAt(text: string, from: number, closer: number): number {
  for (let at = from; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === closer || c === 10) return at;
  }
  return text.length;
}

/** `\w` without the `u` flag. */
function isWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}
