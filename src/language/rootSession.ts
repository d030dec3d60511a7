import * as nodePath from 'node:path';
import { performance } from 'node:perf_hooks';
import { INDEX_FILE_NAME, isOutsideMemory, MemoryStore, ProblemCode, type FileMemo, type IndexLoadWay, type LineHistory, type Problem, type ProblemEngine, type RootPath, type RuleContext, type StoreChange } from '../core';
import { isTrackedPath, nodeReaderHost, nodeSyncReaderHost, problemsOfPath, readRoot, type ReadFile, type SkippedEntry } from '../reader';
import { fileDigest, type CachePlace } from './cacheFiles';
import { memoAcrossRuns, partsContext, readCachedFileParts, writeCachedFileParts, type MemoAcrossRuns } from './fileParts';
import { newProblemEngine, type EngineInputs } from './engineOptions';
import { budgetOf, shapeOf, typeSetOf, type Settings } from './settings';

/** What a session needs of a found root: where it is, what it leaves to another root, how Claude Code loads its index. */
export interface SessionPlace {
  readonly folder: string;
  readonly exclude: readonly string[];
  readonly indexLoad: IndexLoadWay;
}

/**
 * Line histories a session may ask about its files (git blame): told when a file changed on disk, so a
 * long-lived session does not date a rewritten file's lines by its old blame.
 */
export interface LineHistorySource {
  historyOf(path: RootPath): LineHistory | undefined;
  forget(path: RootPath): void;
}

/**
 * One memory root held open: the store (the disk's text, with each open document's text over it), its
 * problem engine, and what the reader refused. Every read goes through the root reader (regular files,
 * size cap, no links out of the root). The language server holds one per root; its answers are asked of it.
 */
export class RootSession {
  readonly store = new MemoryStore();
  private engine!: ProblemEngine;
  private readonly disk = new Map<RootPath, { readonly text: string; readonly modifiedTime: number }>();
  private readonly open = new Map<RootPath, string>();
  private skipped: SkippedEntry[] = [];

  private constructor(readonly place: SessionPlace, readonly realRoot: string, readonly settings: Settings, private readonly lines: LineHistorySource | undefined) {}

  /**
   * Reads `place` whole and checks every file; `open` texts are the editors' and win over the disk.
   * Parsing and checking give way to the event loop every {@link SLICE_MS}: a 2,000-memory folder takes
   * a second or more, and meanwhile the server still reads what the client sends (see the server's
   * first look at a file an agent writes while its folder loads).
   */
  static async load(place: SessionPlace, settings: Settings, open: ReadonlyMap<string, string> = new Map(), lines?: LineHistorySource, cache?: CachePlace): Promise<RootSession> {
    const read = await readRoot(nodeSyncReaderHost, place.folder);
    const root = new RootSession(place, read.realRoot, settings, lines);
    root.skipped = [...read.skipped];
    const slice = timeSlice();
    for (const [path, file] of read.files) {
      root.disk.set(path, { text: file.text, modifiedTime: file.stamp.mtimeMs });
      root.store.update(path, file.text);
      await slice();
    }
    // The editors' texts as they are now: a document opened during the read is among them.
    for (const [file, text] of open) {
      const path = root.pathOf(file);
      if (path === undefined) continue;
      root.open.set(path, text);
      root.store.update(path, text);
    }
    const kept = cache ? root.keptParts(cache, read.files) : undefined;
    root.engine = root.newEngine(kept?.memo);
    for (const _ of root.engine.checkSteps()) await slice();
    if (kept) root.keepParts(kept);
    return root;
  }

  /**
   * What the last run (the CLI's or a server's) found in each memory read alone, for the memories whose
   * store text is the disk's: an open document's text may differ, so it is checked afresh.
   */
  private keptParts(cache: CachePlace, files: ReadonlyMap<RootPath, ReadFile>): KeptParts {
    const inputs = this.engineInputs();
    const context = partsContext(this.folder, { typeSet: inputs.typeSet, exclude: inputs.exclude, shape: inputs.shape, indexLoad: inputs.indexLoad });
    const digests = new Map<RootPath, string>();
    for (const [path, file] of files) if (!this.open.has(path)) digests.set(path, fileDigest(file.bytes, file.stamp.mtimeMs));
    return { cache, context, memo: memoAcrossRuns(readCachedFileParts(cache, this.realRoot, context), digests) };
  }

  /** Keeps what the first check found in each memory for the next run, and stops the memo: later checks follow edits. */
  private keepParts({ cache, context, memo }: KeptParts): void {
    memo.close();
    try {
      writeCachedFileParts(cache, this.realRoot, context, memo.kept);
    } catch {
      // A cache folder that cannot be written costs the next run the reading, nothing else.
    }
  }

  /**
   * The problems of one file checked alone, before its folder is read: only those of {@link ALONE}, which
   * need no other file. `path` is the file's root path in `place`, `modifiedTime` its file time.
   */
  static checkAlone(place: SessionPlace, settings: Settings, path: RootPath, text: string, modifiedTime: number | undefined): Problem[] {
    const root = new RootSession(place, place.folder, settings, undefined);
    root.store.update(path, text);
    if (modifiedTime !== undefined) root.disk.set(path, { text, modifiedTime });
    root.engine = root.newEngine();
    root.engine.checkAll();
    return root.problemsFor(path).filter((problem) => ALONE.has(problem.code));
  }

  get folder(): string {
    return this.place.folder;
  }

  private newEngine(fileMemo?: FileMemo): ProblemEngine {
    return newProblemEngine(this.store, { ...this.engineInputs(), ...(fileMemo ? { fileMemo } : {}) });
  }

  private engineInputs(): EngineInputs {
    const lines = this.lines;
    return {
      typeSet: typeSetOf(this.settings),
      budget: budgetOf(this.settings),
      modifiedTime: (path) => this.disk.get(path)?.modifiedTime,
      // Blame dates the lines on disk: an editor's text that differs from them has no history yet.
      ...(lines ? { lineHistory: (path: RootPath) => (this.open.has(path) && this.open.get(path) !== this.disk.get(path)?.text ? undefined : lines.historyOf(path)) } : {}),
      exclude: [...this.settings.exclude, ...this.place.exclude],
      shape: shapeOf(this.settings),
      indexLoad: this.place.indexLoad,
    };
  }

  /** The root path of an absolute file path in this root, if the reader would read it (a memory or MEMORY.md, not hidden). */
  pathOf(file: string): RootPath | undefined {
    return rootPathIn([this.folder, this.realRoot], file);
  }

  /** The absolute path of a file of the root. */
  fileOf(path: RootPath): string {
    return nodePath.join(this.folder, ...path.split('/'));
  }

  /** Every file the server has something to say about: what the store holds and what the reader refused. */
  paths(): RootPath[] {
    const paths = new Set<RootPath>([...this.disk.keys(), ...this.open.keys(), ...this.skipped.map((skip) => skip.path)]);
    if (this.store.index) paths.add(INDEX_FILE_NAME);
    return [...paths].sort();
  }

  /** The files whose disk time is `time` or later, with that time. */
  modifiedSince(time: number): [RootPath, number][] {
    return [...this.disk].filter(([, file]) => file.modifiedTime >= time).map(([path, file]) => [path, file.modifiedTime]);
  }

  /** The text the store holds for `path`: an open document's, else the disk's. */
  heldText(path: RootPath): string | undefined {
    return this.open.get(path) ?? this.disk.get(path)?.text;
  }

  isOpen(path: RootPath): boolean {
    return this.open.has(path);
  }

  /** An editor's text for `path` (opened or changed): the files whose problems changed. */
  setOpenText(path: RootPath, text: string): RootPath[] {
    this.open.set(path, text);
    return this.apply(this.store.update(path, text));
  }

  /** The editor closed `path`: the disk is the truth again. */
  async closeDocument(path: RootPath): Promise<RootPath[]> {
    this.open.delete(path);
    return this.reread(path);
  }

  /** Brings `path` in line with the disk (a watched file changed, was created or deleted), unless an editor holds it. */
  async reread(path: RootPath): Promise<RootPath[]> {
    const read = await readRoot(nodeReaderHost, this.folder, { start: path }).catch(() => undefined);
    const file = read?.files.get(path);
    this.skipped = [...this.skipped.filter((skip) => skip.path !== path), ...(read?.skipped.filter((skip) => skip.path === path) ?? [])];
    if (file?.text !== this.disk.get(path)?.text) this.lines?.forget(path);
    if (file) this.disk.set(path, { text: file.text, modifiedTime: file.stamp.mtimeMs });
    else this.disk.delete(path);
    if (this.open.has(path)) return [path];
    const change = file ? this.store.update(path, file.text) : this.store.remove(path);
    return [...new Set([...this.apply(change), path])];
  }

  /** What the rules read besides the file: for core operations asked about more than the engine's problems. */
  ruleContext(): RuleContext {
    const { typeSet, modifiedTime, lineHistory, indexLoad } = this.engineInputs();
    return { store: this.store, typeSet, budget: budgetOf(this.settings), modifiedTime, lineHistory, indexLoad };
  }

  /** The problems of one file: the engine's with the reader's refusals, whatever severity the user gave them. */
  problemsFor(path: RootPath): readonly Problem[] {
    return problemsOfPath(this.engine.problemsFor(path), this.store, this.skipped, path);
  }

  private apply(change: StoreChange): RootPath[] {
    return this.engine.applyChange(change);
  }
}

/** The root path of `file` under the first of `folders` that holds it, if the reader would read it. */
export function rootPathIn(folders: readonly string[], file: string): RootPath | undefined {
  for (const base of folders) {
    const relative = nodePath.relative(base, file);
    if (relative === '' || relative.startsWith('..') || nodePath.isAbsolute(relative)) continue;
    const path = relative.split(nodePath.sep).join('/');
    return isTrackedPath(path) && !isOutsideMemory(path) ? path : undefined;
  }
  return undefined;
}

/**
 * What a file's text rules decide from it alone: relative dates (counted from the file's text or
 * time), secrets, planted text. The other codes compare memories (duplicates, links, MEMORY.md) or
 * follow the folder's shape (even frontmatter findings do), and wait for the folder.
 */
const ALONE: ReadonlySet<ProblemCode> = new Set([ProblemCode.RelativeDate, ProblemCode.Secret, ProblemCode.HiddenText, ProblemCode.ChannelMarkup, ProblemCode.PlantedInstruction]);

/** A load's way to the parts an earlier run kept. */
interface KeptParts {
  readonly cache: CachePlace;
  readonly context: string;
  readonly memo: MemoAcrossRuns;
}

/** How long a load works before it lets the event loop run. */
const SLICE_MS = 15;

/** A function to await between steps: it gives way once SLICE_MS have passed since it last did. */
function timeSlice(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
