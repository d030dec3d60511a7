import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { INDEX_FILE_NAME, type MemoryFile, type MemoryIndex, type RootPath, type StoreChange } from '../../core';
import type { Configuration } from '../config/configuration';
import { Disposable } from '../dispose';
import { openDocument, uriExists } from '../fs';
import type { Log } from '../log';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryFilesChange, MemoryRoots } from '../roots/memoryRoots';
import { Slicer } from '../slices';
import type { ApprovalMode, ApprovalsRead, HistoryPort, LegacyApprovals, RecordedVersion, VersionOrigin, VersionToRecord } from './historyPort';

const encoder = new TextEncoder();

/** What Memory Shelf's own write of an earlier version is: Restore from the history, or Reject in To review. */
export type OwnWriteSource = 'restore' | 'reject';

/** How long after VS Code announced its own save, create, delete or move of a file a change there is the person's. */
const OWN_OPERATION_MS = 5_000;

/** Approval logs changing in a burst (a CLI approving a session) are read again once, this long after the last change. */
const APPROVALS_SETTLE_MS = 300;

/** How long a change from disk waits for Claude Code's hook to record it first. */
const HOOK_GRACE_MS = 1000;

/** How recent an unattributed version must be for a change of the event log to have it read again (the hook's late session tag). */
const SESSION_TAG_WINDOW_MS = 60_000;

/** Up to this many versions recorded at once (changes, not a load), each path's latest is read again from the store. */
const REFRESHED_PATHS = 20;

/** A root's history as this window knows it: the newest event of every path, and the approvals. */
interface RootHistory {
  readonly latest: Map<RootPath, RecordedVersion>;
  readonly approvals: Map<RootPath, string>;
  /** Paths whose approval record changed outside Memory Shelf, until the person approves them here. */
  readonly changedOutside: Set<RootPath>;
}

/**
 * Keeps every version of the memory files Memory Shelf sees in the shared history (src/history), so
 * nothing an agent changes or deletes is lost: at load (only what differs from the latest recorded),
 * on every change from disk, on save, and before Memory Shelf's own edits. Who wrote a version is
 * judged here: VS Code's own saves and file operations are the person's, other changes on disk the
 * agent's, versions first met at load unknown. It also holds each root's latest versions and
 * approvals in memory, so the review can ask synchronously.
 */
export class MemoryHistory extends Disposable {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<MemoryRoot | undefined>());
  /** Fires when a root's history or approvals changed (undefined: every root's). */
  readonly onDidChange = this.changeEmitter.event;
  private readonly byRoot = new Map<string, RootHistory>();
  private readonly loads = new Map<string, Promise<RootHistory | undefined>>();
  /** URIs (or folder prefixes) VS Code is saving, creating, deleting or moving itself, until when. */
  private readonly ownOperations = new Map<string, number>();
  /** What Memory Shelf's own write about to land at a URI is (a restore, a Reject), until when: recorded so rather than as a save. */
  private readonly ownSources = new Map<string, { readonly source: OwnWriteSource; readonly until: number }>();
  private readonly hashes = new WeakMap<MemoryFile | MemoryIndex, string>();
  /** Every write to the history goes one after another: "differs from the latest" is judged in order. */
  private queue: Promise<unknown> = Promise.resolve();
  private scanGeneration = 0;
  /** Approval writes of this window not yet in the store. */
  private approvalsWriting = 0;
  /**
   * Approvals of this window not yet in the store, by root key: a fresh read of the store queued before
   * their write (a load's history comparison) must not take them back, or a first-run baseline would
   * leave every memory waiting with nothing left to read them again.
   */
  private readonly unwritten = new Map<string, Map<RootPath, string>>();
  /** Root URI + path of changes from disk waiting to be recorded (the hook's moment of grace), with how many. */
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly roots: MemoryRoots,
    private readonly config: Configuration,
    private readonly log: Log,
    private readonly port: HistoryPort | undefined,
    /** Resolves once the roots' first check is done: the history's comparison waits for it, never slowing what shows. */
    private readonly settled: () => Promise<void> = () => Promise.resolve(),
  ) {
    super();
    this._register(roots.onDidChange((root) => {
      if (!root) this.scanRoots();
    }));
    this._register(roots.onDidChangeFiles((change) => void this.followChanges(change)));
    this._register(vscode.workspace.onWillSaveTextDocument((event) => this.markOwn(event.document.uri)));
    this._register(vscode.workspace.onDidSaveTextDocument((document) => void this.recordSaved(document)));
    this._register(vscode.workspace.onWillCreateFiles((event) => event.files.forEach((uri) => this.markOwn(uri))));
    this._register(vscode.workspace.onWillDeleteFiles((event) => event.files.forEach((uri) => this.markOwn(uri))));
    this._register(vscode.workspace.onWillRenameFiles((event) => event.files.forEach(({ oldUri, newUri }) => {
      this.markOwn(oldUri);
      this.markOwn(newUri);
    })));
    this._register(config.onDidChange((change) => {
      if (change.affects('historyEnabled') && this.enabled) this.scanRoots();
    }));
  }

  private approvalWatch: vscode.Disposable | undefined;

  /** Starts following the approval logs once the history's folder exists (a watcher of a missing folder hears nothing). */
  private async watchApprovals(): Promise<void> {
    if (this.approvalWatch || !this.port || this.isDisposed) return;
    const dir = this.port.dir;
    if (!(await uriExists(vscode.Uri.file(dir))) || this.approvalWatch || this.isDisposed) return;
    this.approvalWatch = this._register(this.followApprovals(dir));
  }

  /**
   * Approvals written by another process (`memory-shelf review --approve`, another window) are read
   * again when an approval log changes, so the review here agrees with them without a refresh. A
   * change of an event log may be Claude Code's hook naming the session of a write this window
   * recorded first: those recent unattributed versions are read again (see {@link rereadSessions}).
   */
  private followApprovals(dir: string): vscode.Disposable {
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dir), 'roots/*/{approvals,log}.jsonl'));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sessionTimer: ReturnType<typeof setTimeout> | undefined;
    const rereadSessions = (): void => {
      clearTimeout(sessionTimer);
      sessionTimer = setTimeout(() => void this.rereadSessions(), APPROVALS_SETTLE_MS);
    };
    const reread = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // Our own approvals still being written would read as missing for a moment: their last write brings another change.
        if (this.approvalsWriting > 0) return reread();
        for (const root of this.roots.roots) {
          const key = this.keyOf(root);
          if (key === undefined || !this.byRoot.has(key)) continue;
          void this.whenRead(root, true).then(() => this.changeEmitter.fire(root));
        }
      }, APPROVALS_SETTLE_MS);
    };
    const changed = (uri: vscode.Uri): void => (uri.path.endsWith('/log.jsonl') ? rereadSessions() : reread());
    watcher.onDidChange(changed);
    watcher.onDidCreate(changed);
    return vscode.Disposable.from(watcher, new vscode.Disposable(() => {
      clearTimeout(timer);
      clearTimeout(sessionTimer);
    }));
  }

  /**
   * Versions this window recorded in the last moments without a session (an agent's write the watcher
   * saw before Claude Code's hook reported it) are read again from the store: a session tag the hook
   * appended since is taken, and To review groups the change under its session without a reload. Only
   * recent ones, so this window's own writes to the log cost next to nothing.
   */
  private async rereadSessions(): Promise<void> {
    const since = Date.now() - SESSION_TAG_WINDOW_MS;
    const port = this.port;
    if (!port) return;
    for (const root of this.roots.roots) {
      const key = this.keyOf(root);
      const read = key === undefined ? undefined : this.byRoot.get(key);
      if (key === undefined || !read) continue;
      const untagged = [...read.latest.values()].filter((version) => !version.sessionId && version.hash !== '' && version.author !== 'person' && version.time >= since).slice(0, REFRESHED_PATHS);
      let updated = false;
      for (const version of untagged) {
        const latest = await port.latestOf(key, version.path).catch(() => undefined);
        const now = read.latest.get(version.path);
        if (!latest?.sessionId || !now || now.sessionId || latest.hash !== now.hash) continue;
        read.latest.set(version.path, latest);
        updated = true;
      }
      if (updated) this.changeEmitter.fire(root);
    }
  }

  get enabled(): boolean {
    return this.port !== undefined && this.config.settings.historyEnabled;
  }

  /** The history's name for a root: its folder's path, as the CLI and the hook name it; none for a non-file root. */
  keyOf(root: MemoryRoot): string | undefined {
    return root.uri.scheme === 'file' ? root.uri.fsPath : undefined;
  }

  /** sha256 of the bytes the store's text stands for (its BOM put back): the history's and the approvals' hash. */
  hashOf(file: MemoryFile | MemoryIndex): string {
    let hash = this.hashes.get(file);
    if (hash === undefined) this.hashes.set(file, (hash = sha256(bytesOf(file))));
    return hash;
  }

  /** The newest recorded event at `path`, once the root's history is read. */
  latest(root: MemoryRoot, path: RootPath): RecordedVersion | undefined {
    const key = this.keyOf(root);
    return key === undefined ? undefined : this.byRoot.get(key)?.latest.get(path);
  }

  /** Every path's newest event, once read (empty until then). */
  latestAll(root: MemoryRoot): ReadonlyMap<RootPath, RecordedVersion> {
    const key = this.keyOf(root);
    return (key !== undefined && this.byRoot.get(key)?.latest) || new Map();
  }

  /** The approvals known for `root`: undefined until they are read (the review waits for them). */
  approvals(root: MemoryRoot): ReadonlyMap<RootPath, string> | undefined {
    const key = this.keyOf(root);
    return key === undefined ? undefined : this.byRoot.get(key)?.approvals;
  }

  /**
   * How many versions of `path` in the history hold a secret (`purge`: replaces them with redacted
   * copies, then reads the root's history again). Zero when there is no history.
   */
  async secretVersions(root: MemoryRoot, path: RootPath, purge = false): Promise<number> {
    const key = this.keyOf(root);
    const port = this.port;
    if (key === undefined || !port) return 0;
    const count = await this.enqueue(() => port.purgeSecret(key, path, !purge));
    if (purge && count > 0) {
      await this.whenRead(root, true);
      this.changeEmitter.fire(root);
    }
    return count;
  }

  /** Whether the approval record of `path` changed outside Memory Shelf (so it is not counted as approved). */
  approvalChangedOutside(root: MemoryRoot, path: RootPath): boolean {
    const key = this.keyOf(root);
    return key !== undefined && this.byRoot.get(key)?.changedOutside.has(path) === true;
  }

  /**
   * Says once a window, per root, that its approval record changed outside Memory Shelf: the memories
   * concerned wait in To review, and a person should know why before approving them again.
   */
  private warnChangedOutside(root: MemoryRoot, key: string, read: ApprovalsRead): void {
    if ((read.changedOutside.size === 0 && !read.linesRemoved) || this.warnedOutside.has(key)) return;
    this.warnedOutside.add(key);
    this.log.warn(`The approval record of ${key} changed outside Memory Shelf (${read.changedOutside.size} paths${read.linesRemoved ? ', lines taken out' : ''})`);
    void vscode.window.showWarningMessage(vscode.l10n.t('The approval record of {0} was changed outside Memory Shelf (by an agent\'s shell or a script). The memories it concerns wait in To review again.', root.info.label));
  }

  private readonly warnedOutside = new Set<string>();

  /** Reads the root's history and approvals (once; again with `fresh`, for what the CLI or the hook wrote meanwhile). */
  whenRead(root: MemoryRoot, fresh = false): Promise<RootHistory | undefined> {
    const key = this.keyOf(root);
    if (key === undefined || !this.port) return Promise.resolve(undefined);
    let load = this.loads.get(key);
    if (!load || fresh) {
      const port = this.port;
      load = this.enqueue(async () => {
        const [latest, trusted] = await Promise.all([port.latest(key), port.approvals(key)]);
        const approvals = trusted.approved;
        const changedOutside = new Set(trusted.changedOutside);
        for (const [path, hash] of this.unwritten.get(key) ?? []) {
          approvals.set(path, hash);
          changedOutside.delete(path);
        }
        this.warnChangedOutside(root, key, trusted);
        const read = { latest, approvals, changedOutside };
        this.byRoot.set(key, read);
        void this.watchApprovals();
        return read;
      }).catch((error: unknown) => {
        this.log.warn(`Could not read the history of ${key}`, error);
        const empty = { latest: new Map(), approvals: new Map(), changedOutside: new Set<RootPath>() };
        this.byRoot.set(key, empty);
        return empty;
      });
      this.loads.set(key, load);
    }
    return load;
  }

  /** Approves `bytes` at each path (null withdraws the approval: the memory is forgotten) and tells the listeners. */
  async approve(root: MemoryRoot, approvals: readonly { readonly path: RootPath; readonly bytes: Uint8Array | null }[]): Promise<void> {
    const key = this.keyOf(root);
    if (key === undefined || !this.port || approvals.length === 0) return;
    // Known at once to whoever asks what waits (the review), written to the store in the background queue.
    const mine = approvals.map(({ path, bytes }) => [path, bytes === null ? '' : sha256(bytes)] as const);
    const unwritten = this.unwritten.get(key) ?? new Map<RootPath, string>();
    this.unwritten.set(key, unwritten);
    for (const [path, hash] of mine) unwritten.set(path, hash);
    const note = (read: RootHistory | undefined): void => {
      for (const [path, hash] of mine) {
        read?.approvals.set(path, hash);
        read?.changedOutside.delete(path);
      }
    };
    const known = this.byRoot.get(key);
    if (known) note(known);
    else note(await this.whenRead(root));
    this.changeEmitter.fire(root);
    const port = this.port;
    this.approvalsWriting++;
    try {
      await this.enqueue(() => port.approve(key, approvals)).catch((error: unknown) => this.log.warn(`Could not record an approval in ${key}`, error));
    } finally {
      this.approvalsWriting--;
      // Written (or failed: kept in memory as before); a later approval of the same path stays noted.
      for (const [path, hash] of mine) if (unwritten.get(path) === hash) unwritten.delete(path);
    }
  }

  /** How the root's approvals started, or undefined for a root never seen (nor any history to ask). */
  async mode(root: MemoryRoot): Promise<ApprovalMode | undefined> {
    const key = this.keyOf(root);
    if (key === undefined || !this.port) return undefined;
    const port = this.port;
    return this.enqueue(() => port.mode(key)).catch((error: unknown) => {
      this.log.warn(`Could not read the review settings of ${key}`, error);
      return undefined;
    });
  }

  async setMode(root: MemoryRoot, mode: ApprovalMode): Promise<void> {
    const key = this.keyOf(root);
    if (key === undefined || !this.port) return;
    const port = this.port;
    await this.enqueue(() => port.setMode(key, mode)).catch((error: unknown) => this.log.warn(`Could not store the review settings of ${key}`, error));
  }

  /** Imports the approvals VS Code's storage kept for `root` (once: the store remembers it did), then reads them. */
  async importLegacy(root: MemoryRoot, record: LegacyApprovals, legacyCopy: (hash: string) => Promise<Uint8Array | undefined>): Promise<void> {
    const key = this.keyOf(root);
    if (key === undefined || !this.port) return;
    const port = this.port;
    const current = async (path: RootPath): Promise<Uint8Array | undefined> => {
      const held = root.store.get(path);
      return held ? bytesOf(held) : undefined;
    };
    await this.enqueue(() => port.importLegacy(key, record, legacyCopy, current)).catch((error: unknown) => this.log.warn(`Could not import the earlier approvals of ${key}`, error));
    await this.whenRead(root, true);
    this.changeEmitter.fire(root);
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
   * Records what the files at `uris` hold now, before one of Memory Shelf's own edits changes them:
   * whatever an agent left there is kept even when the person's edit replaces it.
   */
  async recordBefore(uris: readonly vscode.Uri[], read: (uri: vscode.Uri) => Promise<Uint8Array | undefined>): Promise<void> {
    if (!this.enabled) return;
    const byRoot = new Map<MemoryRoot, VersionToRecord[]>();
    for (const uri of uris) {
      const found = this.roots.rootOf(uri);
      if (!found || !found.root.isTracked(found.path)) continue;
      const bytes = await read(uri);
      if (!bytes) continue;
      const list = byRoot.get(found.root) ?? [];
      list.push({ path: found.path, bytes, origin: { author: 'unknown', source: 'before-edit' } });
      byRoot.set(found.root, list);
    }
    await Promise.all([...byRoot].map(([root, versions]) => this.record(root, versions)));
  }

  /**
   * Records versions (each only when it differs from the latest) and tells the listeners. `stillSo`,
   * asked just before the write, drops a version the folder has moved on from while it waited its turn.
   */
  async record(root: MemoryRoot, versions: readonly VersionToRecord[], stillSo: (version: VersionToRecord) => boolean = () => true, baseline?: ReadonlyMap<RootPath, RecordedVersion>): Promise<RecordedVersion[]> {
    const key = this.keyOf(root);
    if (key === undefined || !this.port || !this.enabled || versions.length === 0) return [];
    const read = await this.whenRead(root);
    const port = this.port;
    const written = await this.enqueue(async () => {
      // What a scan compared with must still be the latest: the hook or the CLI may have written since.
      const now = baseline && (await port.latest(key));
      const unchangedSince = (version: VersionToRecord): boolean => !now || now.get(version.path)?.hash === baseline?.get(version.path)?.hash;
      const fresh = versions.filter(stillSo).filter(unchangedSince).filter((version) => {
        const latest = read?.latest.get(version.path);
        return version.bytes === null ? latest !== undefined && latest.hash !== '' : latest?.hash !== sha256(version.bytes);
      });
      return fresh.length === 0 ? [] : port.record(key, fresh);
    }).catch((error: unknown) => {
      this.log.warn(`Could not record ${versions.length} version(s) in the history of ${key}`, error);
      return [] as RecordedVersion[];
    });
    for (const version of written) {
      read?.latest.set(version.path, version);
      // A restore is recorded once; the person's next save, seconds later, is a save (Show History said "Restored").
      if (version.author === 'person' && version.source !== 'save') this.ownSources.delete(root.uriOf(version.path).toString());
    }
    if (written.length > 0) void this.watchApprovals();
    // A version not written was there already: Claude Code's hook may have recorded it, with its session.
    const known = versions.length <= REFRESHED_PATHS ? versions.filter((version) => !written.some((w) => w.path === version.path)) : [];
    const refreshed = await Promise.all(known.map(async ({ path }) => {
      const latest = await port.latestOf(key, path).catch(() => undefined);
      const before = read?.latest.get(path);
      if (!latest || (before && before.time === latest.time && before.sessionId === latest.sessionId)) return false;
      read?.latest.set(path, latest);
      return true;
    }));
    if (written.length > 0 || refreshed.includes(true)) this.changeEmitter.fire(root);
    return written;
  }

  /** Keeps the history under `memoryShelf.history.maxSizeMB`: after each load of the roots, never on the way of one. */
  private async prune(): Promise<void> {
    const port = this.port;
    if (!port || !this.enabled) return;
    const bytes = this.config.settings.historyMaxSizeMB * 1024 * 1024;
    await this.enqueue(() => port.prune(bytes)).catch((error: unknown) => this.log.warn('Could not prune the history', error));
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Says that the next save or write of `uri` by VS Code is Memory Shelf putting back an earlier version
   * (`restore`) or Reject doing so (`reject`): the history lists it as that, not as the person's save.
   */
  expectOwnWrite(uri: vscode.Uri, source: OwnWriteSource): void {
    const now = Date.now();
    for (const [key, mark] of this.ownSources) if (mark.until < now) this.ownSources.delete(key);
    this.ownSources.set(uri.toString(), { source, until: now + OWN_OPERATION_MS });
  }

  /** The source of VS Code's own write of `uri`: a restore or Reject announced, else a save. */
  private ownSource(uri: vscode.Uri): OwnWriteSource | 'save' {
    const mark = this.ownSources.get(uri.toString());
    return mark && mark.until >= Date.now() ? mark.source : 'save';
  }

  private markOwn(uri: vscode.Uri): void {
    const now = Date.now();
    for (const [key, until] of this.ownOperations) if (until < now) this.ownOperations.delete(key);
    this.ownOperations.set(uri.toString(), now + OWN_OPERATION_MS);
  }

  /**
   * Whether VS Code itself is saving, creating, deleting or moving `uri` (or a folder holding it) just
   * now. A file's own mark is used up by the change it announced, so an agent's write right after is the agent's.
   */
  private isOwn(uri: vscode.Uri): boolean {
    const now = Date.now();
    const text = uri.toString();
    for (const [key, until] of this.ownOperations) {
      if (until < now || (text !== key && !text.startsWith(`${key}/`))) continue;
      if (text === key) this.ownOperations.delete(key);
      return true;
    }
    return false;
  }

  private async recordSaved(document: vscode.TextDocument): Promise<void> {
    const found = this.roots.rootOf(document.uri);
    if (!found || !found.root.isTracked(found.path) || !this.enabled) return;
    const held = found.path === INDEX_FILE_NAME ? found.root.store.index : found.root.store.get(found.path);
    // The store catches up with the save a moment later; until then the document's text is the file's.
    const text = held && held.text === document.getText() ? bytesOf(held) : encoder.encode(document.getText());
    await this.record(found.root, [{ path: found.path, bytes: text, origin: { author: 'person', source: this.ownSource(document.uri) } }]);
  }

  /** Changes the stores took from the disk (never an editor's unsaved text): versions, and deletions. */
  private async followChanges({ root, changes }: MemoryFilesChange): Promise<void> {
    if (!this.enabled) return;
    const versions: VersionToRecord[] = [];
    const deleted: { change: StoreChange; own: boolean }[] = [];
    for (const change of changes) {
      const uri = root.uriOf(change.path);
      if (openDocument(uri)?.isDirty) continue;
      // The same text read again (a watcher and VS Code both reporting one write) is no new version; asked
      // before isOwn, which uses up VS Code's mark of an operation about to happen there (our own delete).
      if (change.current && change.previous && change.current.text === change.previous.text && change.current.hasBom === change.previous.hasBom) continue;
      const own = this.isOwn(uri);
      const origin: VersionOrigin = own ? { author: 'person', source: this.ownSource(uri) } : { author: 'agent', source: 'disk-change' };
      if (change.current) versions.push({ path: change.path, bytes: bytesOf(change.current), origin });
      else if (change.previous) deleted.push({ change, own });
    }
    if (deleted.length > 0) versions.push(...await this.deletions(root, deleted));
    // Claude Code's hook records an agent's write with its session and tool as soon as the tool returns;
    // the watcher is often faster. Given a moment, the hook's record is the one kept.
    const waiting = versions.map((version) => `${root.uri.toString()}\n${version.path}`);
    waiting.forEach((key) => this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1));
    let written: RecordedVersion[];
    try {
      if (versions.some((version) => version.origin.author === 'agent')) await new Promise((resolve) => setTimeout(resolve, HOOK_GRACE_MS));
      // Whatever the folder moved on to meanwhile is recorded by its own change.
      written = await this.record(root, versions, (version) => this.holds(root, version));
    } finally {
      for (const key of waiting) {
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
      }
    }
    // A memory the person deleted in VS Code is one they meant to lose: nothing waits for them.
    const forgotten = written.filter((version) => version.hash === '' && version.author === 'person' && version.path !== INDEX_FILE_NAME);
    if (forgotten.length > 0) await this.approve(root, forgotten.map((version) => ({ path: version.path, bytes: null })));
  }

  /**
   * The deletions among files that left a store. A file still there (now unreadable, or back already)
   * was not deleted; nor were the files of a root whose folder is gone (a branch switch, an unmounted
   * disk): the root itself leaves the tree, and listing each of its files as deleted would bury To review.
   */
  private async deletions(root: MemoryRoot, removed: readonly { change: StoreChange; own: boolean }[]): Promise<VersionToRecord[]> {
    if (!(await uriExists(root.uri))) return [];
    const gone: VersionToRecord[] = [];
    for (const { change, own } of removed) {
      if (await uriExists(root.uriOf(change.path))) continue;
      gone.push({ path: change.path, bytes: null, origin: own ? { author: 'person', source: 'delete' } : { author: 'agent', source: 'disk-change' } });
    }
    return gone;
  }

  /** Whether the root's store holds the version now: the same bytes, or nothing for a deletion. */
  private holds(root: MemoryRoot, version: VersionToRecord): boolean {
    const held = version.path === INDEX_FILE_NAME ? root.store.index : root.store.get(version.path);
    if (version.bytes === null) return held === undefined;
    return held !== undefined && this.hashOf(held) === sha256(version.bytes);
  }

  /** After each load of the roots: what changed or went while no window watched. */
  /** Resolves once the latest comparison of the roots with their history has ended (tests, and a refresh that waits). */
  whenScanned(): Promise<void> {
    return this.scanned;
  }

  private scanned: Promise<void> = Promise.resolve();

  private scanRoots(): void {
    if (!this.enabled) return;
    const generation = ++this.scanGeneration;
    const roots = [...this.roots.roots];
    this.scanned = (async () => {
      await this.settled().catch(() => undefined);
      for (const root of roots) {
        if (generation !== this.scanGeneration || this.isDisposed) return;
        await this.scanRoot(root, generation).catch((error: unknown) => this.log.warn(`Could not compare ${root.uri.toString()} with its history`, error));
      }
      await this.prune();
    })();
  }

  /**
   * Compares a loaded root with its history, in slices (hashing 20,000 files must not hold the host):
   * each file whose bytes differ from the latest version is recorded, by an unknown author; each file
   * the history has and the disk no longer has is recorded as deleted, for the review to show.
   */
  private async scanRoot(root: MemoryRoot, generation: number): Promise<void> {
    const started = performance.now();
    const read = await this.whenRead(root, true);
    if (!read || !(await uriExists(root.uri))) return;
    const slicer = new Slicer();
    const versions: VersionToRecord[] = [];
    const present = new Set<RootPath>();
    const files: (MemoryFile | MemoryIndex)[] = [...root.store.memories()];
    if (root.store.index) files.push(root.store.index);
    for (const file of files) {
      if (slicer.due()) {
        await slicer.pause();
        if (generation !== this.scanGeneration || !this.roots.roots.includes(root)) return;
      }
      const path = 'path' in file ? file.path : INDEX_FILE_NAME;
      present.add(path);
      if (read.latest.get(path)?.hash !== this.hashOf(file)) versions.push({ path, bytes: bytesOf(file), origin: { author: 'unknown', source: 'load' } });
    }
    const unreadable = new Set(root.skippedFiles().map((entry) => entry.path));
    for (const [path, latest] of read.latest) {
      if (latest.hash === '' || present.has(path) || unreadable.has(path) || !root.isTracked(path)) continue;
      if (await uriExists(root.uriOf(path))) continue;
      versions.push({ path, bytes: null, origin: { author: 'unknown', source: 'load' } });
    }
    // A slice paused, and the queue may hold other writes: only what the store still holds is recorded.
    // A change from disk on its way knows more of its author: it is recorded by that path.
    const current = (version: VersionToRecord): boolean => !this.inFlight.has(`${root.uri.toString()}\n${version.path}`) && this.holds(root, version);
    const written = await this.record(root, versions, current, new Map(read.latest));
    this.log.info(`History: ${files.length} files of ${root.uri.toString()} compared with their last versions in ${Math.round(performance.now() - started)} ms; ${written.length} recorded`);
  }
}

/** The bytes a store's text stands for: the reader keeps a BOM out of the text and notes it. */
export function bytesOf(file: MemoryFile | MemoryIndex): Uint8Array {
  return encoder.encode(file.hasBom ? `\uFEFF${file.text}` : file.text);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
