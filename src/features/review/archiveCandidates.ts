import * as vscode from 'vscode';
import { archivedPath, archiveFolderName, displayName, planArchiveMemories, type MemoryFile, type RootPath } from '../../core';
import { Commands } from '../../commands';
import { uriExists } from '../../workspace/fs';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { targetMemories, type CommandTarget } from '../../workspace/commandTargets';

/** How the command is told to skip its confirmation (tests, and callers that asked already). */
export interface ArchiveOptions {
  readonly confirmed?: boolean;
}

/**
 * `memoryShelf.review.archive`: moves stale candidates (or any memories picked) out of the root into
 * the extension's storage, `archive/<root>/`, keeping their bytes; their MEMORY.md lines go and their
 * backlinks stay as reservations. One WorkspaceEdit per root, so Undo brings the files and lines back.
 * Resolves to the archived files' new URIs, or false when nothing was archived.
 */
export function registerArchiveCandidates(services: Services): vscode.Disposable {
  return vscode.Disposable.from(registerArchiveCommand(services), rereadWhenBroughtBack(services));
}

/**
 * A file moved back from the archive (Undo, or a person's move) is read into its root at once: its
 * watcher may never report it, since a file that left and came back within moments can look unchanged.
 */
function rereadWhenBroughtBack(services: Services): vscode.Disposable {
  return vscode.workspace.onDidRenameFiles((event) => {
    for (const { oldUri, newUri } of event.files) {
      const found = services.roots.rootOf(newUri);
      if (!found || !isArchived(services, oldUri)) continue;
      void services.documents.reread(found.root, found.path);
    }
  });
}

function isArchived(services: Services, uri: vscode.Uri): boolean {
  const { workspaceFolder, globalFolder } = services.review.storage;
  return [workspaceFolder, globalFolder].some((storage) => storage !== undefined && uri.toString().startsWith(vscode.Uri.joinPath(storage, 'archive').toString() + '/'));
}

function registerArchiveCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.reviewArchive, async (clicked?: CommandTarget, selected?: readonly CommandTarget[], options?: ArchiveOptions) => {
    const groups = targetMemories(services, clicked, selected, { orActiveEditor: false });
    if (groups.length === 0) return false;
    const folders = groups.map(({ root }) => archiveFolderOf(services, root));
    if (folders.some((folder) => folder === undefined)) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Memory Shelf has no storage folder to archive into here.'));
      return false;
    }
    if (!options?.confirmed && !(await confirm(groups, folders as vscode.Uri[]))) return false;
    const archived: vscode.Uri[] = [];
    for (const [i, group] of groups.entries()) archived.push(...await archiveRoot(services, group.root, group.memories, folders[i]!, !options?.confirmed));
    return archived.length === 0 ? false : archived;
  });
}

/** Shows the archive folder: the storage folder is nowhere a person would look. */
async function revealFolder(folder: vscode.Uri): Promise<void> {
  // The OS file manager exists only for a desktop window on this machine; elsewhere the folder opens in a window of its own.
  if (vscode.env.uiKind === vscode.UIKind.Desktop && !vscode.env.remoteName) await vscode.commands.executeCommand('revealFileInOS', folder);
  else await vscode.commands.executeCommand('vscode.openFolder', folder, { forceNewWindow: true });
}

/** The root's folder in the archive: workspace storage for a project's roots, global storage for the auto memory (it outlives the workspace). */
export function archiveFolderOf(services: Services, root: MemoryRoot): vscode.Uri | undefined {
  const { workspaceFolder, globalFolder } = services.review.storage;
  const storage = root.info.kind === 'auto' ? globalFolder : workspaceFolder ?? globalFolder;
  // The auto memory's label is localized; its project folder's name (`-home-ana-my-app`) is what stays the same.
  const name = root.info.kind === 'auto'
    ? archiveFolderName(`claude-auto-memory-${root.uri.path.split('/').slice(-2, -1)[0] ?? ''}`)
    : archiveFolderName(root.info.label);
  return storage && vscode.Uri.joinPath(storage, 'archive', name);
}

async function archiveRoot(services: Services, root: MemoryRoot, picked: readonly MemoryFile[], folder: vscode.Uri, announce: boolean): Promise<vscode.Uri[]> {
  const current = (): MemoryFile[] => {
    services.documents.flushRoot(root);
    return picked.map((memory) => root.store.get(memory.path)).filter((memory): memory is MemoryFile => memory !== undefined);
  };
  const memories = current();
  if (memories.length === 0) return [];
  const targets = await targetsIn(folder, memories.map((memory) => memory.path));
  await vscode.workspace.fs.createDirectory(folder);
  let moved: vscode.Uri[] = [];
  const announcement = (): string | undefined => {
    if (!announce) return undefined;
    const now = current().filter((memory) => targets.has(memory.path));
    return now.length === 1 ? vscode.l10n.t('Archived "{0}" to {1}.', displayName(now[0]), folder.fsPath) : vscode.l10n.t('Archived {0} memories to {1}.', now.length, folder.fsPath);
  };
  // The index lines go and the files move out of the root in one edit, planned and checked like every
  // other, recorded so that Undo brings the files and their lines back.
  const result = await services.edits.apply(() => {
    const now = current().filter((memory) => targets.has(memory.path));
    moved = now.map((memory) => targets.get(memory.path)!);
    const movesOut = now.map((memory) => ({ path: memory.path, to: targets.get(memory.path)! }));
    return now.length > 0 ? [{ root: root.uri, edits: planArchiveMemories(root.store, now).edits, movesOut }] : undefined;
  }, {
    label: vscode.l10n.t('Archive candidates'),
    announce: announcement(),
    // A short verb: three buttons share a toast, and the message names the folder already.
    announceActions: [{ title: vscode.l10n.t('Reveal'), run: () => revealFolder(folder) }],
  });
  if (result === 'failed') void vscode.window.showErrorMessage(vscode.l10n.t('The memories could not be archived; nothing was changed.'));
  if (result !== 'applied') return [];
  // The tree must not list an archived memory until a watcher reports the file gone (late, or not at all on a loaded machine).
  await Promise.all(memories.map((memory) => services.documents.reread(root, memory.path)));
  return moved;
}

/** Each path's place in the archive, never over an earlier archived file (nor over another of this batch). */
async function targetsIn(folder: vscode.Uri, paths: readonly RootPath[]): Promise<Map<RootPath, vscode.Uri>> {
  const uriOf = (path: RootPath): vscode.Uri => vscode.Uri.joinPath(folder, ...path.split('/'));
  const onDisk = new Set<RootPath>();
  const result = new Map<RootPath, vscode.Uri>();
  const claimed = new Set<RootPath>();
  for (const path of paths) {
    let chosen = archivedPath(path, (p) => claimed.has(p));
    while (await uriExists(uriOf(chosen))) {
      onDisk.add(chosen);
      chosen = archivedPath(path, (p) => claimed.has(p) || onDisk.has(p));
    }
    claimed.add(chosen);
    result.set(path, uriOf(chosen));
  }
  return result;
}

async function confirm(groups: readonly { root: MemoryRoot; memories: readonly MemoryFile[] }[], folders: readonly vscode.Uri[]): Promise<boolean> {
  let files = 0;
  let indexLines = 0;
  let links = 0;
  for (const { root, memories } of groups) {
    const summary = planArchiveMemories(root.store, memories).summary;
    files += summary.files;
    indexLines += summary.indexLines;
    links += summary.links;
  }
  const names = groups.flatMap(({ memories }) => memories.map(displayName));
  const what = files === 1
    ? vscode.l10n.t('Archive the candidate "{0}"?', names[0])
    : vscode.l10n.t('Archive {0} candidates ({1})?', files, names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : ''));
  const detail = [
    vscode.l10n.t('The file moves out of the memory folder into {0}, so no agent reads it; Undo brings it back.', folders.map((folder) => folder.fsPath).join(', ')),
    indexLines === 1 ? vscode.l10n.t('1 MEMORY.md line is removed.') : indexLines > 1 ? vscode.l10n.t('{0} MEMORY.md lines are removed.', indexLines) : undefined,
    links === 1 ? vscode.l10n.t('1 [[link]] points to it and stays as a reservation.') : links > 1 ? vscode.l10n.t('{0} [[links]] point to it and stay as reservations.', links) : undefined,
  ].filter((line): line is string => line !== undefined).join('\n');
  const archive = vscode.l10n.t('Archive');
  return (await vscode.window.showWarningMessage(what, { modal: true, detail }, archive)) === archive;
}
