// What Claude Code stamps on each memory it writes (2.1.x): `metadata.node_type: memory`, the session
// that wrote it (`metadata.originSessionId`) and when (`metadata.modified`). They are records of the
// write, not settings: the form shows them as one line of facts and never offers them for editing (a
// hand-changed session id would send a reviewer to the wrong transcript). Shared by the host, which
// takes them out of the editable keys and refuses edits to them, and the webview, which words them.
import type { FieldView, StampView } from './protocol';

/** The stamp's keys, by dotted path. */
export const STAMP_PATHS: ReadonlySet<string> = new Set(['metadata.node_type', 'metadata.originSessionId', 'metadata.modified']);

/** Whether `path` is one of the keys Claude Code stamps, which the form never writes. */
export function isStampPath(path: string): boolean {
  return STAMP_PATHS.has(path);
}

/**
 * Splits the frontmatter's keys into the stamp and the rest. A stamp key counts only with a plain
 * value (text or number) and, for `node_type`, the value Claude Code writes (`memory`): any other
 * shape is not Claude Code's stamp and stays an ordinary key, as unknown keys always have.
 */
export function splitStamp(fields: readonly FieldView[]): { stamp: StampView | undefined; others: FieldView[] } {
  let writtenByClaudeCode = false;
  let session: string | undefined;
  let modified: string | undefined;
  const others: FieldView[] = [];
  for (const field of fields) {
    const plain = (field.kind === 'text' || field.kind === 'number') && field.value.trim() !== '';
    if (plain && field.path === 'metadata.node_type' && field.value.trim() === 'memory') writtenByClaudeCode = true;
    else if (plain && field.path === 'metadata.originSessionId') session = field.value.trim();
    else if (plain && field.path === 'metadata.modified') modified = field.value.trim();
    else others.push(field);
  }
  if (!writtenByClaudeCode && session === undefined && modified === undefined) return { stamp: undefined, others };
  // A session id is only ever written by a Claude Code session.
  const stamp: StampView = { writtenByClaudeCode: writtenByClaudeCode || session !== undefined, ...(session !== undefined ? { session } : {}), ...(modified !== undefined ? { modified } : {}) };
  return { stamp, others };
}

/** A session id as the line shows it: its first eight characters, as Show History labels the same session (the full id is in the tooltip). */
export function shortSession(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}\u2026` : id;
}

const STAMPED_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * `metadata.modified` as a person reads it: `2026-07-30 16:40`. Claude Code writes an ISO time in UTC
 * (`…Z`): it is shown in the reader's own time zone (`offsetOf` gives that zone's offset in minutes at
 * that moment; the webview's clock by default), like every other time VS Code shows. A time without a
 * zone or a bare date is shown as written; anything else is shown unchanged.
 */
export function formatModified(value: string, offsetOf: (date: Date) => number = (date) => -date.getTimezoneOffset()): string {
  const match = STAMPED_TIME.exec(value.trim());
  if (!match) return value;
  const [, year, month, day, hour, minute, zone] = match;
  if (hour === undefined || minute === undefined) return `${year}-${month}-${day}`;
  if (zone === undefined) return `${year}-${month}-${day} ${hour}:${minute}`;
  const date = new Date(value.trim());
  if (Number.isNaN(date.getTime())) return value;
  const local = new Date(date.getTime() + offsetOf(date) * 60_000);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** The words of the stamp line, in the display language the host sent. */
export interface StampWords {
  readonly stampWrittenBy: string;
  /** `{0}`: the short session id. */
  readonly stampSession: string;
  /** `{0}`: the time. */
  readonly stampModified: string;
}

/** "Written by Claude Code · session 0b3c… · modified 2026-07-30 07:40", with what the file does not say left out. */
export function stampLine(stamp: StampView, words: StampWords, offsetOf?: (date: Date) => number): string {
  const parts: string[] = [];
  if (stamp.writtenByClaudeCode) parts.push(words.stampWrittenBy);
  if (stamp.session !== undefined) parts.push(words.stampSession.replace('{0}', shortSession(stamp.session)));
  if (stamp.modified !== undefined) parts.push(words.stampModified.replace('{0}', formatModified(stamp.modified, offsetOf)));
  return parts.join(' \u00b7 ');
}
