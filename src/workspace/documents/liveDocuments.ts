import * as vscode from 'vscode';
import {
  indexLinks,
  INDEX_FILE_NAME,
  isMemoryPath,
  parseMemoryFile,
  parseMemoryIndex,
  type MemoryFile,
  type MemoryIndex,
  type RootPath,
} from '../../core';
import { Disposable } from '../dispose';
import type { Log } from '../log';
import type { DocumentModel as LanguageDocumentModel } from '../../language/documentModel';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryRoots } from '../roots/memoryRoots';
import { isHiddenPath } from '../roots/rootWatchers';

/** A memory file or MEMORY.md as the person sees it in an editor now: the language layer's model, of a window's root. */
export type DocumentModel = LanguageDocumentModel<MemoryRoot>;

/** Typing in a memory re-parses that one file after this pause. */
const TYPING_DEBOUNCE_MS = 150;

/**
 * The live view of open documents. One rule: an open document is the truth for its file. Typing
 * reaches the root's store after a short pause. Reading a document's model ({@link current}) changes
 * nothing; whatever plans from the store or reads the engine's positions first puts the pending text
 * into the store with an explicit {@link flush} (or {@link flushRoot}), which publishes the change.
 * When an editor closes, the disk is the truth again.
 *
 * Only unsaved text overrides the disk: when roots load, when watchers fire, and when a document is
 * saved or reverted. VS Code may keep a clean copy of a closed file that it has not reloaded since
 * the file changed on disk.
 */
export class LiveDocuments extends Disposable {
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly roots: MemoryRoots, private readonly log: Log) {
    super();
    this._register(vscode.workspace.onDidChangeTextDocument((event) => this.onChanged(event)));
    this._register(vscode.workspace.onDidCloseTextDocument((document) => void this.onClosed(document)));
    this._register({ dispose: () => this.pending.forEach((timer) => clearTimeout(timer)) });
  }

  /**
   * The document's model as the editor shows it now, read without touching the store: the store's
   * when it holds the same text, else parsed from the document (text typed moments ago, or a clean
   * copy VS Code has not reloaded); undefined outside memory roots.
   */
  current(document: vscode.TextDocument): DocumentModel | undefined {
    const found = this.trackedFile(document.uri);
    if (!found) return undefined;
    const { root, path } = found;
    const text = document.getText();
    if (root.heldText(path) === text) return modelOf(root, path, root.store.get(path), root.store.index);
    return path === INDEX_FILE_NAME ? modelOf(root, path, undefined, parseMemoryIndex(text)) : modelOf(root, path, parseMemoryFile(path, text), undefined);
  }

  /**
   * Puts the text typed in `document` into its store now rather than after the pause, and publishes
   * the change: for whoever plans from the store or reads the engine's positions for the document.
   */
  flush(document: vscode.TextDocument): void {
    const found = this.trackedFile(document.uri);
    if (!found) return;
    if (this.pending.has(document.uri.toString()) || (document.isDirty && found.root.heldText(found.path) !== document.getText())) this.apply(document);
  }

  /** Applies every open editor's pending text of `root` now: edits are planned against the store. */
  flushRoot(root: MemoryRoot): void {
    for (const document of vscode.workspace.textDocuments) {
      if (this.pending.has(document.uri.toString()) && root.relativePath(document.uri) !== undefined) this.apply(document);
    }
  }

  /** The files of `root` open with unsaved changes: one pass over the open documents, for whoever asks about every file. */
  dirtyPaths(root: MemoryRoot): Set<RootPath> {
    const paths = new Set<RootPath>();
    for (const document of vscode.workspace.textDocuments) {
      const path = document.isDirty ? root.relativePath(document.uri) : undefined;
      if (path !== undefined) paths.add(path);
    }
    return paths;
  }

  /** Brings the store in line with what is on disk at `path` (for a file no editor holds). */
  async reread(root: MemoryRoot, path: RootPath): Promise<void> {
    this.roots.publish(root, [await root.refreshFromDisk(path, (what, error) => this.log.skipped(what, error))]);
  }

  /** Puts an open document's text into its store now (an edit is re-planned from it). */
  adopt(document: vscode.TextDocument): void {
    if (this.trackedFile(document.uri)) this.apply(document);
  }

  private trackedFile(uri: vscode.Uri): { root: MemoryRoot; path: RootPath } | undefined {
    const found = this.roots.rootOf(uri);
    if (!found || isHiddenPath(found.path) || !found.root.isTracked(found.path)) return undefined;
    return found;
  }

  private onChanged({ document, contentChanges }: vscode.TextDocumentChangeEvent): void {
    const found = this.trackedFile(document.uri);
    if (!found) return;
    const key = document.uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.delete(key);
    // Saved or reverted: the document has no unsaved changes, so the disk is the truth. After a revert
    // VS Code may report the clean state well before the reverted text reaches the extension host.
    if (contentChanges.length === 0 && !document.isDirty) {
      void this.reread(found.root, found.path);
      return;
    }
    this.pending.set(key, setTimeout(() => this.apply(document), TYPING_DEBOUNCE_MS));
  }

  private apply(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.delete(key);
    const found = this.trackedFile(document.uri);
    if (!found || document.isClosed) return;
    this.roots.publish(found.root, [found.root.store.update(found.path, document.getText())]);
  }

  /** A closed editor may have held unsaved text; the disk is the truth again. */
  private async onClosed(document: vscode.TextDocument): Promise<void> {
    const found = this.trackedFile(document.uri);
    if (!found) return;
    const key = document.uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.delete(key);
    await this.reread(found.root, found.path);
  }
}

function modelOf(root: MemoryRoot, path: RootPath, memory: MemoryFile | undefined, index: MemoryIndex | undefined): DocumentModel | undefined {
  if (path === INDEX_FILE_NAME) return index ? { root, path, memory: undefined, index, links: indexLinks(index) } : undefined;
  if (!isMemoryPath(path) || !memory) return undefined;
  return { root, path, memory, index: undefined, links: memory.links };
}
