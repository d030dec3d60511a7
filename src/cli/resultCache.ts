import { createHash, type Hash } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { FileParts, RootPath } from '../core';
import type { SkippedEntry } from '../reader';
import type { ReportedProblem } from './reportedProblem';

/**
 * `check`'s results kept between runs, as ESLint and Ruff keep theirs: one entry per root, found again
 * only under a key made of everything the findings depend on (every file's bytes and modification
 * time, the skipped files, the options, the build, the day, the repository's HEAD). Any other key, or
 * an entry that is unreadable, corrupt or from another build, is a miss: the root is checked as if
 * there were no cache. Nothing here is trusted to be right, only to be what this build wrote.
 */
export interface CachedCheck {
  readonly memories: number;
  readonly problems: readonly ReportedProblem[];
  readonly skipped: readonly SkippedEntry[];
}

const ENTRY_FORMAT = 2;
/** Roots kept: a machine checks a few folders again and again; a test run checks hundreds once. */
const MAX_ENTRIES = 64;
/** Printed outputs kept: a few folders in a format or two; each is as large as the report it prints. */
const MAX_OUTPUTS = 16;
const ENTRY_NAME = /^[0-9a-f]{32}\.json$/;
/** A root's entry, the per-file part and the settled key beside it, a printed output, and a temporary file of any. */
const OWN_FILE = /^[0-9a-f]{32}(?:(?:\.files|\.settled)?\.json|\.out)(?:\.\d+\.tmp)?$/;
const OUTPUT_NAME = /^[0-9a-f]{32}\.out$/;
/** A settled key is a line of a few hundred bytes. */
const MAX_SETTLED_BYTES = 64 * 1024;
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

function entryFile(folder: string, realRoot: string, part: '' | '.files' | '.settled' = ''): string {
  return join(folder, `${createHash('sha256').update(realRoot).digest('hex').slice(0, 32)}${part}.json`);
}

/** An entry file's text, or undefined. Not blocking, and never through a link: a FIFO or a link put where an entry goes is a miss. */
function readEntryText(file: string, maxBytes = MAX_ENTRY_BYTES): string | undefined {
  const bytes = readEntryBytes(file, maxBytes);
  return bytes?.toString('utf8');
}

function readEntryBytes(file: string, maxBytes = MAX_ENTRY_BYTES): Buffer | undefined {
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    try {
      const stat = fstatSync(fd);
      if (!isOwnEntry(stat) || stat.size > maxBytes) return undefined;
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
function isOwnEntry(stat: Stats): boolean {
  return stat.isFile() && (process.getuid === undefined || stat.uid === process.getuid()) && (stat.mode & 0o022) === 0;
}

/** An entry file's first line, where it says for what it was written. */
function readHeader(file: string): { format?: unknown; version?: unknown; root?: unknown; key?: unknown } | undefined {
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    try {
      if (!isOwnEntry(fstatSync(fd))) return undefined;
      const buffer = Buffer.alloc(MAX_SETTLED_BYTES);
      const length = readSync(fd, buffer, 0, buffer.length, 0);
      const end = buffer.subarray(0, length).indexOf(0x0a);
      return end < 0 ? undefined : (JSON.parse(buffer.toString('utf8', 0, end)) as { format?: unknown });
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** Whether `realRoot`'s entry says it was written under `key` by this build (its results are not read). */
export function hasCachedCheck(folder: string, realRoot: string, key: string, version: string): boolean {
  const header = readHeader(entryFile(folder, realRoot));
  return header !== undefined && header.format === ENTRY_FORMAT && header.version === version && header.root === realRoot && header.key === key;
}

/** The entry of `realRoot` when it was written under `key` by this build; anything else is a miss. */
export function readCachedCheck(folder: string, realRoot: string, key: string, version: string): CachedCheck | undefined {
  const text = readEntryText(entryFile(folder, realRoot));
  if (text === undefined) return undefined;
  try {
    // Its first line says for what it was written: a root that changed is told from it before the results are parsed.
    const end = text.indexOf('\n');
    const entry = JSON.parse(text.slice(0, end)) as { format?: unknown; version?: unknown; root?: unknown; key?: unknown };
    if (end < 0 || entry.format !== ENTRY_FORMAT || entry.version !== version || entry.root !== realRoot || entry.key !== key) return undefined;
    const result = JSON.parse(text.slice(end + 1)) as CachedCheck | null;
    if (!result || typeof result.memories !== 'number' || !Array.isArray(result.problems) || !Array.isArray(result.skipped)) return undefined;
    touch(entryFile(folder, realRoot));
    return result;
  } catch {
    return undefined;
  }
}

/**
 * The key `realRoot`'s entry was last written or found under, when the root's metadata (see
 * `rootMetadata`) is what it was then, under the same `context` and build: a run where nothing changed
 * finds its entry without reading a file. Anything else is nothing, and the files are read and keyed.
 */
export function readSettledKey(folder: string, realRoot: string, context: string, version: string, metadata: string): string | undefined {
  const text = readEntryText(entryFile(folder, realRoot, '.settled'), MAX_SETTLED_BYTES);
  if (text === undefined) return undefined;
  try {
    const entry = JSON.parse(text) as { format?: unknown; version?: unknown; root?: unknown; context?: unknown; metadata?: unknown; key?: unknown };
    if (entry.format !== ENTRY_FORMAT || entry.version !== version || entry.root !== realRoot || entry.context !== context || entry.metadata !== metadata || typeof entry.key !== 'string') return undefined;
    return entry.key;
  } catch {
    return undefined;
  }
}

/** Keeps `key` as the one `realRoot`'s entry is found under while its metadata stays `metadata`. */
export function writeSettledKey(folder: string, realRoot: string, context: string, version: string, metadata: string, key: string): void {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeEntry(entryFile(folder, realRoot, '.settled'), JSON.stringify({ format: ENTRY_FORMAT, version, root: realRoot, context, metadata, key }));
  } catch {
    // Without it the next run reads the files to find the entry.
  }
}

/**
 * What each memory of a root showed the rules that read it alone, as the last run found it (see
 * `FileParts`), by path, with the digest of the file it was found in: a root where a few files changed
 * reads only those again. Kept apart from the root's entry, which a run where nothing changed reads alone.
 */
export type CachedFileParts = ReadonlyMap<RootPath, { readonly digest: string; readonly parts: Partial<FileParts> }>;

/** The per-file part of `realRoot`'s entry when this build wrote it for the same `context` (options, day, history); else nothing. */
export function readCachedFileParts(folder: string, realRoot: string, context: string, version: string): CachedFileParts {
  const found = new Map<RootPath, { digest: string; parts: Partial<FileParts> }>();
  const text = readEntryText(entryFile(folder, realRoot, '.files'));
  if (text === undefined) return found;
  try {
    const entry = JSON.parse(text) as { format?: unknown; version?: unknown; root?: unknown; context?: unknown; files?: unknown };
    if (entry.format !== ENTRY_FORMAT || entry.version !== version || entry.root !== realRoot || entry.context !== context || !Array.isArray(entry.files)) return found;
    for (const file of entry.files as unknown[]) {
      // [path, digest, parts]; anything else is not what this build wrote, and the whole part is dropped.
      if (!Array.isArray(file) || typeof file[0] !== 'string' || typeof file[1] !== 'string' || !isFileParts(file[2])) return new Map();
      found.set(file[0], { digest: file[1], parts: file[2] });
    }
    return found;
  } catch {
    return new Map();
  }
}

/** Whether `value` has the shape of the parts this build keeps, each where present: lists, or an object or a list where null is allowed. */
function isFileParts(value: unknown): value is Partial<FileParts> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const parts = value as Record<string, unknown>;
  const list = (part: unknown): boolean => part === undefined || Array.isArray(part);
  const objectOrNull = (part: unknown): boolean => part === undefined || part === null || (typeof part === 'object' && !Array.isArray(part));
  const listOrNull = (part: unknown): boolean => part === undefined || part === null || Array.isArray(part);
  return list(parts['text']) && list(parts['frontmatter']) && objectOrNull(parts['facts']) && listOrNull(parts['bodySubject']);
}

/**
 * A run's printed output as it was kept in `slot` (one per format, options and named roots) when it
 * was kept under `key` (the roots' results) by this build, with its exit status; anything else is nothing.
 */
export function readCachedOutput(folder: string, slot: string, key: string, version: string): { readonly bytes: Buffer; readonly exitCode: number } | undefined {
  const file = join(folder, `${slot}.out`);
  const header = readHeader(file) as { format?: unknown; version?: unknown; key?: unknown; exitCode?: unknown; length?: unknown } | undefined;
  if (!header || header.format !== ENTRY_FORMAT || header.version !== version || header.key !== key || typeof header.exitCode !== 'number' || typeof header.length !== 'number') return undefined;
  const bytes = readEntryBytes(file);
  const start = bytes ? bytes.indexOf(0x0a) + 1 : 0;
  // The length it was written with: a file cut short (a full disk, a crash mid-write) is not printed.
  if (!bytes || bytes.length - start !== header.length) return undefined;
  touch(file);
  return { bytes: bytes.subarray(start), exitCode: header.exitCode };
}

export function writeCachedOutput(folder: string, slot: string, key: string, version: string, exitCode: number, bytes: Uint8Array): void {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const header = Buffer.from(`${JSON.stringify({ format: ENTRY_FORMAT, version, key, exitCode, length: bytes.length })}\n`);
    writeEntry(join(folder, `${slot}.out`), Buffer.concat([header, bytes]));
    pruneEntries(folder, OUTPUT_NAME, [], MAX_OUTPUTS);
  } catch {
    // The next run prints from the roots' entries.
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

/**
 * Keeps `result` as `realRoot`'s entry, and beside it what each memory showed the rules that read it alone, under `context`;
 * a cache that cannot be written is no reason to fail the check.
 */
export function writeCachedCheck(folder: string, realRoot: string, key: string, version: string, result: CachedCheck, context: string, fileParts: CachedFileParts): void {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const files = [...fileParts].map(([path, { digest, parts }]) => [path, digest, parts]);
    // The per-file part first: an entry whose part is from an older run only costs that run's files a reading.
    writeEntry(entryFile(folder, realRoot, '.files'), JSON.stringify({ format: ENTRY_FORMAT, version, root: realRoot, context, files }));
    writeEntry(entryFile(folder, realRoot), `${JSON.stringify({ format: ENTRY_FORMAT, version, root: realRoot, key })}\n${JSON.stringify(result)}`);
    pruneEntries(folder, ENTRY_NAME, ['.files.json', '.settled.json'], MAX_ENTRIES);
  } catch {
    // A read-only home, a full disk: the next run checks from scratch.
  }
}

function writeEntry(file: string, text: string | Uint8Array): void {
  const temporary = `${file}.${process.pid}.tmp`;
  // `wx`: a file or link already at the temporary name is never written through.
  writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, file);
}

/** Removes the entries named `named` used longest ago past the first `keep`, with the parts beside each (`.json` replaced by each of `beside`). */
function pruneEntries(folder: string, named: RegExp, beside: readonly string[], keep: number): void {
  const entries = readdirSync(folder).filter((name) => named.test(name));
  if (entries.length <= keep) return;
  const aged = entries.map((name) => ({ name, time: statSync(join(folder, name)).mtimeMs })).sort((a, b) => b.time - a.time);
  for (const { name } of aged.slice(keep)) {
    rmSync(join(folder, name), { force: true });
    for (const part of beside) rmSync(join(folder, name.replace(/\.json$/, part)), { force: true });
  }
}

/** `memory-shelf cache clear`: removes this tool's entries (and only them) from `folder`; says how many roots' entries went. */
export function clearCache(folder: string): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!OWN_FILE.test(name)) continue;
    rmSync(join(folder, name), { force: true });
    if (ENTRY_NAME.test(name)) removed++;
  }
  return removed;
}
