import type { MemoryFile } from '../memoryFile';

/** Where a `[[` being typed stands on its line, for completion. */
export interface LinkTyping {
  /** Character where the target starts (right after `[[`). */
  readonly start: number;
  /** Character where the target already written ends (before `]]`, `|` or `#`). */
  readonly end: number;
  /** What is typed so far. */
  readonly prefix: string;
  /** Whether `]]` already closes the link, so completion must not add another. */
  readonly closed: boolean;
}

const OPEN_LINK = /\[\[([^[\]\r\n|#]*)$/;
const REST_OF_TARGET = /^[^[\]\r\n|#]*/;
const CLOSING = /^(?:[|#][^[\]\r\n]*)?\]\]/;

/** Whether `character` on `line` is inside the target of a `[[link` (closed or not). */
export function linkTypingAt(line: string, character: number): LinkTyping | undefined {
  const open = OPEN_LINK.exec(line.slice(0, character));
  if (!open) return undefined;
  const rest = line.slice(character);
  const end = character + REST_OF_TARGET.exec(rest)![0].length;
  return { start: character - open[1].length, end, prefix: open[1], closed: CLOSING.test(line.slice(end)) };
}

/**
 * The first lines of a memory's body for a preview: leading blank lines skipped, at most `maxLines`
 * lines, each cut at `maxChars`, trailing blank lines dropped.
 */
export function bodyPreview(memory: MemoryFile, maxLines = 6, maxChars = 160): string[] {
  const lines = memory.text.slice(memory.frontmatter.bodyStart).split(/\r\n|\n|\r/);
  const out: string[] = [];
  for (const raw of lines) {
    if (out.length >= maxLines) break;
    if (out.length === 0 && raw.trim() === '') continue;
    out.push(raw.length > maxChars ? `${raw.slice(0, maxChars - 1)}…` : raw);
  }
  while (out.length > 0 && out[out.length - 1].trim() === '') out.pop();
  return out;
}
