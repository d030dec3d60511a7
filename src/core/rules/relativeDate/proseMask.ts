import { INLINE_CODE, stepFence } from '../../codeFence';
import { LineIndex } from '../../lineIndex';
import type { MemoryFile } from '../../memoryFile';

// URLs, [[links]] and link destinations name things: "next-week-launch" in a file name is not a date.
const NAMES = /\bhttps?:\/\/[^\s<>)\]]+|\[\[[^\[\]\r\n]*\]\]|\]\([^)\r\n]*\)|<!--[\s\S]*?-->/g;

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
    if (step.isCode) out += blank(line);
    else out += line.includes('`') ? line.replace(INLINE_CODE, blank) : line;
    lineStart = lineEnd;
  }
  return out.replace(NAMES, blank);
}
