import * as vscode from 'vscode';
import { isOutsideMemory, type RootPath, type StoreChange } from '../../core';
import { ContextKeys } from '../../commands';
import type { Configuration } from '../config/configuration';
import { Disposable, disposeAll } from '../dispose';
import type { Log } from '../log';
import { discoverRoots } from './discoverRoots';
import { FolderWatches } from './folderWatches';
import { MemoryRoot, type MemoryRootInfo } from './memoryRoot';

/** Files of one root that changed, with what the store held before and holds now. */
export interface MemoryFilesChange {
  readonly root: MemoryRoot;
  readonly changes: readonly StoreChange[];
}

/** What the roots service asks of the open documents: their unsaved text. */
export interface UnsavedTexts {
  /** The text of an open document with unsaved changes, or undefined. */
  unsavedText(uri: vscode.Uri): string | undefined;
}

/**
 * Every memory root of the window, its store, and how the stores follow the disk: one file-system
 * watcher over the workspace folders, and one per root outside them. Each event re-reads one file or
 * folder into its root's store; nothing rescans a
 * root except an explicit refresh or a change of the set of roots (settings, workspace folders,
 * trust, a `memory/` folder appearing). Open documents feed the stores through {@link publish}.
 */
export class MemoryRoots extends Disposable {
  private rootList: MemoryRoot[] = [];
  /** How each root shown, or being loaded, takes a watcher event; a root's events wait until its load is adopted. */
  private readonly followers = new Map<MemoryRoot, (uri: vscode.Uri) => void>();
  /** Watchers of roots outside every workspace folder (Claude Code's auto memory), by folder, kept across reloads. */
  private outsideWatchers = new Map<string, vscode.Disposable>();
  /** Each root's own folder watches (see {@link FolderWatches}), while the root is shown or being loaded. */
  private readonly folderWatches = new Map<MemoryRoot, FolderWatches>();
  private readonly changeEmitter = this._register(new vscode.EventEmitter<MemoryRoot | undefined>());
  private readonly filesEmitter = this._register(new vscode.EventEmitter<MemoryFilesChange>());
  private loading: Promise<void> = Promise.resolve();
  private generation = 0;
  private unsaved: UnsavedTexts = { unsavedText: () => undefined };

  /** Fires with the root whose memories changed, or undefined when the set of roots changed. */
  readonly onDidChange = this.changeEmitter.event;
  /**
   * Fires with the store changes of one root, before `onDidChange` for that root; consumers that keep
   * derived state (diagnostics) update it from these instead of recomputing the root.
   */
  readonly onDidChangeFiles = this.filesEmitter.event;

  constructor(
    config: Configuration,
    private readonly log: Log,
    private readonly discover: () => Promise<MemoryRootInfo[]> = () => discoverRoots(config.settings, log),
  ) {
    super();
    this._register(config.onDidChange((change) => {
      if (change.affects('roots', 'autoMemoryShow')) void this.reload();
    }));
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => void this.reload()));
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => void this.reload()));
    this._register(this.watchWorkspaceFolders());
    this._register(this.followFileOperations());
    this._register({ dispose: () => disposeAll(this.takeOutsideWatchers(new Set())) });
    this._register({ dispose: () => this.stopFolderWatches([...this.folderWatches.keys()]) });
  }

  /** Open documents whose unsaved text wins over the disk; set once, by the live documents service. */
  useUnsavedTexts(unsaved: UnsavedTexts): void {
    this.unsaved = unsaved;
  }

  get roots(): readonly MemoryRoot[] {
    return this.rootList;
  }

  /** Resolves when the latest discovery and load have finished. */
  get ready(): Promise<void> {
    return this.loading;
  }

  /** Finds the roots again and loads them; used at start, on settings changes and by the refresh command. */
  reload(): Promise<void> {
    const generation = ++this.generation;
    this.loading = this.loading.then(() => this.loadRoots(generation)).catch((error: unknown) => {
      this.log.warn('Loading the memory folders failed', error);
      void vscode.window.showErrorMessage(vscode.l10n.t('Memory Shelf could not read the memory folders: {0}', String(error)));
    }).then(async () => {
      await vscode.commands.executeCommand('setContext', ContextKeys.hasRoots, this.rootList.length > 0);
      await vscode.commands.executeCommand('setContext', ContextKeys.ready, true);
    });
    return this.loading;
  }

  rootOf(uri: vscode.Uri): { root: MemoryRoot; path: string } | undefined {
    // The innermost root wins: a team/ with its own index is a root inside its memory folder.
    let found: { root: MemoryRoot; path: string } | undefined;
    for (const root of this.rootList) {
      const path = root.relativePath(uri);
      if (path !== undefined && (!found || path.length < found.path.length)) found = { root, path };
    }
    return found;
  }

  /** The loaded root whose folder is `uri`. */
  rootAt(uri: vscode.Uri): MemoryRoot | undefined {
    return this.rootList.find((root) => root.uri.toString() === uri.toString());
  }

  /** Tells every listener about store changes of a loaded root; changes of a root no longer shown are dropped. */
  publish(root: MemoryRoot, changes: readonly StoreChange[]): void {
    const changed = changes.filter((change) => change.previous !== change.current);
    if (changed.length === 0 || !this.rootList.includes(root)) return;
    this.filesEmitter.fire({ root, changes: changed });
    this.changeEmitter.fire(root);
  }

  private async loadRoots(generation: number): Promise<void> {
    const infos = await this.discover();
    if (generation !== this.generation) return;
    const roots = infos.map((info) => new MemoryRoot(info));
    const skipped = (what: string, error: unknown): void => this.log.skipped(what, error);
    let adopt: () => void = () => undefined;
    const adopted = new Promise<void>((resolve) => (adopt = resolve));
    // Roots follow the disk from before their load, and their events wait until the load is adopted:
    // a file an agent writes while a big root is being read is not lost, and no change is published
    // for a root that is not shown yet.
    for (const root of roots) this.followers.set(root, this.follower(root, adopted));
    this.watchOutside(roots);
    for (const root of roots) this.watchFolders(root).add('');
    try {
      // Files stream into each store as they are read, but a root is shown only once its read has ended:
      // everything that reads a shown root (the rules, the review's first-run baseline, clash checks of
      // a rename or a new memory, the index commands) would otherwise judge a half-read root, e.g. call
      // links and index entries to files not read yet dangling.
      await Promise.all(roots.map((root) => root.load((uri) => this.unsaved.unsavedText(uri), skipped)));
    } finally {
      if (generation !== this.generation || this.isDisposed) this.stopFollowing(roots);
    }
    if (generation !== this.generation || this.isDisposed) return;
    for (const root of roots) this.watchFolders(root).addFoldersOf([...root.store.memories()].map((memory) => memory.path));
    this.stopFollowing(this.rootList);
    disposeAll(this.takeOutsideWatchers(new Set(roots.map((root) => root.uri.toString()))));
    this.rootList = roots;
    adopt();
    this.changeEmitter.fire(undefined);
  }

  /** Brings `root`'s store in line with the disk wherever an event points, one event after another. */
  private follower(root: MemoryRoot, adopted: Promise<void>): (uri: vscode.Uri) => void {
    // Handled one batch after another, so a late event cannot undo a newer one.
    let queue = adopted;
    // The paths reported since the last batch started: a burst (a branch switch, a folder deleted)
    // becomes one batch, and a big one one read of the whole root instead of one listing per file.
    let waiting: Set<RootPath> | undefined;
    return (uri) => {
      const path = root.relativePath(uri);
      if (path === undefined || isHiddenPath(path)) return;
      if (waiting) return void waiting.add(path);
      const batch = (waiting = new Set([path]));
      queue = queue.then(async () => {
        waiting = undefined;
        // An editor's unsaved text wins over the disk until it is saved or closed.
        const unsaved = (file: string): boolean => this.unsaved.unsavedText(root.uriOf(file)) !== undefined;
        const skipped = (what: string, error: unknown): void => this.log.skipped(what, error);
        const paths = batch.size > WHOLE_ROOT_BURST || batch.has('') ? [''] : [...batch];
        for (const target of paths) this.publish(root, await root.syncPath(target, unsaved, skipped));
      }).catch((error: unknown) => this.log.warn(`Could not follow a change at ${uri.toString()}`, error));
    };
  }

  private watchFolders(root: MemoryRoot): FolderWatches {
    let watches = this.folderWatches.get(root);
    if (!watches) this.folderWatches.set(root, (watches = new FolderWatches(root.uri, (uri) => this.route(uri))));
    return watches;
  }

  private stopFollowing(roots: readonly MemoryRoot[]): void {
    for (const root of roots) this.followers.delete(root);
    this.stopFolderWatches(roots);
  }

  private stopFolderWatches(roots: readonly MemoryRoot[]): void {
    for (const root of roots) {
      this.folderWatches.get(root)?.dispose();
      this.folderWatches.delete(root);
    }
  }

  private route(uri: vscode.Uri): void {
    for (const follow of this.followers.values()) follow(uri);
  }

  /**
   * One watcher for every root inside the workspace folders. A glob string starts no watcher of its
   * own (VS Code serves it from the workspace's watcher), so reloading the roots never stops and
   * starts watchers: in code-server a watcher started for a folder created moments before was seen
   * to deliver nothing at all. A `memory/` folder that appears later (an agent's first write)
   * becomes a root without a reload by the person.
   */
  private watchWorkspaceFolders(): vscode.Disposable {
    // `**` rather than `**/*.md`: a folder moved in or deleted reports only the folder.
    const watcher = vscode.workspace.createFileSystemWatcher('**');
    let pending: ReturnType<typeof setTimeout> | undefined;
    watcher.onDidCreate((uri) => {
      this.route(uri);
      if (!NEW_ROOT_FILE.test(uri.path) || this.rootOf(uri)) return;
      clearTimeout(pending);
      pending = setTimeout(() => void this.reload(), 300);
    });
    watcher.onDidChange((uri) => this.route(uri));
    watcher.onDidDelete((uri) => this.route(uri));
    return vscode.Disposable.from(watcher, new vscode.Disposable(() => clearTimeout(pending)));
  }

  /**
   * Files VS Code itself creates, deletes or moves (the Explorer, a WorkspaceEdit, its Undo) are read
   * again when the operation ends, whatever the watchers report: a file that leaves and comes back
   * quickly (Undo of a delete) was seen to be missed by them.
   */
  private followFileOperations(): vscode.Disposable {
    return vscode.Disposable.from(
      vscode.workspace.onDidCreateFiles((event) => event.files.forEach((uri) => this.route(uri))),
      vscode.workspace.onDidDeleteFiles((event) => event.files.forEach((uri) => this.route(uri))),
      vscode.workspace.onDidRenameFiles((event) => event.files.forEach(({ oldUri, newUri }) => {
        this.route(oldUri);
        this.route(newUri);
      })),
    );
  }

  /** Roots outside every workspace folder need a watcher of their own; one per folder, kept while the folder is a root. */
  private watchOutside(roots: readonly MemoryRoot[]): void {
    for (const root of roots) {
      const key = root.uri.toString();
      if (this.outsideWatchers.has(key) || vscode.workspace.getWorkspaceFolder(root.uri)) continue;
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root.uri, '**'));
      const route = (uri: vscode.Uri): void => this.route(uri);
      watcher.onDidCreate(route);
      watcher.onDidChange(route);
      watcher.onDidDelete(route);
      this.outsideWatchers.set(key, watcher);
    }
  }

  /** Removes and returns the outside watchers of folders not in `keep`. */
  private takeOutsideWatchers(keep: ReadonlySet<string>): vscode.Disposable[] {
    const taken: vscode.Disposable[] = [];
    for (const [key, watcher] of this.outsideWatchers) {
      if (keep.has(key)) continue;
      taken.push(watcher);
      this.outsideWatchers.delete(key);
    }
    return taken;
  }
}

/** More paths than this in one batch of events are read as the whole root, once. */
const WHOLE_ROOT_BURST = 64;

/** A file whose creation may mean a new root: a Markdown file directly in a folder named `memory`. */
const NEW_ROOT_FILE = /(?:^|\/)memory\/[^/]+\.md$/;

/** Hidden files and folders (.git, .obsidian) hold tool state, and Claude Code's protected folders (agents/) no memories. */
export function isHiddenPath(path: string): boolean {
  return isOutsideMemory(path);
}
