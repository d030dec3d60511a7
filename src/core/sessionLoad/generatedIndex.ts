import { shorten } from './autoIndexText';

/** A memory file as Claude Code's index backfill sees it. */
export interface BackfillFile {
  /** Relative to the memory folder, `/`-separated. */
  readonly path: string;
  /** The frontmatter's `description`, when it is text. */
  readonly description?: string;
  /** Last modification, in milliseconds: the newest memory is listed first. */
  readonly mtimeMs: number;
}

/** Top-level folders of a memory folder whose files the backfill never lists (compared lower case, NFC, trailing dots and spaces dropped). */
const UNLISTED_FOLDERS = ['team', 'logs', 'sessions', 'proposals'];
/** A path holding one of these would break its own Markdown link, so the backfill skips it. */
const UNLINKABLE = /[[\]()\n\r\u2028\u2029]/;
/** An entry, link and description together, stays under this many characters. */
const LINE_BUDGET = 150;
/** The backfill stops at 70% of the load limits, leaving room to grow. */
export const BACKFILL_LIMITS = { maxLines: Math.floor(200 * 0.7), maxChars: Math.floor(25_000 * 0.7) } as const;

/**
 * Whether the backfill lists a file: Markdown by name (`.md`, as written), not a MEMORY.md, not under
 * a dot folder or one of {@link UNLISTED_FOLDERS}. README.md is listed: Claude Code does not set it apart.
 */
export function backfillLists(path: string): boolean {
  const parts = path.split('/');
  if (!path.endsWith('.md') || parts[parts.length - 1] === 'MEMORY.md') return false;
  if (parts.some((part) => part.startsWith('.'))) return false;
  const top = parts[0].normalize('NFC').replace(/[. ]+$/, '').toLowerCase();
  return !(parts.length > 1 && UNLISTED_FOLDERS.includes(top));
}

/**
 * The MEMORY.md Claude Code writes into an auto memory folder that has memories and no index, at the
 * start of the next session (2.1.328, read from the client and checked by running it): one
 * `- [stem](path) — description` line per memory, newest first, the description's white space folded
 * and shortened to keep the line near 150 characters, stopping at 140 lines or 17,500 characters.
 * Empty when nothing can be listed (then no file is written).
 */
export function generatedIndexText(files: readonly BackfillFile[]): string {
  const listed = files.filter((file) => backfillLists(file.path)).sort((a, b) => b.mtimeMs - a.mtimeMs);
  let text = '';
  let lines = 0;
  for (const file of listed) {
    const line = backfillLine(file);
    if (line === undefined) continue;
    if (lines + 1 > BACKFILL_LIMITS.maxLines || text.length + line.length + 1 > BACKFILL_LIMITS.maxChars) break;
    text += `${line}\n`;
    lines++;
  }
  return text;
}

/** A memory's line in the index Claude Code writes, or undefined when its path cannot be linked. */
export function backfillLine(file: Pick<BackfillFile, 'path' | 'description'>): string | undefined {
  if (UNLINKABLE.test(file.path)) return undefined;
  const base = file.path.slice(file.path.lastIndexOf('/') + 1);
  const link = `- [${base.slice(0, -'.md'.length)}](${file.path})`;
  const description = (file.description ?? '').replace(/\s+/g, ' ').trim();
  const room = LINE_BUDGET - link.length - 3;
  if (description === '' || room <= 1) return link;
  return `${link} \u2014 ${shorten(description, room)}`;
}
