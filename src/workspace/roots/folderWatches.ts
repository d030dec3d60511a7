import { watch, type FSWatcher } from 'node:fs';
import * as vscode from 'vscode';

/**
 * Watches of a `file:` root's own folders through node:fs (inotify, FSEvents, ReadDirectoryChangesW),
 * beside VS Code's watcher. VS Code serves every watcher inside the workspace from its one recursive
 * watcher, and that watcher can miss everything inside a folder created together with its parent
 * (`mkdir -p`, the way agents create memory/): in code-server such a root was seen to report no change
 * at all. A folder's own watch does not depend on that. Each event only names a path to look at again,
 * so one reported twice costs a second read that changes nothing.
 */
export class FolderWatches implements vscode.Disposable {
  private readonly watchers = new Map<string, FSWatcher>();

  constructor(private readonly root: vscode.Uri, private readonly onPath: (uri: vscode.Uri) => void) {}

  /** Watches the folder at `path` (root-relative, '' for the root) unless it is watched already; quietly nothing where it cannot. */
  add(path: string): void {
    if (this.root.scheme !== 'file' || this.watchers.has(path)) return;
    const folder = path === '' ? this.root : vscode.Uri.joinPath(this.root, ...path.split('/'));
    let watcher: FSWatcher;
    try {
      watcher = watch(folder.fsPath, { persistent: false }, (_event, name) => {
        this.onPath(name ? vscode.Uri.joinPath(folder, String(name)) : folder);
      });
    } catch {
      // Gone already, or the system's watch limit reached: VS Code's watcher still reports what it sees.
      return;
    }
    // A folder deleted or moved ends its watch; a later load watches it again if it comes back.
    watcher.on('error', () => this.remove(path));
    this.watchers.set(path, watcher);
  }

  /** Watches each folder that holds one of `paths` (root-relative files). */
  addFoldersOf(paths: Iterable<string>): void {
    for (const path of paths) {
      const slash = path.lastIndexOf('/');
      this.add(slash < 0 ? '' : path.slice(0, slash));
    }
  }

  dispose(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  private remove(path: string): void {
    this.watchers.get(path)?.close();
    this.watchers.delete(path);
  }
}
