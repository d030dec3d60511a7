import { blankInlineCode, stepFence } from '../../codeFence';
import { LineIndex } from '../../lineIndex';
import type { MemoryFile } from '../../memoryFile';

/**
 * The part of a file where prose lives, as a string of the text's length: the body and the value of
 * `description`, with everything else (other frontmatter keys such as `modified:`, fenced and inline
 * code, URLs, links) blanked to spaces. Line breaks are kept, so offsets and positions in the result
 * are those of the text.
 */
export function proseOf(text: string, memory: MemoryFile | undefined): string {
  const keep: [number, number][] = [];
  const bodyStart = memory ? memory.frontmatter.bodyStart : 0;
  const description = memory?.frontmatter.fields.get('description');
  if (description) {
    const lines = new LineIndex(text);
    const start = lines.offsetAt(description.valueRange.start);
    const end = lines.offsetAt(description.valueRange.end);
    if (end > start && end <= bodyStart) keep.push([start, end]);
  }
  keep.push([bodyStart, text.length]);

  let out = '';
  let at = 0;
  for (const [start, end] of keep) {
    out += blank(text.slice(at, start));
    out += maskBody(text.slice(start, end));
    at = end;
  }
  return out + blank(text.slice(at));
}

function blank(part: string): string {
  return /[\r\n]/.test(part) ? part.replace(/[^\r\n]+/g, (run) => ' '.repeat(run.length)) : ' '.repeat(part.length);
}

function maskBody(body: string): string {
  let out = '';
  let fence: string | undefined;
  let lineStart = 0;
  while (lineStart < body.length) {
    let lineEnd = body.indexOf('\n', lineStart);
    lineEnd = lineEnd < 0 ? body.length : lineEnd + 1;
    const line = body.slice(lineStart, lineEnd);
    const step = stepFence(line, fence);
    fence = step.fence;
    out += step.isCode ? blank(line) : blankInlineCode(line);
    lineStart = lineEnd;
  }
  return blankNames(out);
}

// What opens a name: a URL's scheme, a [[link]], a link destination, an HTML comment.
const OPENERS = ['http', '[[', '](', '<!--'] as const;
const URL_END = /[\s<>)\]]/g;

/**
 * `text` with URLs, [[links]], link destinations and HTML comments blanked: they name things, and
 * "next-week-launch" in a file name is not a date. Each opener and each closer is found by a search
 * that remembers where it last found it, so a thousand `](` with no `)`, or `<!--` with no `-->`,
 * cost one search in all, not one per opener (a backtracking pattern rescans the rest of the line, or
 * of the file, from every one).
 */
function blankNames(text: string): string {
  const search = new ForwardSearch(text);
  const parts: string[] = [];
  let at = 0;
  let from = 0;
  for (;;) {
    let start = -1;
    let opener = '';
    for (const candidate of OPENERS) {
      const index = search.next(candidate, from);
      if (index >= 0 && (start < 0 || index < start)) {
        start = index;
        opener = candidate;
      }
    }
    if (start < 0) break;
    const end = nameEnd(text, opener, start, search);
    if (end < 0) {
      // "[[[x]]" holds a link from its second bracket on.
      from = start + 1;
      continue;
    }
    parts.push(text.slice(at, start), blank(text.slice(start, end)));
    at = from = end;
  }
  if (at === 0) return text;
  parts.push(text.slice(at));
  return parts.join('');
}

/** Where the name opened by `opener` at `start` ends, or -1 when it does not close. */
function nameEnd(text: string, opener: string, start: number, ends: ForwardSearch): number {
  const from = start + opener.length;
  switch (opener) {
    case '<!--': {
      const close = ends.next('-->', from);
      return close < 0 ? -1 : close + 3;
    }
    case '](': {
      const close = ends.next(')', from);
      return close >= 0 && close < ends.next('\n', from) && close < ends.next('\r', from) ? close + 1 : -1;
    }
    case '[[': {
      // `[^\[\]\r\n]*\]\]`: the first bracket or line break decides, and it lies within a step or two.
      let i = from;
      while (i < text.length && !'[]\r\n'.includes(text[i])) i++;
      return text.startsWith(']]', i) ? i + 2 : -1;
    }
    default: {
      // A URL needs a word boundary before its scheme (not "xhttp://").
      if (start > 0 && /\w/.test(text[start - 1])) return -1;
      const scheme = text.startsWith('s://', from) ? 4 : text.startsWith('://', from) ? 3 : 0;
      if (scheme === 0) return -1;
      URL_END.lastIndex = from + scheme;
      const stop = URL_END.exec(text);
      const end = stop ? stop.index : text.length;
      return end > from + scheme ? end : -1;
    }
  }
}

/** indexOf that remembers, per needle, the last position found: searches from ever later offsets cost one pass in all. */
class ForwardSearch {
  private readonly found = new Map<string, number>();

  constructor(private readonly text: string) {}

  /** The first index of `needle` at or after `from`, or -1. */
  next(needle: string, from: number): number {
    const last = this.found.get(needle);
    if (last !== undefined && (last < 0 || last >= from)) return last;
    const index = this.text.indexOf(needle, from);
    this.found.set(needle, index);
    return index;
  }
}
