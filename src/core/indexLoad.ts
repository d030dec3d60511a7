import { stepFence } from './codeFence';

/**
 * How Claude Code reads a memory folder's MEMORY.md at session start; every "loads" statement (root
 * label, index lens, status bar, cut marker) says what this says, as the session preview builds it:
 * - `entrypoint`: the auto memory's, a subagent's or a team index, up to the load limits (the cut
 *   {@link measureIndexLoad} finds); each memory file is read only when recalled.
 * - `imported`: a project folder's index that a CLAUDE.md imports (`@memory/MEMORY.md`): the whole
 *   file, as any import; the limits do not cut it, though they stay a good size to keep.
 * - `not-loaded`: nothing loads it (no import, auto memory turned off, no agent asking for it).
 */
export type IndexLoadWay = 'entrypoint' | 'imported' | 'not-loaded';

/** Whether Claude Code stops reading this index at a cut: only an entrypoint index is cut. */
export function indexIsCut(way: IndexLoadWay, measure: { readonly cut: unknown }): boolean {
  return way === 'entrypoint' && measure.cut !== undefined;
}

/** The load limits of an index: lines, and characters in UTF-16 code units. */
export interface LoadLimits {
  readonly maxLines: number;
  readonly maxChars: number;
}

/** Where the load stops in the source text, and which limit stopped it. */
export interface SourceCut {
  /** Offset in the source text of the first loaded character past the cut (a line's start, unless a line is cut partly). */
  readonly offset: number;
  readonly limit: 'lines' | 'chars';
}

/** What Claude Code loads of an index and how much it counts. */
export interface IndexLoadMeasure {
  /** Lines of the loaded content after trimming. */
  readonly lines: number;
  /** UTF-16 length of the loaded content after trimming. */
  readonly chars: number;
  readonly cut: SourceCut | undefined;
}

/**
 * Claude Code's load of an index, as the current release counts it. Since 2.1.211 the limit is
 * measured on the loaded content, which leaves out the frontmatter and block-level HTML comments
 * (hidden from Claude when injected since 2.1.72); the loaded text is trimmed, kept to its first
 * `maxLines` lines, then, if still longer than `maxChars` JavaScript characters, cut at the last line
 * break before that length (memdir `truncateEntrypointContent`). The cut is mapped back to the source,
 * so an editor can mark where reading stops in the file as written.
 */
export function measureIndexLoad(source: string, limits: LoadLimits): IndexLoadMeasure {
  const loaded = loadedContent(source);
  const text = loaded.text;
  const trimmed = text.trim();
  const lead = text.length - text.trimStart().length;
  let lines = trimmed === '' ? 0 : 1;
  let kept = trimmed.length;
  let limit: SourceCut['limit'] = 'lines';
  for (let lf = trimmed.indexOf('\n'); lf >= 0; lf = trimmed.indexOf('\n', lf + 1)) {
    lines++;
    if (lines === limits.maxLines + 1 && kept === trimmed.length) kept = lf;
  }
  if (kept > limits.maxChars) {
    const cutAt = trimmed.lastIndexOf('\n', limits.maxChars);
    kept = cutAt > 0 ? cutAt : limits.maxChars;
    limit = 'chars';
  }
  if (kept >= trimmed.length) return { lines, chars: trimmed.length, cut: undefined };
  // The source offset of the first loaded character not loaded: past the line break the cut falls on,
  // so comment lines between the last line loaded and the next are not taken for cut content.
  let resume = lead + kept;
  if (text[resume] === '\n') resume++;
  const cut = { offset: loaded.toSource(resume), limit };
  return { lines, chars: trimmed.length, cut };
}

/** The loaded content of a source text and the way back from its offsets to the source's. */
export interface LoadedContent {
  readonly text: string;
  toSource(offset: number): number;
}

/**
 * The source without its frontmatter and block-level HTML comments: a line that starts (after up to
 * three spaces, outside a code fence) with `<!--`, through the line holding the `-->` that closes it.
 * What a closing line holds after the comment stays; a comment never closed is not one and stays
 * whole, as a Markdown lexer leaves it.
 */
export function loadedContent(source: string): LoadedContent {
  // Segments of the source kept, in order: [loaded start, source start, length].
  const segments: [number, number, number][] = [];
  let loadedLength = 0;
  const keep = (from: number, to: number): void => {
    if (to <= from) return;
    const last = segments[segments.length - 1];
    if (last && last[1] + last[2] === from) last[2] += to - from;
    else segments.push([loadedLength, from, to - from]);
    loadedLength += to - from;
  };
  let at = frontmatterEnd(source);
  let fence: string | undefined;
  while (at < source.length) {
    const lineEnd = endOfLine(source, at);
    const line = source.slice(at, lineEnd);
    const step = stepFence(line, fence);
    fence = step.fence;
    const open = step.isCode ? -1 : commentOpening(line);
    if (open < 0) {
      keep(at, lineEnd);
      at = lineEnd;
      continue;
    }
    const close = source.indexOf('-->', at + open + 4);
    if (close < 0) {
      // Unclosed: not a comment; the rest is text.
      keep(at, source.length);
      break;
    }
    // The comment runs to its line's end; what follows `-->` on that line (more comments left out) stays.
    const closeLineEnd = endOfLine(source, close);
    if (!onlyComments(source.slice(close + 3, closeLineEnd))) keep(close + 3, closeLineEnd);
    at = closeLineEnd;
  }
  const text = segments.map(([, from, length]) => source.slice(from, from + length)).join('');
  return {
    text,
    toSource(offset: number): number {
      for (const [start, from, length] of segments) {
        if (offset < start + length) return from + Math.max(0, offset - start);
      }
      const last = segments[segments.length - 1];
      return last ? last[1] + last[2] : source.length;
    },
  };
}

/**
 * Whether `text` is blank once its `<!-- … -->` comments are left out, as
 * `text.replace(/<!--[\s\S]*?-->/g, '').trim() === ''` says, with one search per comment: the pattern
 * searched to the end for a `-->` from every `<!--` of a line that closes none.
 */
export function onlyComments(text: string): boolean {
  let rest = '';
  let at = 0;
  for (let open = text.indexOf('<!--'); open >= 0; open = text.indexOf('<!--', at)) {
    const close = text.indexOf('-->', open + 4);
    // No `-->` after this `<!--`, so none after any later one either: the rest is text.
    if (close < 0) break;
    rest += text.slice(at, open);
    at = close + 3;
  }
  return (rest + text.slice(at)).trim() === '';
}

/** Offset just past the line holding `at`, its line break included. */
function endOfLine(text: string, at: number): number {
  const lf = text.indexOf('\n', at);
  return lf < 0 ? text.length : lf + 1;
}

/** Where a block-level comment opens on the line (`<!--` after up to three spaces), or -1. */
function commentOpening(line: string): number {
  let i = 0;
  while (i < 3 && line.charCodeAt(i) === 32) i++;
  return line.startsWith('<!--', i) ? i : -1;
}

/** Offset past a leading `---` frontmatter block, or 0 when the text has none. */
function frontmatterEnd(text: string): number {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return 0;
  const close = /^---[ \t]*(?:\r?\n|$)/m;
  const rest = text.slice(open[0].length);
  const match = close.exec(rest);
  return match ? open[0].length + match.index + match[0].length : 0;
}
