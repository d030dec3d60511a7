import * as vscode from 'vscode';
import { isMemoryPath, INDEX_FILE_NAME, MemoryStore, type IndexLoadWay, type RootPath, type StoreChange } from '../../core';
import type { SkippedEntry } from '../../reader';
import { SlicedWork } from '../slices';
import { readRootFromDisk, streamRootFromDisk, type DiskFile } from './readRootFromDisk';

/** Where a root tells what it could not read. */
export type SkipLog = (what: string, error: unknown) => void;

/** How a root was found, which decides its label and whether Claude Code reads it. */
/** `agent`: a subagent's own memory folder (`.claude/agent-memory/<agent>/` and its user and local kin). */
export type RootKind = 'workspace' | 'settings' | 'auto' | 'agent';

/** Whether Claude Code loads this root at session start, and if not, why (already localized). */
export interface RootLoadStatus {
  readonly loadedByClaude: boolean;
  /** How its MEMORY.md is read at session start; `not-loaded` exactly when `loadedByClaude` is false. */
  readonly index: IndexLoadWay;
  readonly detail: string;
  /** What the tree's row says when `detail` is too long for it (the tooltip says `detail`). */
  readonly short?: string;
}

export interface MemoryRootInfo {
  readonly uri: vscode.Uri;
  readonly kind: RootKind;
  readonly label: string;
  readonly load: RootLoadStatus;
  /** What was ignored while locating the root (a broken settings file, say), already localized. */
  readonly warnings?: readonly string[];
  /** Globs of the root's files that belong to another root (a `team/` with its own index): not checked here. */
  readonly exclude?: readonly string[];
}

/**
 * One memory root: its identity and its MemoryStore, filled from the disk by {@link readRootFromDisk}
 * and kept in step with open editors by the live documents service.
 */
export class MemoryRoot {
  readonly store = new MemoryStore();
  /** Modification times read with the files: the last anchor for relative dates. */
  private readonly modifiedTimes = new Map<RootPath, number>();
  /** Files the reader refused (binary, too large, not UTF-8, a link leaving the root), with why: reported as file-unreadable. */
  private readonly unreadable = new Map<RootPath, SkippedEntry>();
  private folderError: string | undefined;

  constructor(readonly info: MemoryRootInfo) {}

  get uri(): vscode.Uri {
    return this.info.uri;
  }

  /** The root-relative path of `uri`, or undefined when it lies outside this root. */
  relativePath(uri: vscode.Uri): RootPath | undefined {
    if (uri.scheme !== this.uri.scheme || uri.authority !== this.uri.authority) return undefined;
    const base = this.uri.path.endsWith('/') ? this.uri.path : this.uri.path + '/';
    return uri.path.startsWith(base) ? uri.path.slice(base.length) : undefined;
  }

  uriOf(path: RootPath): vscode.Uri {
    // Asked for every entry each time MEMORY.md's lenses are drawn: a URI is made once per path.
    let uri = this.uris.get(path);
    if (!uri) {
      uri = vscode.Uri.joinPath(this.uri, ...path.split('/'));
      if (this.uris.size >= 50_000) this.uris.clear();
      this.uris.set(path, uri);
    }
    return uri;
  }

  private readonly uris = new Map<RootPath, vscode.Uri>();

  /**
   * Reads every memory file under the root; `unsavedText` wins over the disk for the files it knows.
   * Each file goes into the store as it is read, so the store is full when the last read ends; the
   * root is shown and checked only after that (a root judged half read would report links and index
   * entries to files not read yet).
   */
  async load(unsavedText: (uri: vscode.Uri) => string | undefined, skipped: SkipLog): Promise<void> {
    const fill = new SlicedWork<DiskFile>((file) => {
      this.modifiedTimes.set(file.path, file.modifiedTime);
      if (this.isTracked(file.path)) this.store.update(file.path, unsavedText(this.uriOf(file.path)) ?? file.text);
    });
    const read = await streamRootFromDisk(this.uri, '', skipped, (file) => fill.push(file));
    await fill.drained();
    this.folderError = read.listError;
    this.noteRefused('', read.skipped);
  }

  /** Why the root folder itself could not be listed at its last whole read (undefined when it could): the tree says so rather than show it empty. */
  get listError(): string | undefined {
    return this.folderError;
  }

  modifiedTime(path: RootPath): number | undefined {
    return this.modifiedTimes.get(path);
  }

  /** Re-reads one file from disk; removes it from the store when it is gone or unreadable. */
  async refreshFromDisk(path: RootPath, skipped: SkipLog): Promise<StoreChange> {
    const [file] = await this.readFromDisk(path, skipped);
    if (file?.path === path) return this.store.update(path, file.text);
    this.modifiedTimes.delete(path);
    return this.store.remove(path);
  }

  /**
   * Brings the store in line with the disk at `path`, whatever is there now. Watcher events arrive
   * late and coalesced (a folder moved in reports only the folder; a delete can arrive after the file
   * was written again), so an event says where to look, never what happened.
   */
  async syncPath(path: RootPath, isUnsavedInEditor: (path: RootPath) => boolean, skipped: SkipLog): Promise<StoreChange[]> {
    const changes: StoreChange[] = [];
    const prefix = path === '' ? '' : path + '/';
    const held = new Set([...this.trackedPaths()].filter((p) => p === path || p.startsWith(prefix)));
    for (const file of await this.readFromDisk(path, skipped)) {
      held.delete(file.path);
      if (isUnsavedInEditor(file.path)) continue;
      const change = this.store.update(file.path, file.text);
      if (change.previous !== change.current) changes.push(change);
    }
    for (const gone of held) {
      if (isUnsavedInEditor(gone)) continue;
      const change = this.store.remove(gone);
      this.modifiedTimes.delete(gone);
      if (change.previous !== undefined) changes.push(change);
    }
    return changes;
  }

  /** The text the store holds for `path` (without BOM), or undefined when it holds none. */
  heldText(path: RootPath): string | undefined {
    return path === INDEX_FILE_NAME ? this.store.index?.text : this.store.get(path)?.text;
  }

  isTracked(path: RootPath): boolean {
    return isMemoryPath(path) || path === INDEX_FILE_NAME;
  }

  private *trackedPaths(): Iterable<RootPath> {
    for (const memory of this.store.memories()) yield memory.path;
    if (this.store.index) yield INDEX_FILE_NAME;
  }

  /** What the reader refused to read, as of the last read of each path. */
  skippedFiles(): readonly SkippedEntry[] {
    return [...this.unreadable.values()];
  }

  private async readFromDisk(start: RootPath, skipped: SkipLog): Promise<DiskFile[]> {
    const { files, skipped: refused, listError } = await readRootFromDisk(this.uri, start, skipped);
    if (start === '') this.folderError = listError;
    this.noteRefused(start, refused);
    for (const file of files) this.modifiedTimes.set(file.path, file.modifiedTime);
    return files.filter((file) => this.isTracked(file.path));
  }

  /** What a read of `start` refused replaces what the last reads there refused. */
  private noteRefused(start: RootPath, refused: readonly SkippedEntry[]): void {
    const prefix = start === '' ? '' : `${start}/`;
    for (const path of [...this.unreadable.keys()]) if (path === start || path.startsWith(prefix)) this.unreadable.delete(path);
    for (const entry of refused) if (this.isTracked(entry.path)) this.unreadable.set(entry.path, entry);
  }
}
