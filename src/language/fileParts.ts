import type { FileMemo, FileParts, IndexLoadWay, RootPath, ShapeSetting, TypeSet } from '../core';
import { CACHE_FORMAT, CacheKey, pruneRoots, readCacheText, rootCacheFile, writeCacheFile, type CachePlace } from './cacheFiles';
import { repositoryState } from './gitHistory';

/**
 * What each memory of a root showed the rules that read it alone, as the last run found it (see
 * `FileParts`), by path, with the digest of the file it was found in: a root where a few files changed
 * reads only those again. Kept apart from the CLI's entry for the root, which a run where nothing
 * changed reads alone, and shared by the CLI and the language server: both write it for the root.
 */
export type CachedFileParts = ReadonlyMap<RootPath, { readonly digest: string; readonly parts: Partial<FileParts> }>;

/** What the per-file findings depend on besides the file, as a door knows it (MEMORY.md's budget is not among them: no rule of one memory reads it). */
export interface PartsInputs {
  readonly typeSet: TypeSet;
  readonly exclude: readonly string[];
  readonly shape?: ShapeSetting;
  readonly indexLoad?: IndexLoadWay;
}

/**
 * The context every file's findings depend on besides the file: the options, line dates from git (the
 * repository's HEAD), the day and time zone a relative date counts from.
 */
export function partsContext(folder: string, inputs: PartsInputs, now: Date = new Date()): string {
  return new CacheKey()
    .add('options', { types: inputs.typeSet, exclude: inputs.exclude, shape: inputs.shape ?? null, indexLoad: inputs.indexLoad ?? null })
    .add('repository', repositoryState(folder))
    .add('day', { day: `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`, offset: now.getTimezoneOffset() })
    .digest();
}

/** The per-file part of `realRoot` when this build wrote it for the same `context`; else nothing. */
export function readCachedFileParts(place: CachePlace, realRoot: string, context: string): CachedFileParts {
  const found = new Map<RootPath, { digest: string; parts: Partial<FileParts> }>();
  const text = readCacheText(rootCacheFile(place.folder, realRoot, '.files'));
  if (text === undefined) return found;
  try {
    const entry = JSON.parse(text) as { format?: unknown; version?: unknown; root?: unknown; context?: unknown; files?: unknown };
    if (entry.format !== CACHE_FORMAT || entry.version !== place.version || entry.root !== realRoot || entry.context !== context || !Array.isArray(entry.files)) return found;
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

/** Keeps what each memory showed as `realRoot`'s per-file part, under `context`. Throws when it cannot be written. */
export function writeCachedFileParts(place: CachePlace, realRoot: string, context: string, fileParts: CachedFileParts): void {
  const files = [...fileParts].map(([path, { digest, parts }]) => [path, digest, parts]);
  writeCacheFile(rootCacheFile(place.folder, realRoot, '.files'), JSON.stringify({ format: CACHE_FORMAT, version: place.version, root: realRoot, context, files }));
  pruneRoots(place.folder);
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

/** A {@link FileMemo} over an earlier run's parts, which can be closed. */
export interface MemoAcrossRuns extends FileMemo {
  /** What this run has of each memory with a digest, to be kept for the next. */
  readonly kept: CachedFileParts;
  /**
   * Stops taking and keeping parts: a long-lived engine checks memories again after edits, when the
   * digests the memo was given no longer say what the store holds.
   */
  close(): void;
}

/**
 * The engine's way to what an earlier run kept of each memory: a part is taken when the memory's file
 * has the digest it was found in (`digests`: the files whose text the store holds as read); either way
 * what this run has of each memory is kept, for the next.
 */
export function memoAcrossRuns(earlier: CachedFileParts, digests: ReadonlyMap<RootPath, string>): MemoAcrossRuns {
  const kept = new Map<RootPath, { digest: string; parts: Partial<FileParts> }>();
  let open = true;
  const partsOf = (path: RootPath): Partial<FileParts> | undefined => {
    const digest = open ? digests.get(path) : undefined;
    if (digest === undefined) return undefined;
    let mine = kept.get(path);
    if (!mine) kept.set(path, (mine = { digest, parts: {} }));
    return mine.parts;
  };
  return {
    kept,
    find(memory, part) {
      const found = open ? earlier.get(memory.path) : undefined;
      if (found === undefined || found.digest !== digests.get(memory.path) || found.parts[part] === undefined) return undefined;
      const value = found.parts[part];
      const mine = partsOf(memory.path);
      if (mine) (mine as Record<string, unknown>)[part] = value;
      return value;
    },
    keep(memory, part, value) {
      const mine = partsOf(memory.path);
      if (mine) (mine as Record<string, unknown>)[part] = value;
    },
    close() {
      open = false;
    },
  };
}
