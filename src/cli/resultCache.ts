import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SkippedEntry } from '../reader';
import { CACHE_FORMAT, pruneRoots, readCacheBytes, readCacheHeader, readCacheText, rootCacheFile, touchCacheFile, writeCacheFile } from '../language/cacheFiles';
import { writeCachedFileParts, type CachedFileParts } from '../language/fileParts';
import type { ReportedProblem } from './reportedProblem';

export { cacheFolder, CacheKey, fileDigest } from '../language/cacheFiles';

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

/** Printed outputs kept: a few folders in a format or two; each is as large as the report it prints. */
const MAX_OUTPUTS = 16;
/** A root's entry, the per-file part and the settled key beside it, a printed output, and a temporary file of any. */
const OWN_FILE = /^[0-9a-f]{32}(?:(?:\.files|\.settled)?\.json|\.out)(?:\.\d+\.tmp)?$/;
const OUTPUT_NAME = /^[0-9a-f]{32}\.out$/;
/** A settled key is a line of a few hundred bytes. */
const MAX_SETTLED_BYTES = 64 * 1024;

/** Whether `realRoot`'s entry says it was written under `key` by this build (its results are not read). */
export function hasCachedCheck(folder: string, realRoot: string, key: string, version: string): boolean {
  const header = readCacheHeader(rootCacheFile(folder, realRoot));
  return header !== undefined && header['format'] === CACHE_FORMAT && header['version'] === version && header['root'] === realRoot && header['key'] === key;
}

/** The entry of `realRoot` when it was written under `key` by this build; anything else is a miss. */
export function readCachedCheck(folder: string, realRoot: string, key: string, version: string): CachedCheck | undefined {
  const text = readCacheText(rootCacheFile(folder, realRoot));
  if (text === undefined) return undefined;
  try {
    // Its first line says for what it was written: a root that changed is told from it before the results are parsed.
    const end = text.indexOf('\n');
    const entry = JSON.parse(text.slice(0, end)) as { format?: unknown; version?: unknown; root?: unknown; key?: unknown };
    if (end < 0 || entry.format !== CACHE_FORMAT || entry.version !== version || entry.root !== realRoot || entry.key !== key) return undefined;
    const result = JSON.parse(text.slice(end + 1)) as CachedCheck | null;
    if (!result || typeof result.memories !== 'number' || !Array.isArray(result.problems) || !Array.isArray(result.skipped)) return undefined;
    touchCacheFile(rootCacheFile(folder, realRoot));
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
  const text = readCacheText(rootCacheFile(folder, realRoot, '.settled'), MAX_SETTLED_BYTES);
  if (text === undefined) return undefined;
  try {
    const entry = JSON.parse(text) as { format?: unknown; version?: unknown; root?: unknown; context?: unknown; metadata?: unknown; key?: unknown };
    if (entry.format !== CACHE_FORMAT || entry.version !== version || entry.root !== realRoot || entry.context !== context || entry.metadata !== metadata || typeof entry.key !== 'string') return undefined;
    return entry.key;
  } catch {
    return undefined;
  }
}

/** Keeps `key` as the one `realRoot`'s entry is found under while its metadata stays `metadata`. */
export function writeSettledKey(folder: string, realRoot: string, context: string, version: string, metadata: string, key: string): void {
  try {
    writeCacheFile(rootCacheFile(folder, realRoot, '.settled'), JSON.stringify({ format: CACHE_FORMAT, version, root: realRoot, context, metadata, key }));
  } catch {
    // Without it the next run reads the files to find the entry.
  }
}

/**
 * A run's printed output as it was kept in `slot` (one per format, options and named roots) when it
 * was kept under `key` (the roots' results) by this build, with its exit status; anything else is nothing.
 */
export function readCachedOutput(folder: string, slot: string, key: string, version: string): { readonly bytes: Buffer; readonly exitCode: number } | undefined {
  const file = join(folder, `${slot}.out`);
  const header = readCacheHeader(file) as { format?: unknown; version?: unknown; key?: unknown; exitCode?: unknown; length?: unknown } | undefined;
  if (!header || header.format !== CACHE_FORMAT || header.version !== version || header.key !== key || typeof header.exitCode !== 'number' || typeof header.length !== 'number') return undefined;
  const bytes = readCacheBytes(file);
  const start = bytes ? bytes.indexOf(0x0a) + 1 : 0;
  // The length it was written with: a file cut short (a full disk, a crash mid-write) is not printed.
  if (!bytes || bytes.length - start !== header.length) return undefined;
  touchCacheFile(file);
  return { bytes: bytes.subarray(start), exitCode: header.exitCode };
}

export function writeCachedOutput(folder: string, slot: string, key: string, version: string, exitCode: number, bytes: Uint8Array): void {
  try {
    const header = Buffer.from(`${JSON.stringify({ format: CACHE_FORMAT, version, key, exitCode, length: bytes.length })}\n`);
    writeCacheFile(join(folder, `${slot}.out`), Buffer.concat([header, bytes]));
    pruneOutputs(folder);
  } catch {
    // The next run prints from the roots' entries.
  }
}

/**
 * Keeps `result` as `realRoot`'s entry, and beside it what each memory showed the rules that read it alone, under `context`;
 * a cache that cannot be written is no reason to fail the check.
 */
export function writeCachedCheck(folder: string, realRoot: string, key: string, version: string, result: CachedCheck, context: string, fileParts: CachedFileParts): void {
  try {
    // The per-file part first: an entry whose part is from an older run only costs that run's files a reading.
    writeCachedFileParts({ folder, version }, realRoot, context, fileParts);
    writeCacheFile(rootCacheFile(folder, realRoot), `${JSON.stringify({ format: CACHE_FORMAT, version, root: realRoot, key })}\n${JSON.stringify(result)}`);
    pruneRoots(folder);
  } catch {
    // A read-only home, a full disk: the next run checks from scratch.
  }
}

/** Removes the printed outputs used longest ago past the first {@link MAX_OUTPUTS}. */
function pruneOutputs(folder: string): void {
  const outputs = readdirSync(folder).filter((name) => OUTPUT_NAME.test(name));
  if (outputs.length <= MAX_OUTPUTS) return;
  const aged = outputs.map((name) => ({ name, time: statSync(join(folder, name)).mtimeMs })).sort((a, b) => b.time - a.time);
  for (const { name } of aged.slice(MAX_OUTPUTS)) rmSync(join(folder, name), { force: true });
}

/** `memory-shelf cache clear`: removes this tool's files (and only them) from `folder`; says how many roots' entries went. */
export function clearCache(folder: string): number {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  const roots = new Set<string>();
  for (const name of names) {
    if (!OWN_FILE.test(name)) continue;
    rmSync(join(folder, name), { force: true });
    if (name.endsWith('.json')) roots.add(name.slice(0, 32));
  }
  return roots.size;
}
