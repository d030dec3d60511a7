/**
 * The history's event log, one JSON object a line. Pure: the store (src/history) does the file work.
 * A line is written whole by one append, so every field is bounded and a line stays well under the
 * size a single write keeps together.
 */

/** Who wrote a version, as far as Memory Shelf can tell. */
export type HistoryAuthor = 'agent' | 'person' | 'unknown';

/**
 * What saw the version: the extension loading a root, a change arriving from disk, a save in VS Code,
 * the copy taken before one of Memory Shelf's own edits, a restore, Reject putting back the approved version, Claude Code's hook before and after
 * a tool call, the CLI. Open-ended so a new source needs no format change.
 */
export type HistorySource = 'load' | 'disk-change' | 'save' | 'before-edit' | 'restore' | 'reject' | 'hook-pre' | 'hook-post' | 'cli' | 'import' | (string & {});

/** One version of one memory file, or its deletion (`hash` is ''). */
export interface HistoryEvent {
  /** Root-relative, `/`-separated. */
  readonly path: string;
  /** sha256 of the file's bytes (64 hex digits), or '' when the file was deleted. */
  readonly hash: string;
  /** ISO 8601, UTC. */
  readonly time: string;
  readonly author: HistoryAuthor;
  readonly source: HistorySource;
  /** Claude Code's session id, when the version came through its hook. */
  readonly sessionId?: string;
  /** The agent's tool (Write, Edit, MultiEdit, Bash), when known. */
  readonly tool?: string;
}

/** What a person approved at one path: the hash, or '' when the approval was withdrawn (the memory forgotten). */
export interface ApprovalEvent {
  readonly path: string;
  readonly hash: string;
  readonly time: string;
}

/** Longest path, session id or tool a line carries: far past real ones, and keeps a line one small write. */
export const MAX_PATH_LENGTH = 1024;
const MAX_FIELD_LENGTH = 128;
const HASH = /^[0-9a-f]{64}$/;
const AUTHORS: ReadonlySet<string> = new Set(['agent', 'person', 'unknown']);

/** Whether `hash` names a blob: 64 lowercase hex digits. */
export function isBlobHash(hash: string): boolean {
  return HASH.test(hash);
}

/**
 * Whether `path` is a root-relative path the history may key on: `/`-separated, relative, no `.` or
 * `..` segment, no empty segment, no NUL or backslash, not too long.
 */
export function isHistoryPath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_PATH_LENGTH || path.includes('\\') || path.includes('\0')) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The line for `event`, newline included; undefined when the event is not one the log may hold. */
export function formatEventLine(event: HistoryEvent): string | undefined {
  if (!isHistoryPath(event.path) || (event.hash !== '' && !isBlobHash(event.hash)) || !AUTHORS.has(event.author)) return undefined;
  // `path` right after `v` and `time`, always: readers find a path's latest line by searching for `"path":…,`.
  const line: Record<string, unknown> = { v: 1, time: event.time, path: event.path, hash: event.hash, author: event.author, source: clip(event.source) };
  if (event.sessionId) line.sessionId = clip(event.sessionId);
  if (event.tool) line.tool = clip(event.tool);
  return JSON.stringify(line) + '\n';
}

/** The event on one line, or undefined for a line that is not one (corrupt, cut, from a newer format). */
export function parseEventLine(line: string): HistoryEvent | undefined {
  const value = parseObject(line);
  if (!value) return undefined;
  const { time, path, hash, author, source, sessionId, tool } = value;
  if (typeof time !== 'string' || typeof path !== 'string' || typeof hash !== 'string' || typeof source !== 'string') return undefined;
  if (!isHistoryPath(path) || (hash !== '' && !isBlobHash(hash))) return undefined;
  return {
    path,
    hash,
    time,
    author: typeof author === 'string' && AUTHORS.has(author) ? (author as HistoryAuthor) : 'unknown',
    source,
    ...(typeof sessionId === 'string' && sessionId ? { sessionId } : {}),
    ...(typeof tool === 'string' && tool ? { tool } : {}),
  };
}

export function formatApprovalLine(approval: ApprovalEvent): string | undefined {
  if (!isHistoryPath(approval.path) || (approval.hash !== '' && !isBlobHash(approval.hash))) return undefined;
  return JSON.stringify({ v: 1, time: approval.time, path: approval.path, hash: approval.hash }) + '\n';
}

export function parseApprovalLine(line: string): ApprovalEvent | undefined {
  const value = parseObject(line);
  if (!value) return undefined;
  const { time, path, hash } = value;
  if (typeof time !== 'string' || typeof path !== 'string' || typeof hash !== 'string') return undefined;
  if (!isHistoryPath(path) || (hash !== '' && !isBlobHash(hash))) return undefined;
  return { path, hash, time };
}

/** What a line holding `path` contains, for finding a path's latest line without parsing the whole log. */
export function pathNeedle(path: string): string {
  return `"path":${JSON.stringify(path)},`;
}

/** Every event of a log's text, in order; lines that do not parse are skipped. */
export function parseEventLog(text: string): HistoryEvent[] {
  return parseLines(text, parseEventLine);
}

export function parseApprovalLog(text: string): ApprovalEvent[] {
  return parseLines(text, parseApprovalLine);
}

/** The latest approval of each path from an approval log, withdrawn ones left out. */
export function foldApprovals(approvals: readonly ApprovalEvent[]): Map<string, string> {
  const approved = new Map<string, string>();
  for (const approval of approvals) {
    if (approval.hash === '') approved.delete(approval.path);
    else approved.set(approval.path, approval.hash);
  }
  return approved;
}

/**
 * Whether `next`, a record of the same version as `latest`, says who wrote it where `latest` did not:
 * the extension sees an agent's write on disk before Claude Code's PostToolUse hook reports it, and the
 * session would be lost if the hook's record counted as a repeat. Once a session is attached, a record
 * of the same version is a repeat again, so the same hook event twice is kept once.
 */
export function addsAttribution(latest: Pick<HistoryEvent, 'author' | 'sessionId' | 'tool'>, next: Pick<HistoryEvent, 'author' | 'sessionId' | 'tool'>): boolean {
  // Only the hook names a session or a tool: the extension's own records (load, a change on disk) never
  // re-attribute a version, so a file-watcher echo after a load does not make a file the agent's.
  if (latest.sessionId) return false;
  return Boolean(next.sessionId) || (Boolean(next.tool) && !latest.tool);
}

/** `kept` with the attribution a later record of the same version added (its time stays: the version appeared then). */
export function withAttribution(kept: HistoryEvent, next: HistoryEvent): HistoryEvent {
  if (!addsAttribution(kept, next)) return kept;
  return {
    ...kept,
    author: next.author === 'unknown' ? kept.author : next.author,
    ...(next.sessionId ? { sessionId: next.sessionId } : {}),
    ...(next.tool ? { tool: next.tool } : {}),
  };
}

/** The latest event of each path (a deletion included: its hash is ''). */
export function latestByPath(events: readonly HistoryEvent[]): Map<string, HistoryEvent> {
  const latest = new Map<string, HistoryEvent>();
  for (const event of events) latest.set(event.path, event);
  return latest;
}

function parseLines<T>(text: string, parse: (line: string) => T | undefined): T[] {
  const out: T[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end > start) {
      const item = parse(text.slice(start, end));
      if (item !== undefined) out.push(item);
    }
    start = end + 1;
  }
  return out;
}

function parseObject(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function clip(text: string): string {
  return text.length > MAX_FIELD_LENGTH ? text.slice(0, MAX_FIELD_LENGTH) : text;
}
