import * as vscode from 'vscode';
import type { StoreChange } from '../../core';
import { MemoryRoot, type MemoryRootInfo } from './memoryRoot';

/** Files of one root that changed, with what the store held before and holds now. */
export interface MemoryFilesChange {
  readonly root: MemoryRoot;
  readonly changes: readonly StoreChange[];
}

/** Typing in a memory re-parses that one file after this pause. */
const TYPING_DEBOUNCE_MS = 150;

/**
 * Every memory root of the window and how they stay current: a file-system watcher per root for
 * changes on disk, and open-document events for unsaved edits. Each event re-reads one file into its
 * root's store; nothing rescans a root except an explicit refresh or a change of the set of roots.
 */
export class MemoryWorkspace implements vscode.Disposable {
  private rootList: MemoryRoot[] = [];
  private readonly rootDisposables: vscode.Disposable[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  private readonly pendingTyping = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly changeEmitter = new vscode.EventEmitter<MemoryRoot | undefined>();
  private readonly filesEmitter = new vscode.EventEmitter<MemoryFilesChange>();
  private loading: Promise<void> = Promise.resolve();
  private generation = 0;

  /** Fires with the root whose memories changed, or undefined when the set of roots changed. */
  readonly onDidChange = this.changeEmitter.event;
  /**
   * Fires with the store changes of one root, before `onDidChange` for that root; consumers that keep
   * derived state (diagnostics) update it from these instead of recomputing the root.
   */
  readonly onDidChangeFiles = this.filesEmitter.event;

  constructor(private readonly discover: () => Promise<MemoryRootInfo[]>) {
    this.disposables.push(
      this.changeEmitter,
      this.filesEmitter,
      vscode.workspace.onDidChangeTextDocument((event) => this.onDocumentChanged(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => void this.onDocumentClosed(document)),
    );
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
      void vscode.window.showErrorMessage(vscode.l10n.t('Memory Shelf could not read the memory folders: {0}', String(error)));
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

  dispose(): void {
    for (const timer of this.pendingTyping.values()) clearTimeout(timer);
    vscode.Disposable.from(...this.rootDisposables, ...this.disposables).dispose();
  }

  private async loadRoots(generation: number): Promise<void> {
    const infos = await this.discover();
    if (generation !== this.generation) return;
    const roots = infos.map((info) => new MemoryRoot(info));
    // Only unsaved text overrides the disk: a document VS Code still holds after its editor closed may be stale.
    const dirtyDocuments = new Map(vscode.workspace.textDocuments.filter((document) => document.isDirty).map((document) => [document.uri.toString(), document]));
    // Watchers start before the load, and their events wait for it: a file an agent writes while a big
    // root is being read is not lost.
    const loads = roots.map((root) => root.load((uri) => dirtyDocuments.get(uri.toString())?.getText()));
    const watchers = roots.map((root, i) => this.watch(root, loads[i]));
    await Promise.all(loads);
    if (generation !== this.generation) {
      vscode.Disposable.from(...watchers).dispose();
      return;
    }
    vscode.Disposable.from(...this.rootDisposables.splice(0)).dispose();
    this.rootList = roots;
    this.rootDisposables.push(...watchers);
    this.changeEmitter.fire(undefined);
  }

  private watch(root: MemoryRoot, loaded: Promise<void>): vscode.Disposable {
    // `**` rather than `**/*.md`: a folder moved in or deleted reports only the folder.
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(root.uri, '**'));
    // Events for one root are handled one after another, so a late event cannot undo a newer one.
    let queue = loaded.catch(() => undefined);
    const sync = (uri: vscode.Uri): void => {
      const path = root.relativePath(uri);
      if (path === undefined || isHidden(path)) return;
      queue = queue.then(async () => {
        // An open editor's text wins over the disk until it is saved or closed.
        this.publish(root, await root.syncPath(path, (file) => isDirtyInEditor(root.uriOf(file))));
      }).catch(() => undefined);
    };
    watcher.onDidCreate(sync);
    watcher.onDidChange(sync);
    watcher.onDidDelete(sync);
    return watcher;
  }

  private publish(root: MemoryRoot, changes: readonly StoreChange[]): void {
    if (changes.length === 0 || !this.rootList.includes(root)) return;
    this.filesEmitter.fire({ root, changes });
    this.changeEmitter.fire(root);
  }

  private onDocumentChanged(document: vscode.TextDocument): void {
    const found = this.rootOf(document.uri);
    if (!found || !found.root.isTracked(found.path) || isHidden(found.path)) return;
    const key = document.uri.toString();
    clearTimeout(this.pendingTyping.get(key));
    this.pendingTyping.set(key, setTimeout(() => this.flush(document), TYPING_DEBOUNCE_MS));
  }

  /**
   * Applies an editor's pending (debounced) text now. Whatever plans edits against the store (a quick
   * fix) calls it first, so positions are those of the text the user sees.
   */
  flush(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    const timer = this.pendingTyping.get(key);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.pendingTyping.delete(key);
    const found = this.rootOf(document.uri);
    if (!found || document.isClosed) return;
    this.publish(found.root, [found.root.store.update(found.path, document.getText())]);
  }

  /** A closed editor may have held unsaved text; the disk is the truth again. */
  private async onDocumentClosed(document: vscode.TextDocument): Promise<void> {
    const found = this.rootOf(document.uri);
    if (!found || !found.root.isTracked(found.path) || isHidden(found.path)) return;
    const key = document.uri.toString();
    clearTimeout(this.pendingTyping.get(key));
    this.pendingTyping.delete(key);
    this.publish(found.root, [await found.root.refreshFromDisk(found.path)]);
  }
}

function isDirtyInEditor(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.workspace.textDocuments.some((document) => document.isDirty && document.uri.toString() === key);
}

function isHidden(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.'));
}
