import { createHash, type Hash } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Problem } from '../core';
import type { SkippedEntry } from '../reader';

/**
 * `check`'s results kept between runs, as ESLint and Ruff keep theirs: one entry per root, found again
 * only under a key made of everything the findings depend on (every file's bytes and modification
 * time, the skipped files, the options, the build, the day, the repository's HEAD). Any other key, or
 * an entry that is unreadable, corrupt or from another build, is a miss: the root is checked as if
 * there were no cache. Nothing here is trusted to be right, only to be what this build wrote.
 */
export interface CachedCheck {
  readonly memories: number;
  readonly problems: readonly Problem[];
  readonly skipped: readonly SkippedEntry[];
}

const ENTRY_FORMAT = 1;
/** Roots kept: a machine checks a few folders again and again; a test run checks hundreds once. */
const MAX_ENTRIES = 64;
const ENTRY_NAME = /^[0-9a-f]{32}\.json$/;
/** A root's entry holds its problems: 64,000 for 20,000 memories come to about 40 MB. */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;

/**
 * Where results are kept: `MEMORY_SHELF_CACHE_DIR`, else the platform's cache folder (`$XDG_CACHE_HOME`
 * or `~/.cache` on Linux, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows); never the repository.
 */
export function cacheFolder(env: Readonly<Record<string, string | undefined>> = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  const named = env['MEMORY_SHELF_CACHE_DIR'];
  if (named) return named;
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'memory-shelf');
  if (platform === 'win32') return join(env['LOCALAPPDATA'] || join(home, 'AppData', 'Local'), 'memory-shelf', 'Cache');
  return join(env['XDG_CACHE_HOME'] || join(home, '.cache'), 'memory-shelf');
}

/** A key built piece by piece, so 20,000 files are never joined into one string first. */
export class CacheKey {
  private readonly hash: Hash = createHash('sha256');

  add(label: string, value: unknown): this {
    this.hash.update(`${label}\u0000${JSON.stringify(value) ?? ''}\u0000`);
    return this;
  }

  addFile(path: string, bytes: Uint8Array, mtimeMs: number): this {
    this.hash.update(`file\u0000${path}\u0000${mtimeMs}\u0000${bytes.length}\u0000`);
    this.hash.update(bytes);
    return this;
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

function entryFile(folder: string, realRoot: string): string {
  return join(folder, `${createHash('sha256').update(realRoot).digest('hex').slice(0, 32)}.json`);
}

/** The entry of `realRoot` when it was written under `key` by this build; anything else is a miss. */
export function readCachedCheck(folder: string, realRoot: string, key: string, version: string): CachedCheck | undefined {
  let text: string;
  try {
    // Not blocking, and never through a link: a FIFO or a link put where an entry goes is a miss.
    const fd = openSync(entryFile(folder, realRoot), constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.size > MAX_ENTRY_BYTES) return undefined;
      const buffer = Buffer.alloc(stat.size);
      let read = 0;
      while (read < stat.size) {
        const n = readSync(fd, buffer, read, stat.size - read, read);
        if (n === 0) break;
        read += n;
      }
      text = buffer.toString('utf8', 0, read);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  try {
    const entry = JSON.parse(text) as { format?: unknown; version?: unknown; root?: unknown; key?: unknown; result?: CachedCheck };
    if (entry.format !== ENTRY_FORMAT || entry.version !== version || entry.root !== realRoot || entry.key !== key) return undefined;
    const result = entry.result;
    if (!result || typeof result.memories !== 'number' || !Array.isArray(result.problems) || !Array.isArray(result.skipped)) return undefined;
    touch(entryFile(folder, realRoot));
    return result;
  } catch {
    return undefined;
  }
}

/** Marks an entry as used now, so pruning keeps it. */
function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Kept or not, the result stands.
  }
}

/** Keeps `result` as `realRoot`'s entry; a cache that cannot be written is no reason to fail the check. */
export function writeCachedCheck(folder: string, realRoot: string, key: string, version: string, result: CachedCheck): void {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const file = entryFile(folder, realRoot);
    const temporary = `${file}.${process.pid}.tmp`;
    // `wx`: a file or link already at the temporary name is never written through.
    writeFileSync(temporary, JSON.stringify({ format: ENTRY_FORMAT, version, root: realRoot, key, result }), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
    pruneEntries(folder);
  } catch {
    // A read-only home, a full disk: the next run checks from scratch.
  }
}

/** Removes the entries used longest ago past the first {@link MAX_ENTRIES}. */
function pruneEntries(folder: string): void {
  const entries = readdirSync(folder).filter((name) => ENTRY_NAME.test(name));
  if (entries.length <= MAX_ENTRIES) return;
  const aged = entries.map((name) => ({ name, time: statSync(join(folder, name)).mtimeMs })).sort((a, b) => b.time - a.time);
  for (const { name } of aged.slice(MAX_ENTRIES)) rmSync(join(folder, name), { force: true });
}

/** `memory-shelf cache clear`: removes this tool's entries (and only them) from `folder`. */
export function clearCache(folder: string): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!/^[0-9a-f]{32}\.json(?:\.\d+\.tmp)?$/.test(name)) continue;
    rmSync(join(folder, name), { force: true });
    removed++;
  }
  return removed;
}
