import { createHash, type Hash } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The files of the result cache, shared by the CLI's check and the language server: where they are, how
 * one is read (never through a link, never blocking, only the user's own that no one else can write)
 * and written (whole or not at all), and how a root's files are named and pruned. What each holds is
 * its reader's business; nothing read here is trusted to be right, only to be what this build wrote.
 */
export const CACHE_FORMAT = 2;
/** Roots kept: a machine checks a few folders again and again; a test run checks hundreds once. */
const MAX_ROOTS = 64;
/** A root's files: its entry, its per-file part, its settled key. */
const ROOT_FILE = /^([0-9a-f]{32})(?:\.files|\.settled)?\.json$/;
/** A root's entry holds its problems: 64,000 for 20,000 memories come to about 40 MB. */
export const MAX_CACHE_FILE_BYTES = 256 * 1024 * 1024;
/** A first line says what a file was written for: a few hundred bytes. */
const MAX_HEADER_BYTES = 64 * 1024;

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

/** Where a door keeps results, and for which build: two builds never share them. */
export interface CachePlace {
  readonly folder: string;
  readonly version: string;
}

/** A key built piece by piece, so 20,000 files are never joined into one string first. */
export class CacheKey {
  private readonly hash: Hash = createHash('sha256');

  add(label: string, value: unknown): this {
    this.hash.update(`${label}\u0000${JSON.stringify(value) ?? ''}\u0000`);
    return this;
  }

  /** A file by its {@link fileDigest}: the root's key is made of its files' digests, not their bytes again. */
  addFile(path: string, digest: string): this {
    this.hash.update(`file\u0000${path}\u0000${digest}\u0000`);
    return this;
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * What one file's findings depend on of the file itself: its bytes, its size and its modification
 * time (a relative date counts from it).
 */
export function fileDigest(bytes: Uint8Array, mtimeMs: number): string {
  return createHash('sha1').update(`${mtimeMs}\u0000${bytes.length}\u0000`).update(bytes).digest('base64');
}

/** One of `realRoot`'s files in the cache: its entry, its per-file part or its settled key. */
export function rootCacheFile(folder: string, realRoot: string, part: '' | '.files' | '.settled' = ''): string {
  return join(folder, `${createHash('sha256').update(realRoot).digest('hex').slice(0, 32)}${part}.json`);
}

/** A cache file's text, or undefined. */
export function readCacheText(file: string, maxBytes = MAX_CACHE_FILE_BYTES): string | undefined {
  const bytes = readCacheBytes(file, maxBytes);
  return bytes?.toString('utf8');
}

/** A cache file's bytes, or undefined. Not blocking, and never through a link: a FIFO or a link put where an entry goes is a miss. */
export function readCacheBytes(file: string, maxBytes = MAX_CACHE_FILE_BYTES): Buffer | undefined {
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    try {
      const stat = fstatSync(fd);
      if (!isOwnFile(stat) || stat.size > maxBytes) return undefined;
      const buffer = Buffer.alloc(stat.size);
      let read = 0;
      while (read < stat.size) {
        const n = readSync(fd, buffer, read, stat.size - read, read);
        if (n === 0) break;
        read += n;
      }
      return buffer.subarray(0, read);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * Whether a file can be what this tool wrote: a regular file of the user running it that no one else
 * can write (entries are written 0600). Kept output is printed as it is, so a file another user could
 * have put in a shared cache folder is never taken.
 */
function isOwnFile(stat: Stats): boolean {
  return stat.isFile() && (process.getuid === undefined || stat.uid === process.getuid()) && (stat.mode & 0o022) === 0;
}

/** A cache file's first line, where it says for what it was written. */
export function readCacheHeader(file: string): Record<string, unknown> | undefined {
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    try {
      if (!isOwnFile(fstatSync(fd))) return undefined;
      const buffer = Buffer.alloc(MAX_HEADER_BYTES);
      const length = readSync(fd, buffer, 0, buffer.length, 0);
      const end = buffer.subarray(0, length).indexOf(0x0a);
      if (end < 0) return undefined;
      const header = JSON.parse(buffer.toString('utf8', 0, end)) as unknown;
      return typeof header === 'object' && header !== null && !Array.isArray(header) ? (header as Record<string, unknown>) : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** Writes a cache file whole (a temporary file renamed over it), readable by its user only. Throws when it cannot. */
export function writeCacheFile(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  // `wx`: a file or link already at the temporary name is never written through.
  writeFileSync(temporary, data, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, file);
}

/** Marks a cache file as used now, so pruning keeps it. */
export function touchCacheFile(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Kept or not, the result stands.
  }
}

/** Removes the files of the roots used longest ago past the first {@link MAX_ROOTS} (a root's newest file says when it was used). */
export function pruneRoots(folder: string): void {
  const used = new Map<string, number>();
  const files: { name: string; root: string }[] = [];
  for (const name of readdirSync(folder)) {
    const root = ROOT_FILE.exec(name)?.[1];
    if (root === undefined) continue;
    files.push({ name, root });
    used.set(root, Math.max(used.get(root) ?? 0, statSync(join(folder, name)).mtimeMs));
  }
  if (used.size <= MAX_ROOTS) return;
  const dropped = new Set([...used].sort((a, b) => b[1] - a[1]).slice(MAX_ROOTS).map(([root]) => root));
  for (const file of files) if (dropped.has(file.root)) rmSync(join(folder, file.name), { force: true });
}
