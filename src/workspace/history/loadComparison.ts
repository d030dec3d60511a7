import { performance } from 'node:perf_hooks';
import { INDEX_FILE_NAME, type MemoryFile, type MemoryIndex, type RootPath } from '../../core';
import type { Configuration } from '../config/configuration';
import { Disposable } from '../dispose';
import { uriExists } from '../fs';
import type { Log } from '../log';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryRoots } from '../roots/memoryRoots';
import { Slicer } from '../slices';
import type { ChangeFollower } from './changeFollower';
import type { VersionToRecord } from './historyPort';
import type { RootHistories } from './rootHistories';
import { bytesOf, hashOf, storeHolds } from './versionBytes';
import type { VersionRecorder } from './versionRecorder';

/**
 * After each load of the roots (and when the history is turned on): what changed or went while no
 * window watched is recorded, by an unknown author, and the history is kept under its size. It waits
 * for the roots' first check, so it never slows what shows.
 */
export class LoadComparison extends Disposable {
  private generation = 0;
  private done: Promise<void> = Promise.resolve();

  constructor(
    private readonly roots: MemoryRoots,
    private readonly config: Configuration,
    private readonly log: Log,
    private readonly histories: RootHistories,
    private readonly recorder: VersionRecorder,
    private readonly changes: ChangeFollower,
    private readonly enabled: () => boolean,
    /** Resolves once the roots' first check is done. */
    private readonly settled: () => Promise<void>,
  ) {
    super();
    this._register(roots.onDidChange((root) => {
      if (!root) this.compareRoots();
    }));
    this._register(config.onDidChange((change) => {
      if (change.affects('historyEnabled') && this.enabled()) this.compareRoots();
    }));
  }

  /** Resolves once the latest comparison of the roots with their history has ended (tests, and a refresh that waits). */
  whenDone(): Promise<void> {
    return this.done;
  }

  private compareRoots(): void {
    if (!this.enabled()) return;
    const generation = ++this.generation;
    const roots = [...this.roots.roots];
    this.done = (async () => {
      await this.settled().catch(() => undefined);
      for (const root of roots) {
        if (generation !== this.generation || this.isDisposed) return;
        await this.compareRoot(root, generation).catch((error: unknown) => this.log.warn(`Could not compare ${root.uri.toString()} with its history`, error));
      }
      await this.prune();
    })();
  }

  /**
   * Compares a loaded root with its history, in slices (hashing 20,000 files must not hold the host):
   * each file whose bytes differ from the latest version is recorded, by an unknown author; each file
   * the history has and the disk no longer has is recorded as deleted, for the review to show.
   */
  private async compareRoot(root: MemoryRoot, generation: number): Promise<void> {
    const started = performance.now();
    const read = await this.histories.whenRead(root, true);
    if (!read || !(await uriExists(root.uri))) return;
    const slicer = new Slicer();
    const versions: VersionToRecord[] = [];
    const present = new Set<RootPath>();
    const files: (MemoryFile | MemoryIndex)[] = [...root.store.memories()];
    if (root.store.index) files.push(root.store.index);
    for (const file of files) {
      if (slicer.due()) {
        await slicer.pause();
        if (generation !== this.generation || !this.roots.roots.includes(root)) return;
      }
      const path = 'path' in file ? file.path : INDEX_FILE_NAME;
      present.add(path);
      if (read.latest.get(path)?.hash !== hashOf(file)) versions.push({ path, bytes: bytesOf(file), origin: { author: 'unknown', source: 'load' } });
    }
    const unreadable = new Set(root.skippedFiles().map((entry) => entry.path));
    for (const [path, latest] of read.latest) {
      if (latest.hash === '' || present.has(path) || unreadable.has(path) || !root.isTracked(path)) continue;
      if (await uriExists(root.uriOf(path))) continue;
      versions.push({ path, bytes: null, origin: { author: 'unknown', source: 'load' } });
    }
    // A slice paused, and the queue may hold other writes: only what the store still holds is recorded.
    // A change from disk on its way knows more of its author: it is recorded by that path.
    const current = (version: VersionToRecord): boolean => !this.changes.isWaiting(root, version.path) && storeHolds(root, version);
    const written = await this.recorder.record(root, versions, current, new Map(read.latest));
    this.log.info(`History: ${files.length} files of ${root.uri.toString()} compared with their last versions in ${Math.round(performance.now() - started)} ms; ${written.length} recorded`);
  }

  /** Keeps the history under `memoryShelf.history.maxSizeMB`: after each load of the roots, never on the way of one. */
  private async prune(): Promise<void> {
    const port = this.histories.port;
    if (!port || !this.enabled()) return;
    const bytes = this.config.settings.historyMaxSizeMB * 1024 * 1024;
    await this.histories.enqueue(() => port.prune(bytes)).catch((error: unknown) => this.log.warn('Could not prune the history', error));
  }
}
