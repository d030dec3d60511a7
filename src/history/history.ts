import { constants } from 'node:fs';
import { lstat, open, readdir, realpath, rm, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatApprovalLine, formatEventLine, isBlobHash, parseApprovalLog, parseEventLog, withAttribution, type HistoryEvent } from '../core/history/historyEvent';
import { choosePrune, lastVersions, type BlobUse } from '../core/history/pruning';
import { claudeConfigDir } from '../rootLocations/autoMemory';
import { appendLine, ensureDir, FILE_MODE, readOwnFile, writeAtomic } from './files';
import { unsafeHistoryFolder } from './folderOwner';
import { hashBytes } from './hash';
import { historyDir, isInside } from './location';
import { APPROVALS_FILE, BLOB_FOLDER, LOG_FILE, RootHistory, type RootSettings } from './rootHistory';

export interface HistoryOptions {
  /** The history folder; by default {@link historyDir} of this process (MEMORY_SHELF_HISTORY_DIR, XDG state, ...). */
  readonly dir?: string;
  /** The bound {@link History.prune} keeps the whole history under (blobs and logs together). */
  readonly maxBytes?: number;
  readonly now?: () => Date;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
const ROOTS_FOLDER = 'roots';
const ERRORS_FILE = 'errors.log';
const PRUNE_LOCK = 'prune.lock';
/** A prune lock older than this was left by a process that died. */
const STALE_LOCK_MS = 120_000;
const MAX_ERRORS_BYTES = 64 * 1024;

/** Why a history folder or root was refused. */
export class HistoryLocationError extends Error {
  readonly code = 'EHISTORYLOCATION';
}

export interface PruneReport {
  readonly before: number;
  readonly after: number;
  readonly removedBlobs: number;
  /** Bytes of approved versions, which are kept even past the bound. */
  readonly pinnedBytes: number;
}

/** Everything Memory Shelf keeps of memories' past, for every root; see docs/history.md. */
export class History {
  readonly dir: string;
  readonly maxBytes: number;
  private readonly now: () => Date;

  private constructor(dir: string, maxBytes: number, now: () => Date) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.now = now;
  }

  /**
   * The history at its usual place (or `options.dir`). Writes no file; throws HistoryLocationError
   * when the folder lies in Claude Code's config folder, which Claude Code reads, or when a folder named
   * by MEMORY_SHELF_HISTORY_DIR is not the user's alone ({@link unsafeHistoryFolder}).
   */
  static open(options: HistoryOptions = {}): History {
    const env = options.env ?? process.env;
    const dir = resolve(options.dir ?? historyDir({ env, platform: process.platform, homeDir: homedir() }));
    const claude = claudeConfigDir(env, homedir(), dir);
    if (isInside(dir, claude) || isInside(claude, dir)) throw new HistoryLocationError(`history cannot live in Claude Code's folder ${claude}`);
    const named = options.dir === undefined && env['MEMORY_SHELF_HISTORY_DIR'] ? unsafeHistoryFolder(dir) : undefined;
    if (named) throw new HistoryLocationError(`${named}: Memory Shelf keeps approvals there, so it will not use it`);
    return new History(dir, options.maxBytes ?? DEFAULT_MAX_BYTES, options.now ?? (() => new Date()));
  }

  /** The key of a root's folder: a hash of its real path. */
  static keyOf(realRootPath: string): string {
    return hashBytes(Buffer.from(realRootPath, 'utf8')).slice(0, 32);
  }

  /**
   * The history of the root at `rootPath` (its real path decides, so a link to it shares its history).
   * Throws HistoryLocationError when the root and the history folder overlap: history inside a root
   * would be read by the agent, a root inside history would be pruned.
   */
  async root(rootPath: string): Promise<RootHistory> {
    const real = await realpath(rootPath).catch(() => resolve(rootPath));
    const dir = await realpath(this.dir).catch(() => this.dir);
    if (isInside(dir, real) || isInside(real, dir)) throw new HistoryLocationError(`the history folder ${dir} and the memory folder ${real} overlap`);
    return new RootHistory(real, join(this.dir, ROOTS_FOLDER, History.keyOf(real)), this.now);
  }

  /** The settings (and so the paths) of every root with a history. */
  async roots(): Promise<RootSettings[]> {
    const out: RootSettings[] = [];
    for (const key of await this.rootKeys()) {
      const bytes = await readOwnFile(join(this.dir, ROOTS_FOLDER, key, 'root.json'));
      try {
        const path = bytes ? (JSON.parse(bytes.toString('utf8')) as { path?: unknown }).path : undefined;
        if (typeof path === 'string') out.push(await new RootHistory(path, join(this.dir, ROOTS_FOLDER, key), this.now).settings());
      } catch {
        // A root.json that does not parse names no root; its history is still pruned and cleared.
      }
    }
    return out;
  }

  /** Bytes the history takes (blobs and logs). */
  async size(): Promise<number> {
    let total = 0;
    for (const key of await this.rootKeys()) {
      const folder = join(this.dir, ROOTS_FOLDER, key);
      total += (await this.blobsOf(folder)).reduce((sum, blob) => sum + blob.size, 0) + (await logBytes(folder));
    }
    return total;
  }

  /**
   * Brings the history under `maxBytes`: deletes the oldest versions no path holds any more, then if
   * need be the oldest latest versions, never an approved one; then drops the events of deleted versions
   * from the logs. One process prunes at a time; a call while another prunes returns at once.
   */
  async prune(maxBytes = this.maxBytes): Promise<PruneReport> {
    const none = { before: 0, after: 0, removedBlobs: 0, pinnedBytes: 0 };
    if (!(await this.lock())) return none;
    try {
      const blobs: BlobUse[] = [];
      let logs = 0;
      const eventsOf = new Map<string, HistoryEvent[]>();
      for (const key of await this.rootKeys()) {
        const folder = join(this.dir, ROOTS_FOLDER, key);
        const root = new RootHistory('', folder, this.now);
        const events = await root.events();
        eventsOf.set(key, events);
        const pinned = new Set((await root.approvals()).values());
        const latest = lastVersions(events);
        const lastUsed = new Map<string, number>();
        for (const event of events) if (event.hash) lastUsed.set(event.hash, Math.max(lastUsed.get(event.hash) ?? 0, Date.parse(event.time) || 0));
        for (const blob of await this.blobsOf(folder)) blobs.push({ root: key, hash: blob.hash, size: blob.size, lastUsed: lastUsed.get(blob.hash) ?? 0, pinned: pinned.has(blob.hash), latest: latest.has(blob.hash) });
        logs += await logBytes(folder);
      }
      const before = logs + blobs.reduce((sum, blob) => sum + blob.size, 0);
      const chosen = choosePrune(blobs, Math.max(0, maxBytes - logs));
      const removed = new Map<string, Set<string>>();
      for (const blob of chosen) {
        await unlink(join(this.dir, ROOTS_FOLDER, blob.root, BLOB_FOLDER, blob.hash.slice(0, 2), blob.hash)).catch(() => undefined);
        removed.set(blob.root, (removed.get(blob.root) ?? new Set()).add(blob.hash));
      }
      for (const [key, hashes] of removed) await this.compact(join(this.dir, ROOTS_FOLDER, key), hashes);
      const pinnedBytes = blobs.filter((blob) => blob.pinned).reduce((sum, blob) => sum + blob.size, 0);
      return { before, after: await this.size(), removedBlobs: chosen.length, pinnedBytes };
    } finally {
      await unlink(join(this.dir, PRUNE_LOCK)).catch(() => undefined);
    }
  }

  /**
   * Deletes the history of one root, or of every root (with their settings). Only what Memory Shelf
   * made is removed, never the folder itself, so a history folder pointed at by mistake loses nothing else.
   */
  async clear(rootPath?: string): Promise<void> {
    if (rootPath !== undefined) {
      const root = await this.root(rootPath);
      const foreign = await this.notOurs(root.folder);
      if (foreign) throw new HistoryLocationError(`${root.folder} was not made by Memory Shelf (${foreign}); not deleting it`);
      await rm(root.folder, { recursive: true, force: true });
      return;
    }
    // A history folder named by mistake may hold a `roots/` of someone else's: everything in it must be
    // a root folder Memory Shelf made, or nothing is deleted.
    const roots = join(this.dir, ROOTS_FOLDER);
    const info = await lstat(roots).catch(() => undefined);
    if (info) {
      if (!info.isDirectory()) throw new HistoryLocationError(`${roots} is ${info.isSymbolicLink() ? 'a link' : 'not a folder'}, not made by Memory Shelf; not deleting it`);
      const foreign: string[] = [];
      for (const name of await readdir(roots)) {
        const why = /^[0-9a-f]{32}$/.test(name) ? await this.notOurs(join(roots, name)) : 'not a root folder';
        if (why) foreign.push(`${name}: ${why}`);
      }
      if (foreign.length > 0) throw new HistoryLocationError(`${roots} holds what was not made by Memory Shelf (${foreign.slice(0, 5).join('; ')}${foreign.length > 5 ? '; …' : ''}); not deleting it`);
      await rm(roots, { recursive: true, force: true });
    }
    await rm(join(this.dir, ERRORS_FILE), { force: true });
  }

  /** Why `folder` is not a root folder of this history (a real folder holding the root.json it writes first), or undefined. */
  private async notOurs(folder: string): Promise<string | undefined> {
    const info = await lstat(folder).catch(() => undefined);
    if (!info) return undefined;
    if (!info.isDirectory()) return info.isSymbolicLink() ? 'a link' : 'not a folder';
    const settings = await readOwnFile(join(folder, 'root.json'));
    try {
      if (settings && typeof (JSON.parse(settings.toString('utf8')) as { path?: unknown }).path === 'string') return undefined;
    } catch {
      // Not ours either.
    }
    return 'no root.json of Memory Shelf';
  }

  /**
   * Replaces every version of `path` that `redact` changes (one holding a secret) with its redacted copy:
   * the events and approvals naming it name the copy, and the old bytes are deleted, so no restore brings
   * the secret back. Returns how many versions were (with `dryRun`, would be) replaced.
   */
  async purgeVersions(rootPath: string, path: string, redact: (bytes: Uint8Array) => Uint8Array | undefined, dryRun = false): Promise<number> {
    const root = await this.root(rootPath);
    const candidates = new Set((await root.versions(path)).map((event) => event.hash).filter((hash) => hash !== ''));
    const approved = await root.approvals();
    const approvedHere = approved.get(path);
    if (approvedHere) candidates.add(approvedHere);
    const replaced = new Map<string, string>();
    for (const hash of candidates) {
      const bytes = await root.blob(hash);
      const clean = bytes && redact(bytes);
      if (clean) replaced.set(hash, dryRun ? '' : await root.keep(clean));
    }
    if (dryRun || replaced.size === 0) return replaced.size;
    // Compaction rewrites the same logs: one at a time.
    if (!(await this.lockWithin(5_000))) throw Object.assign(new Error('the history is being pruned; try again'), { code: 'EBUSY' });
    try {
      await rewriteLog(root.folder, LOG_FILE, (text) => parseEventLog(text).map((event) => formatEventLine({ ...event, hash: replaced.get(event.hash) ?? event.hash }) ?? '').join(''));
      const moved = [...approved].filter(([, hash]) => replaced.has(hash)).map(([approvedPath, hash]) => ({ path: approvedPath, hash: replaced.get(hash)! }));
      await root.approveAll(moved);
      for (const hash of replaced.keys()) await unlink(root.blobPath(hash)).catch(() => undefined);
    } finally {
      await unlink(join(this.dir, PRUNE_LOCK)).catch(() => undefined);
    }
    return replaced.size;
  }

  private async lockWithin(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!(await this.lock())) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return true;
  }

  /** Notes an error no caller can act on (the hook's own failures), in a small file beside the history. */
  async logError(message: string): Promise<void> {
    try {
      await ensureDir(this.dir);
      const file = join(this.dir, ERRORS_FILE);
      const size = await stat(file).then((info) => info.size, () => 0);
      if (size > MAX_ERRORS_BYTES) await writeAtomic(this.dir, ERRORS_FILE, '');
      await appendLine(file, `${this.now().toISOString()} ${message.replace(/\s+/g, ' ').slice(0, 500)}\n`);
    } catch {
      // Nowhere left to say it.
    }
  }

  private async rootKeys(): Promise<string[]> {
    try {
      return (await readdir(join(this.dir, ROOTS_FOLDER))).filter((name) => /^[0-9a-f]{32}$/.test(name));
    } catch {
      return [];
    }
  }

  private async blobsOf(folder: string): Promise<{ hash: string; size: number }[]> {
    const out: { hash: string; size: number }[] = [];
    let shards: string[];
    try {
      shards = (await readdir(join(folder, BLOB_FOLDER))).filter((name) => /^[0-9a-f]{2}$/.test(name));
    } catch {
      return out;
    }
    for (const shard of shards) {
      let names: string[];
      try {
        names = await readdir(join(folder, BLOB_FOLDER, shard));
      } catch {
        continue;
      }
      for (const name of names) {
        if (!isBlobHash(name) || !name.startsWith(shard)) continue;
        const info = await lstat(join(folder, BLOB_FOLDER, shard, name)).catch(() => undefined);
        if (info?.isFile()) out.push({ hash: name, size: info.size });
      }
    }
    return out;
  }

  /** Rewrites a root's logs without the events of `removed` versions, repeats, and superseded approvals. */
  private async compact(folder: string, removed: ReadonlySet<string>): Promise<void> {
    await rewriteLog(folder, LOG_FILE, (text) => {
      const kept: HistoryEvent[] = [];
      const last = new Map<string, number>();
      for (const event of parseEventLog(text)) {
        if (event.hash !== '' && removed.has(event.hash)) continue;
        const at = last.get(event.path);
        // A repeat goes, the session it attached to the version stays.
        if (at !== undefined && kept[at].hash === event.hash) {
          kept[at] = withAttribution(kept[at], event);
          continue;
        }
        last.set(event.path, kept.length);
        kept.push(event);
      }
      return kept.map((event) => formatEventLine(event) ?? '').join('');
    });
    await new RootHistory('', folder, this.now).compactApprovals(() => rewriteLog(folder, APPROVALS_FILE, (text) => {
      const latest = new Map<string, string>();
      for (const approval of parseApprovalLog(text)) {
        latest.delete(approval.path);
        latest.set(approval.path, formatApprovalLine(approval) ?? '');
      }
      return [...latest.values()].join('');
    }));
  }

  private async lock(): Promise<boolean> {
    try {
      await ensureDir(this.dir);
    } catch {
      return false;
    }
    const path = join(this.dir, PRUNE_LOCK);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, FILE_MODE);
        await handle.close();
        return true;
      } catch {
        const info = await stat(path).catch(() => undefined);
        if (!info || this.now().getTime() - info.mtimeMs < STALE_LOCK_MS) return false;
        await unlink(path).catch(() => undefined);
      }
    }
    return false;
  }
}

async function logBytes(folder: string): Promise<number> {
  let total = 0;
  for (const name of [LOG_FILE, APPROVALS_FILE]) total += await stat(join(folder, name)).then((info) => info.size, () => 0);
  return total;
}

/**
 * Replaces a log with `transform` of its text. Others append meanwhile without a lock, so whatever they
 * appended after the read (the file grew) is carried over before the rename.
 */
async function rewriteLog(folder: string, name: string, transform: (text: string) => string): Promise<void> {
  const path = join(folder, name);
  const bytes = await readOwnFile(path);
  if (!bytes) return;
  let read = bytes.lastIndexOf(0x0a) + 1;
  let text = transform(bytes.toString('utf8', 0, read));
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = await readOwnFile(path);
    if (!now) return;
    if (now.length > read) {
      text += now.toString('utf8', read);
      read = now.length;
      continue;
    }
    await writeAtomic(folder, name, text);
    return;
  }
}
