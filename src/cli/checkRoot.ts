import { resolve } from 'node:path';
import { DEFAULT_INDEX_BUDGET, documentationMatcher, indexLoad, MemoryStore, topicIndexOf, type IndexLoadWay, type Problem, type RootPath, type ShapeSetting, type TypeSet } from '../core';
import { nodeReaderHost, nodeSyncReaderHost, rootMetadata, streamRoot, type RootMetadata, withSkipProblems, type ReadFile, type RootRead, type SkippedEntry } from '../reader';
import { newProblemEngine } from '../language/engineOptions';
import { writeLanding } from '../language/editsStayInside';
import { planFixes, type IndexRoom } from './fixPlan';
import { forgetWorkTree, gitBlameHistory } from '../language/gitHistory';
import { reported, type ReportedProblem } from './reportedProblem';
import { CacheKey, fileDigest, readCachedCheck, readSettledKey, hasCachedCheck, writeCachedCheck, writeSettledKey } from './resultCache';
import { memoAcrossRuns, partsContext, readCachedFileParts, type MemoAcrossRuns } from '../language/fileParts';
import { checkWritable, writeIfUnchanged, type NotWritten, type WriteHooks } from './safeWrite';

/** One checked root: the ROOT argument as given, and what it held. */
export interface CheckedRoot {
  readonly argument: string;
  readonly memories: number;
  /** Sorted by file, line and column; a skipped memory is one too (`file-unreadable`). */
  readonly problems: readonly ReportedProblem[];
  readonly skipped: readonly SkippedEntry[];
  readonly fixed: number;
  /** Files `--fix` meant to write and did not, and why. */
  readonly notWritten: readonly NotWritten[];
  /** The key of these results in the cache, when the root's metadata was settled: the same files give the same key. */
  readonly settledKey?: string;
}

export interface CheckRootOptions {
  readonly typeSet: TypeSet;
  readonly fix: boolean;
  /** Globs of documentation files in the root: checked for links, not counted or checked as memories. */
  readonly exclude?: readonly string[];
  /** The root's shape where `--shape` forces it. */
  readonly shape?: ShapeSetting;
  /** How Claude Code reads the root's MEMORY.md (default `entrypoint`): only an entrypoint index is cut at the budget. */
  readonly indexLoad?: IndexLoadWay;
  /**
   * A folder writes must stay inside once links are resolved: the project, when the root was found
   * rather than named (a cloned `memory -> elsewhere` link must not make --fix write elsewhere).
   */
  readonly writeBoundary?: string;
  readonly hooks?: WriteHooks;
  /**
   * How the root is read: `sync` (the default) reads file after file with synchronous calls, which on a
   * 20,000-file root took a third of the CPU time of the async host at any concurrency from 16 to
   * 256; a number reads through the async host with that many files at once.
   */
  readonly readConcurrency?: number | 'sync';
  /**
   * Keep and reuse results in this cache folder, for this build (`--no-cache` leaves it out). Only a
   * check without `--fix` is kept or reused: a fix must read and judge the files as they are.
   */
  readonly cache?: {
    readonly folder: string;
    readonly version: string;
    /** The time the run counts from (tests move it to make files they just wrote look settled). */
    readonly clock?: () => number;
  };
}

/**
 * A root whose entry was found by its metadata alone: its results are read only if asked for, so a run
 * whose printed output is kept (see `printedCheck`) reads none of them.
 */
export interface DeferredRoot {
  readonly argument: string;
  readonly settledKey: string;
  /** The kept results; a check of the files when the entry cannot be read after all. */
  results(): Promise<CheckedRoot>;
}

/** What a cached check knows of a root before reading a file. */
interface CachePreparation {
  /** What every file's findings depend on besides the file: the options, line dates from git, the day. */
  readonly context: string;
  /** The root's metadata before a byte is read: a file written after this walk changes what the next walk sees. */
  readonly metadata: RootMetadata;
}

/**
 * {@link checkRoot}, or, when the cache holds the root's entry for the root's metadata as it is now, a
 * {@link DeferredRoot} that has read only the entry's first line.
 */
export async function checkRootOrDefer(argument: string, cwd: string, options: CheckRootOptions): Promise<CheckedRoot | DeferredRoot> {
  const cache = options.fix ? undefined : options.cache;
  if (!cache) return checkRoot(argument, cwd, options);
  const prepared = prepareCache(resolve(cwd, argument), options, cache);
  const key = settledKeyOf(prepared, cache);
  if (key === undefined || prepared.metadata.kind !== 'settled' || !hasCachedCheck(cache.folder, prepared.metadata.realRoot, key, cache.version)) return checkRoot(argument, cwd, options, prepared);
  return { argument, settledKey: key, results: () => checkRoot(argument, cwd, options, prepared) };
}

function prepareCache(folder: string, options: CheckRootOptions, cache: NonNullable<CheckRootOptions['cache']>): CachePreparation {
  const now = new Date();
  const context = partsContext(folder, { typeSet: options.typeSet, exclude: options.exclude ?? [], shape: options.shape, indexLoad: options.indexLoad }, now);
  return { context, metadata: rootMetadata(folder, cache.clock?.() ?? now.getTime()) };
}

/** The key the root's entry was kept under when the root's metadata was what it is now. */
function settledKeyOf(prepared: CachePreparation, cache: NonNullable<CheckRootOptions['cache']>): string | undefined {
  if (prepared.metadata.kind !== 'settled') return undefined;
  return readSettledKey(cache.folder, prepared.metadata.realRoot, prepared.context, cache.version, prepared.metadata.digest);
}

/** Reads, checks and (with `fix`) repairs one root. Throws only when the root itself cannot be read. */
export async function checkRoot(argument: string, cwd: string, options: CheckRootOptions, preparation?: CachePreparation): Promise<CheckedRoot> {
  const folder = resolve(cwd, argument);
  const concurrency = options.readConcurrency ?? 'sync';
  const store = new MemoryStore();
  const modifiedTimes = new Map<RootPath, number>();
  const files = new Map<RootPath, ReadFile>();
  // Each file goes into the store as it is read, in path order as before. Only --fix compares a file's
  // bytes again (to write only what did not change since): without it they are let go at once rather
  // than held through the whole check, the size of the root (13-24 MB in the 20,000-memory benches).
  const cache = options.fix ? undefined : options.cache;
  // With a cache the files are read and keyed first, and parsed only when the key finds nothing.
  const key = cache ? new CacheKey() : undefined;
  const digests = new Map<RootPath, string>();
  const held: { path: RootPath; text: string; mtimeMs: number }[] = [];
  const take = (path: RootPath, text: string, mtimeMs: number): void => {
    store.update(path, text);
    modifiedTimes.set(path, mtimeMs);
  };
  const onFile = (file: ReadFile): void => {
    if (key) {
      const digest = fileDigest(file.bytes, file.stamp.mtimeMs);
      digests.set(file.path, digest);
      key.addFile(file.path, digest);
      held.push({ path: file.path, text: file.text, mtimeMs: file.stamp.mtimeMs });
      return;
    }
    take(file.path, file.text, file.stamp.mtimeMs);
    if (options.fix) files.set(file.path, file);
  };
  const prepared = cache ? preparation ?? prepareCache(folder, options, cache) : undefined;
  const cacheContext = prepared?.context;
  const metadata: RootMetadata = prepared?.metadata ?? { kind: 'unknown' };
  if (cache && prepared && metadata.kind === 'settled') {
    const settledKey = settledKeyOf(prepared, cache);
    const cached = settledKey === undefined ? undefined : readCachedCheck(cache.folder, metadata.realRoot, settledKey, cache.version);
    if (cached) return { argument, memories: cached.memories, problems: cached.problems, skipped: cached.skipped, fixed: 0, notWritten: [], settledKey };
  }
  const stream = concurrency === 'sync' ? await streamRoot(nodeSyncReaderHost, folder, onFile) : await streamRoot(nodeReaderHost, folder, onFile, { concurrency });
  const read: RootRead = { ...stream, files };
  let cacheKey: string | undefined;
  let fileMemo: MemoAcrossRuns | undefined;
  if (cache && key && cacheContext) {
    cacheKey = key.add('context', cacheContext).add('skipped', stream.skipped).digest();
    const cached = readCachedCheck(cache.folder, stream.realRoot, cacheKey, cache.version);
    if (cached) {
      const settled = metadata.kind === 'settled' && metadata.realRoot === stream.realRoot;
      if (settled) writeSettledKey(cache.folder, stream.realRoot, cacheContext, cache.version, metadata.digest, cacheKey);
      return { argument, memories: cached.memories, problems: cached.problems, skipped: cached.skipped, fixed: 0, notWritten: [], ...(settled ? { settledKey: cacheKey } : {}) };
    }
    for (const file of held) take(file.path, file.text, file.mtimeMs);
    held.length = 0;
    fileMemo = memoAcrossRuns(readCachedFileParts(cache, stream.realRoot, cacheContext), digests);
  }
  const check = (): Problem[] => {
    const engine = newProblemEngine(store, {
      typeSet: options.typeSet,
      modifiedTime: (path) => modifiedTimes.get(path),
      lineHistory: gitBlameHistory(folder),
      exclude: options.exclude ?? [],
      shape: options.shape,
      indexLoad: options.indexLoad,
      fileMemo,
    });
    engine.checkAll();
    // Sorted, so entries appended to MEMORY.md come in file order, the same on every run.
    return sortProblems(withSkipProblems(engine.allProblems(), store, read.skipped));
  };
  let problems = check();
  let fixed = 0;
  const notWritten: NotWritten[] = [];
  if (options.fix) {
    const plan = planFixes(read, store, problems, indexRoom(store, options.indexLoad));
    // No boundary named: the root's own real path. Either way a write is judged where it really lands.
    const boundary = options.writeBoundary === undefined ? read.realRoot : (await nodeReaderHost.realPath(options.writeBoundary)) ?? options.writeBoundary;
    const refused = new Map<RootPath, NotWritten>();
    // Every file is judged before any is written, so one that cannot be written stops nothing half-way.
    for (const write of plan.writes) {
      const reason = (await writeLanding(boundary, write.target)) === undefined ? { kind: 'outside-project' as const } : await checkWritable(write);
      if (reason) refused.set(write.path, { path: write.path, reason });
    }
    const written = new Set<RootPath>();
    for (const write of plan.writes) {
      if (refused.has(write.path)) continue;
      const reason = await writeIfUnchanged(write, options.hooks);
      if (reason) refused.set(write.path, { path: write.path, reason });
      else written.add(write.path);
    }
    for (const [alias, path] of plan.aliases) if (written.has(path)) written.add(alias);
    for (const path of written) store.update(path, plan.texts.get(path) ?? '');
    fixed = plan.fixes.filter((paths) => paths.every((path) => written.has(path))).length;
    notWritten.push(...[...refused.values()].sort((a, b) => compare(a.path, b.path)));
    if (written.size > 0) {
      forgetWorkTree(folder);
      problems = check();
    }
  }
  const isDocumentation = documentationMatcher(options.exclude ?? []);
  // Topic indexes list memories; they are not memories themselves.
  const memories = [...store.memories()].filter((memory) => !isDocumentation(memory.path) && !topicIndexOf(memory)).length;
  if (cache && cacheKey && cacheContext) {
    writeCachedCheck(cache.folder, stream.realRoot, cacheKey, cache.version, { memories, problems: problems.map(reported), skipped: read.skipped }, cacheContext, fileMemo?.kept ?? new Map());
    if (metadata.kind === 'settled' && metadata.realRoot === stream.realRoot) {
      writeSettledKey(cache.folder, stream.realRoot, cacheContext, cache.version, metadata.digest, cacheKey);
      return { argument, memories, problems, skipped: read.skipped, fixed, notWritten, settledKey: cacheKey };
    }
  }
  return { argument, memories, problems, skipped: read.skipped, fixed, notWritten };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.path.localeCompare(b.path) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

/** What MEMORY.md can take before Claude Code cuts it, when it is the entrypoint that is cut (see `indexLoad`). */
function indexRoom(store: MemoryStore, way: IndexLoadWay | undefined): IndexRoom | undefined {
  if (!store.index || (way !== undefined && way !== 'entrypoint')) return undefined;
  const load = indexLoad(store.index, DEFAULT_INDEX_BUDGET, way);
  return { lines: Math.max(0, DEFAULT_INDEX_BUDGET.maxLines - load.lines), chars: Math.max(0, DEFAULT_INDEX_BUDGET.maxChars - load.chars) };
}
