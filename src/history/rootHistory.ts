import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ApprovalReading } from '../core/history/approvalSeal';
import {
  addsAttribution, formatApprovalLine, formatEventLine, isBlobHash, isHistoryPath, latestByPath, parseEventLine,
  parseEventLog, pathNeedle, withAttribution, type ApprovalEvent, type HistoryAuthor, type HistoryEvent, type HistorySource,
} from '../core/history/historyEvent';
import { ApprovalLog, APPROVALS_FILE } from './approvalLog';
import { appendLine, ensureDir, readOwnFile, writeAtomic } from './files';
import { hashBytes } from './hash';

/** Who and what a recorded version came from. */
export interface RecordMeta {
  readonly author: HistoryAuthor;
  readonly source: HistorySource;
  readonly sessionId?: string;
  readonly tool?: string;
  /** Defaults to now. */
  readonly time?: Date;
}

export type RecordResult =
  | { readonly kind: 'recorded'; readonly hash: string }
  /** The path's latest version already has this hash (or a deletion of a path never recorded). */
  | { readonly kind: 'unchanged'; readonly hash: string }
  | { readonly kind: 'failed'; readonly code: string };

/** How a root's approvals started: everything there when first seen counted as reviewed, or nothing. */
export type ApprovalMode = 'from-now' | 'everything';

/** A root's settings, kept in its `root.json` beside the history, never in the root itself. */
export interface RootSettings {
  /** The root's real path, so a person reading the history folder knows whose it is. */
  readonly path: string;
  /** Claude Code's hook blocks agent writes to approved memories and deletions. */
  readonly gate?: boolean;
  readonly mode?: ApprovalMode;
  /** Set once approvals kept by an older version (VS Code's storage) were imported. */
  readonly legacyImported?: boolean;
}

/** Approvals kept the old way: a path -> hash of the text ({@link contentHash} in core), with the mode. */
export interface LegacyApprovals {
  readonly mode: ApprovalMode;
  readonly approved: Readonly<Record<string, string>>;
}

export const LOG_FILE = 'log.jsonl';
export { APPROVALS_FILE };
export const ROOT_FILE = 'root.json';
export const BLOB_FOLDER = 'blobs';

/**
 * The history of one memory root: versions by content hash, an append-only event log and the approvals.
 * Reads never throw: a corrupt line or a missing blob is skipped. Writes report failure in their result
 * (record) or reject (approve, settings), for a caller that decides what a failed write means.
 */
export class RootHistory {
  constructor(
    /** The root's real path. */
    readonly rootPath: string,
    /** The folder holding this root's history (`<history>/roots/<key>`). */
    readonly folder: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.approvalLog = new ApprovalLog(folder);
  }

  private readonly approvalLog: ApprovalLog;

  /**
   * Records that `path` now holds `bytes` (undefined: the file was deleted). Nothing is written when the
   * path's latest version is the same, unless this record says who wrote it where the latest did not
   * (a session, a tool, an agent: see {@link addsAttribution}); never throws.
   */
  async record(path: string, bytes: Uint8Array | undefined, meta: RecordMeta): Promise<RecordResult> {
    try {
      if (!isHistoryPath(path)) return { kind: 'failed', code: 'EINVAL' };
      const hash = bytes ? hashBytes(bytes) : '';
      const latest = await this.latestOf(path);
      if ((latest?.hash ?? '') === hash && !(latest && addsAttribution(latest, meta))) return { kind: 'unchanged', hash };
      await this.ensureFolder();
      if (bytes) await this.putBlob(hash, bytes);
      const line = formatEventLine({ path, hash, time: (meta.time ?? this.now()).toISOString(), author: meta.author, source: meta.source, ...(meta.sessionId ? { sessionId: meta.sessionId } : {}), ...(meta.tool ? { tool: meta.tool } : {}) });
      if (!line) return { kind: 'failed', code: 'EINVAL' };
      await appendLine(join(this.folder, LOG_FILE), line);
      return { kind: 'recorded', hash };
    } catch (error) {
      return { kind: 'failed', code: codeOf(error) };
    }
  }

  /**
   * Records many paths at once (a folder snapshot): the log is read once, not once a path. Paths whose
   * latest version is the same are left out; never throws.
   */
  async recordAll(entries: readonly { readonly path: string; readonly bytes: Uint8Array | undefined }[], meta: RecordMeta): Promise<RecordResult[]> {
    try {
      // A few paths (the hook's case) are each found from the log's end; many, by reading it once.
      const latest = entries.length > 16 ? await this.latest() : new Map<string, HistoryEvent>();
      if (entries.length <= 16) {
        for (const { path } of entries) {
          const event = await this.latestOf(path);
          if (event) latest.set(path, event);
        }
      }
      const time = (meta.time ?? this.now()).toISOString();
      const results: RecordResult[] = [];
      let lines = '';
      for (const { path, bytes } of entries) {
        const hash = bytes ? hashBytes(bytes) : '';
        if (!isHistoryPath(path)) {
          results.push({ kind: 'failed', code: 'EINVAL' });
          continue;
        }
        const before = latest.get(path);
        if ((before?.hash ?? '') === hash && !(before && addsAttribution(before, meta))) {
          results.push({ kind: 'unchanged', hash });
          continue;
        }
        await this.ensureFolder();
        if (bytes) await this.putBlob(hash, bytes);
        lines += formatEventLine({ path, hash, time, author: meta.author, source: meta.source, ...(meta.sessionId ? { sessionId: meta.sessionId } : {}), ...(meta.tool ? { tool: meta.tool } : {}) }) ?? '';
        results.push({ kind: 'recorded', hash });
        // Appended in pieces a single write keeps together.
        if (lines.length > 32_000) {
          await appendLine(join(this.folder, LOG_FILE), lines);
          lines = '';
        }
      }
      if (lines) await appendLine(join(this.folder, LOG_FILE), lines);
      return results;
    } catch (error) {
      return entries.map(() => ({ kind: 'failed', code: codeOf(error) }));
    }
  }

  /** Every event of the root, oldest first. */
  async events(): Promise<HistoryEvent[]> {
    const bytes = await readOwnFile(join(this.folder, LOG_FILE));
    return bytes ? parseEventLog(bytes.toString('utf8')) : [];
  }

  /**
   * The versions of `path`, oldest first, a deletion as an event with hash ''; a repeat of the version
   * before is left out, the session or author it added kept on that version.
   */
  async versions(path: string): Promise<HistoryEvent[]> {
    const out: HistoryEvent[] = [];
    for (const event of await this.events()) {
      if (event.path !== path) continue;
      if (out.length > 0 && out[out.length - 1].hash === event.hash) {
        out[out.length - 1] = withAttribution(out[out.length - 1], event);
        continue;
      }
      out.push(event);
    }
    return out;
  }

  /** The latest event of every path ever recorded (hash '' where the latest is a deletion). */
  async latest(): Promise<Map<string, HistoryEvent>> {
    return latestByPath(await this.events());
  }

  /** The latest event of `path`, found from the log's end without parsing the rest (the hook's fast path). */
  async latestOf(path: string): Promise<HistoryEvent | undefined> {
    return lastLineIn(join(this.folder, LOG_FILE), path, parseEventLine);
  }

  /** The bytes of a stored version, or undefined when it is not (or no longer) kept. */
  async blob(hash: string): Promise<Uint8Array | undefined> {
    if (!isBlobHash(hash)) return undefined;
    const bytes = await readOwnFile(this.blobPath(hash));
    // A blob damaged on disk is as good as missing: what it restores must be what was recorded.
    return bytes && hashBytes(bytes) === hash ? bytes : undefined;
  }

  async hasBlob(hash: string): Promise<boolean> {
    if (!isBlobHash(hash)) return false;
    return stat(this.blobPath(hash)).then((info) => info.isFile(), () => false);
  }

  /** Stores `bytes` as a blob (no event); returns its hash. For a caller that approves text it never recorded. */
  async keep(bytes: Uint8Array): Promise<string> {
    const hash = hashBytes(bytes);
    await this.ensureFolder();
    await this.putBlob(hash, bytes);
    return hash;
  }

  /** path -> approved hash, from the lines Memory Shelf wrote (the gate's and pruning's view). */
  async approvals(): Promise<Map<string, string>> {
    return this.approvalLog.approved();
  }

  /**
   * The approvals as a review reads them: with the paths whose approval record changed outside Memory
   * Shelf, and whether lines of it were taken out (see core/history/approvalSeal).
   */
  async approvalReading(): Promise<ApprovalReading> {
    return this.approvalLog.read();
  }

  /** The hash approved at `path`, found from the approval log's end (the hook's fast path); sealed lines only. */
  async approvedHash(path: string): Promise<string | undefined> {
    const last = await lastLineIn(join(this.folder, APPROVALS_FILE), path, await this.approvalLog.lineReader());
    return last && last.hash !== '' ? last.hash : undefined;
  }

  /** Rewrites the approval log with each path's latest approval (pruning's compaction). */
  async compactApprovals(legacyCompact: () => Promise<void>): Promise<void> {
    await this.ensureFolder();
    await this.approvalLog.compact(legacyCompact);
  }

  /** Approves `bytes` at `path`: keeps the blob (pinned from then on) and appends the approval. Returns the hash. */
  async approve(path: string, bytes: Uint8Array): Promise<string> {
    const hash = await this.keep(bytes);
    await this.appendApproval(path, hash);
    return hash;
  }

  /** Approves a version already kept (a blob of this root). */
  async approveHash(path: string, hash: string): Promise<void> {
    if (!(await this.hasBlob(hash))) throw Object.assign(new Error(`no stored version ${hash}`), { code: 'ENOENT' });
    await this.appendApproval(path, hash);
  }

  /**
   * Approves many paths at once (a first-run baseline, a whole session's changes): `hash` '' withdraws a
   * path's approval, any other hash needs its blob kept already or its `bytes` given (kept, and pinned
   * from then on). Every entry is checked before anything is written, so a bad one rejects the batch
   * whole; the approval lines then go in a few appends (one per 32 KB) rather than one per path.
   */
  async approveAll(entries: readonly { readonly path: string; readonly hash: string; readonly bytes?: Uint8Array }[]): Promise<void> {
    if (entries.length === 0) return;
    const time = this.now().toISOString();
    const approvals: ApprovalEvent[] = [];
    for (const { path, hash, bytes } of entries) {
      if (!formatApprovalLine({ path, hash, time })) throw Object.assign(new Error(`not a root-relative path or a version hash: ${path}`), { code: 'EINVAL' });
      if (bytes && hashBytes(bytes) !== hash) throw Object.assign(new Error(`the bytes given for ${path} are not version ${hash}`), { code: 'EINVAL' });
      if (hash !== '' && !bytes && !(await this.hasBlob(hash))) throw Object.assign(new Error(`no stored version ${hash}`), { code: 'ENOENT' });
      approvals.push({ path, hash, time });
    }
    await this.ensureFolder();
    // The blobs first: an approval is never written for a version that is not kept.
    for (const { hash, bytes } of entries) if (bytes && hash !== '') await this.putBlob(hash, bytes);
    await this.approvalLog.append(approvals);
  }

  /** Withdraws the approval of `path`: a deleted memory accepted as gone, or forgotten. */
  async unapprove(path: string): Promise<void> {
    await this.appendApproval(path, '');
  }

  /** The root's settings; `{ path }` alone when none were written. */
  async settings(): Promise<RootSettings> {
    const bytes = await readOwnFile(join(this.folder, ROOT_FILE));
    try {
      const value = bytes ? (JSON.parse(bytes.toString('utf8')) as Partial<RootSettings>) : {};
      return {
        path: this.rootPath,
        ...(value.gate === true ? { gate: true } : {}),
        ...(value.mode === 'from-now' || value.mode === 'everything' ? { mode: value.mode } : {}),
        ...(value.legacyImported === true ? { legacyImported: true } : {}),
      };
    } catch {
      return { path: this.rootPath };
    }
  }

  /** Changes the given settings, keeping the others. */
  async updateSettings(change: Partial<Omit<RootSettings, 'path'>>): Promise<RootSettings> {
    await this.ensureFolder();
    const next: RootSettings = { ...(await this.settings()), ...change, path: this.rootPath };
    await writeAtomic(this.folder, ROOT_FILE, JSON.stringify(next, undefined, 2) + '\n');
    return next;
  }

  /**
   * Imports approvals VS Code's storage kept before history existed, once per root (later calls do
   * nothing). Their hashes are of the text, not the bytes, so each is matched to bytes: the file on disk
   * when its text still has that hash, else the old approved copy `legacyCopy` returns. What matches
   * neither cannot be imported and is counted as skipped.
   */
  async importLegacyApprovals(
    record: LegacyApprovals,
    textHash: (text: string) => string,
    legacyCopy: (legacyHash: string) => Promise<Uint8Array | undefined>,
    readCurrent: (path: string) => Promise<Uint8Array | undefined>,
  ): Promise<{ readonly imported: number; readonly skipped: number }> {
    const settings = await this.settings();
    if (settings.legacyImported) return { imported: 0, skipped: 0 };
    const approvals: { path: string; hash: string; bytes: Uint8Array }[] = [];
    let skipped = 0;
    for (const [path, legacyHash] of Object.entries(record.approved)) {
      if (!isHistoryPath(path)) {
        skipped++;
        continue;
      }
      const current = await readCurrent(path).catch(() => undefined);
      const bytes = current && textHash(decodeUtf8(current)) === legacyHash ? current : await legacyCopy(legacyHash).catch(() => undefined);
      if (!bytes) {
        skipped++;
        continue;
      }
      approvals.push({ path, hash: hashBytes(bytes), bytes });
    }
    await this.approveAll(approvals);
    const imported = approvals.length;
    await this.updateSettings({ mode: settings.mode ?? record.mode, legacyImported: true });
    return { imported, skipped };
  }

  private async appendApproval(path: string, hash: string): Promise<void> {
    const approval = { path, hash, time: this.now().toISOString() };
    if (!formatApprovalLine(approval)) throw Object.assign(new Error(`not a root-relative path: ${path}`), { code: 'EINVAL' });
    await this.ensureFolder();
    await this.approvalLog.append([approval]);
  }

  blobPath(hash: string): string {
    return join(this.folder, BLOB_FOLDER, hash.slice(0, 2), hash);
  }

  private async putBlob(hash: string, bytes: Uint8Array): Promise<void> {
    if (await this.hasBlob(hash)) return;
    const folder = join(this.folder, BLOB_FOLDER, hash.slice(0, 2));
    await ensureDir(folder);
    await writeAtomic(folder, hash, bytes);
  }

  private folderReady = false;

  private async ensureFolder(): Promise<void> {
    if (this.folderReady) return;
    // Each level checked, so a link put in place of `roots/` or of this folder is refused, not followed out.
    await ensureDir(dirname(this.folder));
    await ensureDir(this.folder);
    const rootFile = join(this.folder, ROOT_FILE);
    if (!(await readOwnFile(rootFile))) await writeAtomic(this.folder, ROOT_FILE, JSON.stringify({ path: this.rootPath }, undefined, 2) + '\n');
    this.folderReady = true;
  }
}

/** How much of a log's end is read first: a path the agent is working on was recorded lately. */
const TAIL_BYTES = 128 * 1024;

/** The last line of a JSONL file holding `path`: looked for in its tail first, then in the whole file. */
async function lastLineIn<T extends { path: string }>(file: string, path: string, parse: (line: string) => T | undefined): Promise<T | undefined> {
  const tail = await readTail(file, TAIL_BYTES);
  if (!tail) return undefined;
  if (tail.whole) return lastLineOf(tail.bytes, path, parse);
  // The tail starts inside a line: only what follows its first line break is whole.
  const found = lastLineOf(tail.bytes.subarray(tail.bytes.indexOf(0x0a) + 1), path, parse);
  if (found) return found;
  const bytes = await readOwnFile(file);
  return bytes ? lastLineOf(bytes, path, parse) : undefined;
}

async function readTail(file: string, length: number): Promise<{ bytes: Buffer; whole: boolean } | undefined> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
    const info = await handle.stat();
    if (!info.isFile()) return undefined;
    const start = Math.max(0, info.size - length);
    const bytes = Buffer.alloc(info.size - start);
    let read = 0;
    while (read < bytes.length) {
      const { bytesRead } = await handle.read(bytes, read, bytes.length - read, start + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return { bytes: bytes.subarray(0, read), whole: start === 0 };
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** The last line of a JSONL buffer that holds `path` and parses, searched from the end. */
function lastLineOf<T extends { path: string }>(bytes: Buffer, path: string, parse: (line: string) => T | undefined): T | undefined {
  const needle = Buffer.from(pathNeedle(path), 'utf8');
  let end = bytes.length;
  while (end > 0) {
    const at = bytes.lastIndexOf(needle, end - 1);
    if (at < 0) return undefined;
    const start = bytes.lastIndexOf(0x0a, at) + 1;
    let stop = bytes.indexOf(0x0a, at);
    if (stop < 0) stop = bytes.length;
    const item = parse(bytes.subarray(start, stop).toString('utf8'));
    if (item && item.path === path) return item;
    end = start - 1;
  }
  return undefined;
}

function decodeUtf8(bytes: Uint8Array): string {
  // A byte-order mark kept, as the extension's reader keeps it in the text it hashes.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : 'EIO';
}
