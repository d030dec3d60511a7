import * as vscode from 'vscode';
import type { StoreChange } from '../../core';
import { ContextKeys } from '../../commands';
import type { Configuration } from '../config/configuration';
import { Disposable, disposeAll } from '../dispose';
import type { Log } from '../log';
import { discoverRoots } from './discoverRoots';
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
 * Every memory root of the window, its store, and how the stores follow the disk: a file-system
 * watcher per root. Each event re-reads one file or folder into its root's store; nothing rescans a
 * root except an explicit refresh or a change of the set of roots (settings, workspace folders,
 * trust, a `memory/` folder appearing). Open documents feed the stores through {@link publish}.
 */
export class MemoryRoots extends Disposable {
  private rootList: MemoryRoot[] = [];
  private rootWatchers: vscode.Disposable[] = [];
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
    this._register(this.watchForNewRoots());
    this._register({ dispose: () => disposeAll(this.rootWatchers.splice(0)) });
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
    for (const root of this.rootList) {
      const path = root.relativePath(uri);
      if (path !== undefined) return { root, path };
    }
    return undefined;
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
    // Watchers start before the load, and their events wait for it: a file an agent writes while a big
    // root is being read is not lost.
    const loads = roots.map((root) => root.load((uri) => this.unsaved.unsavedText(uri), skipped));
    const watchers = roots.map((root, i) => this.watch(root, loads[i]));
    await Promise.all(loads);
    if (generation !== this.generation || this.isDisposed) {
      disposeAll(watchers);
      return;
    }
    disposeAll(this.rootWatchers);
    this.rootList = roots;
    this.rootWatchers = watchers;
    this.changeEmitter.fire(undefined);
  }

  private watch(root: MemoryRoot, loaded: Promise<void>): vscode.Disposable {
    // `**` rather than `**/*.md`: a folder moved in or deleted reports only the folder.
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root.uri, '**'));
    // Events for one root are handled one after another, so a late event cannot undo a newer one.
    let queue = loaded.catch(() => undefined);
    const sync = (uri: vscode.Uri): void => {
      const path = root.relativePath(uri);
      if (path === undefined || isHiddenPath(path)) return;
      queue = queue.then(async () => {
        // An editor's unsaved text wins over the disk until it is saved or closed.
        const unsaved = (file: string): boolean => this.unsaved.unsavedText(root.uriOf(file)) !== undefined;
        this.publish(root, await root.syncPath(path, unsaved, (what, error) => this.log.skipped(what, error)));
      }).catch((error: unknown) => this.log.warn(`Could not follow a change at ${uri.toString()}`, error));
    };
    watcher.onDidCreate(sync);
    watcher.onDidChange(sync);
    watcher.onDidDelete(sync);
    return watcher;
  }

  /** A `memory/` folder that appears later (an agent's first write) becomes a root without a reload. */
  private watchForNewRoots(): vscode.Disposable {
    const watcher = vscode.workspace.createFileSystemWatcher('**/memory/*.md', false, true, true);
    let pending: ReturnType<typeof setTimeout> | undefined;
    watcher.onDidCreate((uri) => {
      if (this.rootOf(uri)) return;
      clearTimeout(pending);
      pending = setTimeout(() => void this.reload(), 300);
    });
    return vscode.Disposable.from(watcher, new vscode.Disposable(() => clearTimeout(pending)));
  }
}

/** Hidden files and folders (.git, .obsidian) hold tool state, never memories. */
export function isHiddenPath(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.'));
}
