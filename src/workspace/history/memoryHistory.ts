import type * as vscode from 'vscode';
import type { MemoryFile, MemoryIndex, RootPath } from '../../core';
import type { Configuration } from '../config/configuration';
import { Disposable } from '../dispose';
import type { Log } from '../log';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryRoots } from '../roots/memoryRoots';
import { ApprovalLogWatch } from './approvalLogWatch';
import { ChangeFollower } from './changeFollower';
import type { ApprovalMode, HistoryPort, LegacyApprovals, RecordedVersion } from './historyPort';
import { LoadComparison } from './loadComparison';
import { OwnWrites, type OwnWriteSource } from './ownWrites';
import { RootHistories, type RootHistory } from './rootHistories';
import { bytesOf, hashOf } from './versionBytes';
import { VersionRecorder } from './versionRecorder';

/**
 * Keeps every version of the memory files Memory Shelf sees in the shared history (src/history), so
 * nothing an agent changes or deletes is lost, and is what the rest of the extension asks of it. The
 * work is done by its parts: {@link RootHistories} holds what this window knows of each root (latest
 * versions, approvals) so the review can ask synchronously; {@link ChangeFollower} records each change
 * with who made it, told by {@link OwnWrites}; {@link LoadComparison} records what changed while no
 * window watched; {@link VersionRecorder} is the one way into the store; {@link ApprovalLogWatch}
 * follows what the CLI and Claude Code's hook write there.
 */
export class MemoryHistory extends Disposable {
  private readonly histories: RootHistories;
  private readonly ownWrites: OwnWrites;
  private readonly changes: ChangeFollower;
  private readonly comparison: LoadComparison;
  /** Fires when a root's history or approvals changed (undefined: every root's). */
  readonly onDidChange: vscode.Event<MemoryRoot | undefined>;

  constructor(
    roots: MemoryRoots,
    private readonly config: Configuration,
    private readonly log: Log,
    private readonly port: HistoryPort | undefined,
    /** Resolves once the roots' first check is done: the history's comparison waits for it, never slowing what shows. */
    settled: () => Promise<void> = () => Promise.resolve(),
  ) {
    super();
    const enabled = (): boolean => this.enabled;
    this.histories = this._register(new RootHistories(port, log));
    this.onDidChange = this.histories.onDidChange;
    const logWatch = this._register(new ApprovalLogWatch(roots, this.histories));
    this.ownWrites = this._register(new OwnWrites());
    const recorder = new VersionRecorder(this.histories, this.ownWrites, log, enabled, () => void logWatch.start());
    this.changes = this._register(new ChangeFollower(roots, this.ownWrites, recorder, this.histories, enabled));
    this.comparison = this._register(new LoadComparison(roots, config, log, this.histories, recorder, this.changes, enabled, settled));
  }

  get enabled(): boolean {
    return this.port !== undefined && this.config.settings.historyEnabled;
  }

  /** The history's name for a root: its folder's path, as the CLI and the hook name it; none for a non-file root. */
  keyOf(root: MemoryRoot): string | undefined {
    return this.histories.keyOf(root);
  }

  /** sha256 of the bytes the store's text stands for (its BOM put back): the history's and the approvals' hash. */
  hashOf(file: MemoryFile | MemoryIndex): string {
    return hashOf(file);
  }

  /** The newest recorded event at `path`, once the root's history is read. */
  latest(root: MemoryRoot, path: RootPath): RecordedVersion | undefined {
    return this.histories.known(root)?.latest.get(path);
  }

  /** The approvals known for `root`: undefined until they are read (the review waits for them). */
  approvals(root: MemoryRoot): ReadonlyMap<RootPath, string> | undefined {
    return this.histories.known(root)?.approvals;
  }

  /** Whether the approval record of `path` changed outside Memory Shelf (so it is not counted as approved). */
  approvalChangedOutside(root: MemoryRoot, path: RootPath): boolean {
    return this.histories.known(root)?.changedOutside.has(path) === true;
  }

  /** Reads the root's history and approvals (once; again with `fresh`, for what the CLI or the hook wrote meanwhile). */
  whenRead(root: MemoryRoot, fresh = false): Promise<RootHistory | undefined> {
    return this.histories.whenRead(root, fresh);
  }

  /** Resolves once the latest comparison of the roots with their history has ended (tests, and a refresh that waits). */
  whenScanned(): Promise<void> {
    return this.comparison.whenDone();
  }

  /** Approves `bytes` at each path (null withdraws the approval: the memory is forgotten) and tells the listeners. */
  approve(root: MemoryRoot, approvals: readonly { readonly path: RootPath; readonly bytes: Uint8Array | null }[]): Promise<void> {
    return this.histories.approve(root, approvals);
  }

  /** Records what the files at `uris` hold before one of Memory Shelf's own edits changes them. */
  recordBefore(uris: readonly vscode.Uri[], read: (uri: vscode.Uri) => Promise<Uint8Array | undefined>): Promise<void> {
    return this.changes.recordBefore(uris, read);
  }

  /** Says that the next write of `uri` by VS Code is Memory Shelf's restore or Reject, not the person's save. */
  expectOwnWrite(uri: vscode.Uri, source: OwnWriteSource): void {
    this.ownWrites.expect(uri, source);
  }

  /** Every event of one file, newest first (empty when there is no history). */
  async versions(root: MemoryRoot, path: RootPath): Promise<RecordedVersion[]> {
    const key = this.keyOf(root);
    if (key === undefined || !this.port) return [];
    try {
      return await this.port.versions(key, path);
    } catch (error) {
      this.log.warn(`Could not read the versions of ${path} in ${key}`, error);
      return [];
    }
  }

  /** The bytes of a recorded version, or undefined when they are not kept. */
  async blob(root: MemoryRoot, hash: string): Promise<Uint8Array | undefined> {
    const key = this.keyOf(root);
    if (key === undefined || !this.port || hash === '') return undefined;
    try {
      return await this.port.blob(key, hash);
    } catch (error) {
      this.log.warn(`Could not read a version from the history of ${key}`, error);
      return undefined;
    }
  }

  /**
   * How many versions of `path` in the history hold a secret (`purge`: replaces them with redacted
   * copies, then reads the root's history again). Zero when there is no history.
   */
  async secretVersions(root: MemoryRoot, path: RootPath, purge = false): Promise<number> {
    const key = this.keyOf(root);
    const port = this.port;
    if (key === undefined || !port) return 0;
    const count = await this.histories.enqueue(() => port.purgeSecret(key, path, !purge));
    if (purge && count > 0) {
      await this.histories.whenRead(root, true);
      this.histories.changed(root);
    }
    return count;
  }

  /** How the root's approvals started, or undefined for a root never seen (nor any history to ask). */
  async mode(root: MemoryRoot): Promise<ApprovalMode | undefined> {
    const key = this.keyOf(root);
    const port = this.port;
    if (key === undefined || !port) return undefined;
    return this.histories.enqueue(() => port.mode(key)).catch((error: unknown) => {
      this.log.warn(`Could not read the review settings of ${key}`, error);
      return undefined;
    });
  }

  async setMode(root: MemoryRoot, mode: ApprovalMode): Promise<void> {
    const key = this.keyOf(root);
    const port = this.port;
    if (key === undefined || !port) return;
    await this.histories.enqueue(() => port.setMode(key, mode)).catch((error: unknown) => this.log.warn(`Could not store the review settings of ${key}`, error));
  }

  /** Imports the approvals VS Code's storage kept for `root` (once: the store remembers it did), then reads them. */
  async importLegacy(root: MemoryRoot, record: LegacyApprovals, legacyCopy: (hash: string) => Promise<Uint8Array | undefined>): Promise<void> {
    const key = this.keyOf(root);
    const port = this.port;
    if (key === undefined || !port) return;
    const current = async (path: RootPath): Promise<Uint8Array | undefined> => {
      const held = root.store.get(path);
      return held ? bytesOf(held) : undefined;
    };
    await this.histories.enqueue(() => port.importLegacy(key, record, legacyCopy, current)).catch((error: unknown) => this.log.warn(`Could not import the earlier approvals of ${key}`, error));
    await this.histories.whenRead(root, true);
    this.histories.changed(root);
  }
}
