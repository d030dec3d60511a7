import * as vscode from 'vscode';
import type { StoreChange } from '../../core';
import { ContextKeys } from '../../commands';
import type { Configuration } from '../config/configuration';
import { Disposable } from '../dispose';
import type { Log } from '../log';
import { discoverRoots } from './discoverRoots';
import { MemoryRoot, type MemoryRootInfo } from './memoryRoot';
import { RootWatchers } from './rootWatchers';

/** Files of one root that changed, with what the store held before and holds now. */
export interface MemoryFilesChange {
  readonly root: MemoryRoot;
  readonly changes: readonly StoreChange[];
}

/**
 * Every memory root of the window and its store: which roots there are (found again on a refresh or a
 * change of settings, workspace folders, trust, a `memory/` folder appearing), their load, and the
 * events telling listeners what changed. The stores follow the disk through {@link RootWatchers};
 * open documents feed them through {@link publish}.
 */
export class MemoryRoots extends Disposable {
  private rootList: MemoryRoot[] = [];
  private readonly watchers: RootWatchers;
  private readonly changeEmitter = this._register(new vscode.EventEmitter<MemoryRoot | undefined>());
  private readonly filesEmitter = this._register(new vscode.EventEmitter<MemoryFilesChange>());
  private loading: Promise<void> = Promise.resolve();
  private generation = 0;

  /** Fires with the root whose memories changed, or undefined when the set of roots changed. */
  readonly onDidChange = this.changeEmitter.event;
  /**
   * Fires with the store changes of one root, before `onDidChange` for that root; consumers that keep
   * derived state (diagnostics) update it from these instead of recomputing the root.
   */
  readonly onDidChangeFiles = this.filesEmitter.event;

  /**
   * `unsavedText` is the text of an open document with unsaved changes (or undefined): it wins over
   * the disk when roots load and when watchers fire.
   */
  constructor(
    config: Configuration,
    private readonly log: Log,
    private readonly unsavedText: (uri: vscode.Uri) => string | undefined,
    private readonly discover: (options?: { readonly search?: boolean }) => Promise<MemoryRootInfo[]> = (options) => discoverRoots(config.settings, log, options),
  ) {
    super();
    this.watchers = this._register(new RootWatchers({
      publish: (root, changes) => this.publish(root, changes),
      unsavedText,
      isInRoot: (uri) => this.rootOf(uri) !== undefined,
      reload: () => void this.reload(),
      recheckLoads: () => void this.recheckLoads(),
    }, log));
    this._register(config.onDidChange((change) => {
      if (change.affects('roots', 'autoMemoryShow')) void this.reload();
    }));
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => void this.reload()));
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => void this.reload()));
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
    const first = generation === 1;
    this.loading = this.loading.then(() => (first ? this.loadFirst(generation) : this.loadRoots(generation))).catch((error: unknown) => {
      this.log.warn('Loading the memory folders failed', error);
      void vscode.window.showErrorMessage(vscode.l10n.t('Memory Shelf could not read the memory folders: {0}', String(error)));
    }).then(async () => {
      await vscode.commands.executeCommand('setContext', ContextKeys.hasRoots, this.rootList.length > 0);
      await vscode.commands.executeCommand('setContext', ContextKeys.ready, true);
    });
    return this.loading;
  }

  /**
   * A CLAUDE.md changed: whether a project's memory loads (and so what the lens, the status bar and the
   * index-over-budget rule say) may have changed with it. The roots are read again only when the
   * discovery says so, since a reload re-reads every memory and most CLAUDE.md edits touch no import.
   */
  async recheckLoads(): Promise<void> {
    await this.loading;
    const generation = this.generation;
    const infos = await this.discover().catch((error: unknown) => {
      this.log.warn('Finding the memory folders again failed', error);
      return undefined;
    });
    if (!infos || generation !== this.generation || this.isDisposed) return;
    const loadOf = (info: MemoryRootInfo): string => `${info.uri.toString()}\n${info.load.index}\n${info.load.detail}`;
    const now = this.rootList.map((root) => loadOf(root.info)).join('\n\n');
    if (infos.map(loadOf).join('\n\n') !== now) await this.reload();
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

  /**
   * The window's first load: the folders found without searching the workspace (its top `memory/`,
   * the auto memory, the roots setting) are loaded and shown first, so MEMORY.md's lenses and the tree
   * do not wait for VS Code's file search; the roots it finds below the top follow. `ready` waits for
   * both. Most workspaces have no folder the search adds: then nothing is read twice.
   */
  private async loadFirst(generation: number): Promise<void> {
    const quick = await this.discover({ search: false });
    await this.loadRoots(generation, quick);
    if (generation !== this.generation || this.isDisposed) return;
    const all = await this.discover();
    const same = (a: readonly MemoryRootInfo[], b: readonly MemoryRootInfo[]): boolean => JSON.stringify(a.map(infoKey)) === JSON.stringify(b.map(infoKey));
    if (generation === this.generation && !same(quick, all)) await this.loadRoots(generation, all);
  }

  private async loadRoots(generation: number, found?: readonly MemoryRootInfo[]): Promise<void> {
    const infos = found ?? await this.discover();
    if (generation !== this.generation) return;
    const roots = infos.map((info) => new MemoryRoot(info));
    const skipped = (what: string, error: unknown): void => this.log.skipped(what, error);
    let adopt: () => void = () => undefined;
    const adopted = new Promise<void>((resolve) => (adopt = resolve));
    this.watchers.follow(roots, adopted);
    try {
      // Files stream into each store as they are read, but a root is shown only once its read has ended:
      // everything that reads a shown root (the rules, the review's first-run baseline, clash checks of
      // a rename or a new memory, the index commands) would otherwise judge a half-read root, e.g. call
      // links and index entries to files not read yet dangling.
      await Promise.all(roots.map((root) => root.load(this.unsavedText, skipped)));
    } finally {
      if (generation !== this.generation || this.isDisposed) this.watchers.stopFollowing(roots);
    }
    if (generation !== this.generation || this.isDisposed) return;
    for (const root of roots) this.watchers.watchFoldersOf(root, [...root.store.memories()].map((memory) => memory.path));
    this.watchers.stopFollowing(this.rootList);
    this.watchers.keepOutsideWatchersOf(roots);
    this.rootList = roots;
    adopt();
    this.changeEmitter.fire(undefined);
  }
}

/** What tells two discoveries apart: a root's folder, kind, label, load and excluded files. */
function infoKey(info: MemoryRootInfo): string {
  return JSON.stringify([info.uri.toString(), info.kind, info.label, info.load, info.exclude ?? [], info.warnings ?? []]);
}
