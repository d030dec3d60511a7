import { INLINE_CODE, stepFence } from './codeFence';
import { lineRange } from './lineCursor';
import type { LinePositions } from './types';
import type { Range } from './types';

/** One `[[target]]` (or `[[target|label]]`, `[[target#heading]]`) in a file. */
export interface MemoryLink {
  /** The target as written, trimmed: what resolution looks up. */
  readonly target: string;
  /** The whole `[[...]]`. */
  readonly range: Range;
  /** Just the target text inside the brackets: what a rename replaces. */
  readonly targetRange: Range;
}

/**
 * A link's place as four numbers, made into ranges when asked: a `[[...]]` never spans lines, and a
 * root's links held as Range and Position objects cost more heap than the links themselves.
 */
class PackedLink implements MemoryLink {
  constructor(
    readonly target: string,
    private readonly line: number,
    private readonly from: number,
    private readonly to: number,
    private readonly targetFrom: number,
  ) {}

  get range(): Range {
    return lineRange(this.line, this.from, this.to);
  }

  get targetRange(): Range {
    return lineRange(this.line, this.targetFrom, this.targetFrom + this.target.length);
  }

  toJSON(): MemoryLink {
    return { target: this.target, range: this.range, targetRange: this.targetRange };
  }
}

const WIKI_LINK = /\[\[([^\[\]\r\n|#]+)((?:[|#][^\[\]\r\n]*)?)\]\]/g;

/**
 * Finds wiki links from `start` to the end of `text`, skipping fenced code blocks and inline code
 * spans, where `[[x]]` is an example rather than a link. A line scanner rather than markdown-it: links
 * are needed for every file of a 20,000-file root at load, and a full Markdown parse would cost more
 * than everything else together while changing nothing for this one construct.
 */
export function findLinks(text: string, start: number, lines: LinePositions): MemoryLink[] {
  const links: MemoryLink[] = [];
  // Most bodies have no link at all, and in the rest only a few lines do: lines are sliced only when
  // they hold a `[[` or could open or close a code fence.
  let nextLink = text.indexOf('[[', start);
  let fence: string | undefined;
  let lineStart = start;
  while (lineStart < text.length && nextLink >= 0) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const hasLink = nextLink < lineEnd;
    if (hasLink || mayBeFence(text, lineStart, lineEnd)) {
      const line = text.slice(lineStart, lineEnd);
      const step = stepFence(line, fence);
      fence = step.fence;
      if (!step.isCode && hasLink) collectLineLinks(maskInlineCode(line), lineStart, lines, links);
    }
    lineStart = lineEnd + 1;
    if (nextLink < lineStart) nextLink = text.indexOf('[[', lineStart);
  }
  return links;
}

/** Whether the line could be a code fence: up to three spaces, then a backtick or a tilde. */
function mayBeFence(text: string, lineStart: number, lineEnd: number): boolean {
  for (let i = lineStart; i < lineEnd && i <= lineStart + 3; i++) {
    const c = text.charCodeAt(i);
    if (c === 96 /* ` */ || c === 126 /* ~ */) return true;
    if (c !== 32) return false;
  }
  return false;
}

function collectLineLinks(line: string, lineOffset: number, lines: LinePositions, out: MemoryLink[]): void {
  WIKI_LINK.lastIndex = 0;
  for (let match = WIKI_LINK.exec(line); match; match = WIKI_LINK.exec(line)) {
    const raw = match[1];
    const target = raw.trim();
    if (!target) continue;
    const startOffset = lineOffset + match.index;
    const targetStart = startOffset + 2 + (raw.length - raw.trimStart().length);
    const character = lines.characterOf(startOffset);
    out.push(new PackedLink(target, lines.lineOf(startOffset), character, character + match[0].length, character + targetStart - startOffset));
  }
}

/** Replaces inline code spans with spaces of the same length, so offsets stay true. */
function maskInlineCode(line: string): string {
  if (!line.includes('`')) return line;
  return line.replace(INLINE_CODE, (span) => ' '.repeat(span.length));
}
