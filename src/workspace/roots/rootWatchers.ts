import * as vscode from 'vscode';
import { isOutsideMemory, PROJECT_CLAUDE_FILES, type RootPath, type StoreChange } from '../../core';
import { Disposable, disposeAll } from '../dispose';
import type { Log } from '../log';
import { FolderWatches } from './folderWatches';
import type { MemoryRoot } from './memoryRoot';

/** What the watchers ask of the set of roots they serve. */
export interface WatchedRoots {
  /** Tells every listener about store changes of a root. */
  publish(root: MemoryRoot, changes: readonly StoreChange[]): void;
  /** The text of an open document with unsaved changes, or undefined: it wins over the disk. */
  unsavedText(uri: vscode.Uri): string | undefined;
  /** Whether `uri` lies in a loaded root. */
  isInRoot(uri: vscode.Uri): boolean;
  /** Finds the roots again (a `memory/` folder appeared). */
  reload(): void;
  /** Finds the roots again and reloads them only if whether Claude Code loads one changed (a CLAUDE.md changed). */
  recheckLoads(): void;
}

/**
 * How the stores follow the disk: one file-system watcher over the workspace folders, one per root
 * outside them, each root's own folder watches, and VS Code's own file operations. Each event re-reads
 * one file or folder into its root's store; nothing rescans a root except an explicit refresh or a
 * change of the set of roots, which is {@link MemoryRoots}' business.
 */
export class RootWatchers extends Disposable {
  /** How each root shown, or being loaded, takes a watcher event; a root's events wait until its load is adopted. */
  private readonly followers = new Map<MemoryRoot, (uri: vscode.Uri) => void>();
  /** Watchers of roots outside every workspace folder (Claude Code's auto memory), by folder, kept across reloads. */
  private readonly outsideWatchers = new Map<string, vscode.Disposable>();
  /** Each root's own folder watches (see {@link FolderWatches}), while the root is shown or being loaded. */
  private readonly folderWatches = new Map<MemoryRoot, FolderWatches>();

  constructor(private readonly roots: WatchedRoots, private readonly log: Log) {
    super();
    this._register(this.watchWorkspaceFolders());
    this._register(this.followFileOperations());
    this._register({ dispose: () => disposeAll(this.takeOutsideWatchers(new Set())) });
    this._register({ dispose: () => this.stopFolderWatches([...this.folderWatches.keys()]) });
  }

  /**
   * Follows the disk for `roots` from now, before their load: a file an agent writes while a big root
   * is being read is not lost. Their events wait until `adopted` resolves, so no change is published
   * for a root that is not shown yet.
   */
  follow(roots: readonly MemoryRoot[], adopted: Promise<void>): void {
    for (const root of roots) this.followers.set(root, this.follower(root, adopted));
    this.watchOutside(roots);
    for (const root of roots) this.watchFolders(root).add('');
  }

  /** Watches the folders holding `paths` of a loaded root too. */
  watchFoldersOf(root: MemoryRoot, paths: readonly RootPath[]): void {
    this.watchFolders(root).addFoldersOf(paths);
  }

  /** Stops following `roots` (replaced by a newer load, or never shown). */
  stopFollowing(roots: readonly MemoryRoot[]): void {
    for (const root of roots) this.followers.delete(root);
    this.stopFolderWatches(roots);
  }

  /** Stops the outside watchers of folders that are no longer roots. */
  keepOutsideWatchersOf(roots: readonly MemoryRoot[]): void {
    disposeAll(this.takeOutsideWatchers(new Set(roots.map((root) => root.uri.toString()))));
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
        const unsaved = (file: string): boolean => this.roots.unsavedText(root.uriOf(file)) !== undefined;
        const skipped = (what: string, error: unknown): void => this.log.skipped(what, error);
        const paths = batch.size > WHOLE_ROOT_BURST || batch.has('') ? [''] : [...batch];
        for (const target of paths) this.roots.publish(root, await root.syncPath(target, unsaved, skipped));
      }).catch((error: unknown) => this.log.warn(`Could not follow a change at ${uri.toString()}`, error));
    };
  }

  private watchFolders(root: MemoryRoot): FolderWatches {
    let watches = this.folderWatches.get(root);
    if (!watches) this.folderWatches.set(root, (watches = new FolderWatches(root.uri, (uri) => this.route(uri))));
    return watches;
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
    // The new files that asked for the reload: when a load meanwhile (a Refresh) made them part of a
    // root, the reload is not needed, and it would replace the roots under whatever is working on them.
    const arrived: vscode.Uri[] = [];
    let pendingClaudeFile: ReturnType<typeof setTimeout> | undefined;
    // Adding `@memory/MEMORY.md` to a CLAUDE.md makes that folder load: noticed without a Refresh.
    const claudeFileEvent = (uri: vscode.Uri): void => {
      if (!isProjectClaudeFile(uri)) return;
      clearTimeout(pendingClaudeFile);
      pendingClaudeFile = setTimeout(() => this.roots.recheckLoads(), 300);
    };
    watcher.onDidCreate((uri) => {
      this.route(uri);
      claudeFileEvent(uri);
      if (!NEW_ROOT_FILE.test(uri.path) || this.roots.isInRoot(uri)) return;
      clearTimeout(pending);
      arrived.push(uri);
      pending = setTimeout(() => {
        const waiting = arrived.splice(0);
        if (waiting.some((file) => !this.roots.isInRoot(file))) void this.roots.reload();
      }, 300);
    });
    watcher.onDidChange((uri) => {
      this.route(uri);
      claudeFileEvent(uri);
    });
    watcher.onDidDelete((uri) => {
      this.route(uri);
      claudeFileEvent(uri);
    });
    return vscode.Disposable.from(watcher, new vscode.Disposable(() => {
      clearTimeout(pending);
      clearTimeout(pendingClaudeFile);
    }));
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

/** One of the CLAUDE.md files of a workspace folder that may import a project memory index. */
function isProjectClaudeFile(uri: vscode.Uri): boolean {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return false;
  const relative = uri.path.slice(folder.uri.path.length).replace(/^\//, '');
  return (PROJECT_CLAUDE_FILES as readonly string[]).includes(relative);
}

/** A file whose creation may mean a new root: a Markdown file directly in a folder named `memory`. */
const NEW_ROOT_FILE = /(?:^|\/)memory\/[^/]+\.md$/;

/** Hidden files and folders (.git, .obsidian) hold tool state, and Claude Code's protected folders (agents/) no memories. */
export function isHiddenPath(path: string): boolean {
  return isOutsideMemory(path);
}
