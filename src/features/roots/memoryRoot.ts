import * as vscode from 'vscode';
import { isMemoryPath, INDEX_FILE_NAME, MemoryStore, type RootPath, type StoreChange } from '../../core';

/** How a root was found, which decides its label and whether Claude Code reads it. */
export type RootKind = 'workspace' | 'settings' | 'auto';

/** Whether Claude Code loads this root at session start, and if not, why (already localized). */
export interface RootLoadStatus {
  readonly loadedByClaude: boolean;
  readonly detail: string;
}

export interface MemoryRootInfo {
  readonly uri: vscode.Uri;
  readonly kind: RootKind;
  readonly label: string;
  readonly load: RootLoadStatus;
  /** What was ignored while locating the root (a broken settings file, say), already localized. */
  readonly warnings?: readonly string[];
}

/** Files bigger than this are not memories anyone wrote by hand; reading them would stall the load. */
const MAX_MEMORY_FILE_BYTES = 2 * 1024 * 1024;
const READ_CONCURRENCY = 32;
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * One memory root: its identity and its MemoryStore. Reads go through `vscode.workspace.fs`, so remote
 * and virtual workspaces work; open editors are the source of truth for their own files.
 */
export class MemoryRoot {
  readonly store = new MemoryStore();
  /** Modification times read with the files: the last anchor for relative dates. */
  private readonly modifiedTimes = new Map<RootPath, number>();

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
    return vscode.Uri.joinPath(this.uri, ...path.split('/'));
  }

  /** Reads every memory file under the root, a few at a time, without blocking the extension host. */
  async load(openText: (uri: vscode.Uri) => string | undefined): Promise<void> {
    const paths = await this.listMarkdownFiles();
    for (let i = 0; i < paths.length; i += READ_CONCURRENCY) {
      await Promise.all(paths.slice(i, i + READ_CONCURRENCY).map(async (path) => {
        const text = openText(this.uriOf(path)) ?? (await this.readFromDisk(path));
        if (text !== undefined) this.store.update(path, text);
      }));
    }
  }

  modifiedTime(path: RootPath): number | undefined {
    return this.modifiedTimes.get(path);
  }

  /** Re-reads one file from disk; removes it from the store when it is gone or unreadable. */
  async refreshFromDisk(path: RootPath): Promise<StoreChange> {
    const text = await this.readFromDisk(path);
    return text === undefined ? this.store.remove(path) : this.store.update(path, text);
  }

  /**
   * Brings the store in line with the disk at `path`, whatever is there now. Watcher events arrive
   * late and coalesced (a folder moved in reports only the folder; a delete can arrive after the file
   * was written again), so an event says where to look, never what happened.
   */
  async syncPath(path: RootPath, isOpenInEditor: (path: RootPath) => boolean): Promise<StoreChange[]> {
    const changes: StoreChange[] = [];
    const prefix = path === '' ? '' : path + '/';
    const held = new Set([...this.trackedPaths()].filter((p) => p === path || p.startsWith(prefix)));
    for (const file of await this.listMarkdownFiles(path)) {
      held.delete(file);
      if (isOpenInEditor(file)) continue;
      const change = await this.refreshFromDisk(file);
      if (change.previous !== change.current) changes.push(change);
    }
    for (const gone of held) {
      if (isOpenInEditor(gone)) continue;
      const change = this.store.remove(gone);
      this.modifiedTimes.delete(gone);
      if (change.previous !== undefined) changes.push(change);
    }
    return changes;
  }

  private *trackedPaths(): Iterable<RootPath> {
    for (const memory of this.store.memories()) yield memory.path;
    if (this.store.index) yield INDEX_FILE_NAME;
  }

  isTracked(path: RootPath): boolean {
    return isMemoryPath(path) || path === INDEX_FILE_NAME;
  }

  private async readFromDisk(path: RootPath): Promise<string | undefined> {
    const uri = this.uriOf(path);
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type & vscode.FileType.Directory || stat.size > MAX_MEMORY_FILE_BYTES) return undefined;
      this.modifiedTimes.set(path, stat.mtime);
      return decoder.decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      return undefined;
    }
  }

  /** Tracked files at or under `start` ('' for the whole root); a file path lists itself if it exists. */
  private async listMarkdownFiles(start: RootPath = ''): Promise<RootPath[]> {
    const found: RootPath[] = [];
    const visit = async (folder: RootPath): Promise<void> => {
      let entries: [string, vscode.FileType][];
      try {
        entries = await vscode.workspace.fs.readDirectory(folder ? this.uriOf(folder) : this.uri);
      } catch {
        return;
      }
      const subfolders: Promise<void>[] = [];
      for (const [name, type] of entries) {
        // Hidden folders hold tool state (.git, .obsidian), never memories.
        if (name.startsWith('.')) continue;
        const path = folder ? `${folder}/${name}` : name;
        // A linked folder is not followed: a link back up the tree would never end (the CLI agrees).
        if (type & vscode.FileType.Directory) {
          if (!(type & vscode.FileType.SymbolicLink)) subfolders.push(visit(path));
        }
        else if (this.isTracked(path)) found.push(path);
      }
      await Promise.all(subfolders);
    };
    const type = start === '' ? vscode.FileType.Directory : await this.typeOf(start);
    if (type === vscode.FileType.Directory) await visit(start);
    else if (type === vscode.FileType.File && this.isTracked(start)) found.push(start);
    return found.sort();
  }

  private async typeOf(path: RootPath): Promise<vscode.FileType | undefined> {
    try {
      const stat = await vscode.workspace.fs.stat(this.uriOf(path));
      return stat.type & vscode.FileType.Directory ? vscode.FileType.Directory : vscode.FileType.File;
    } catch {
      return undefined;
    }
  }
}
