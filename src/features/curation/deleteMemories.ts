import * as vscode from 'vscode';
import { planDeleteMemories, type BacklinkHandling, type MemoryFile } from '../../core';
import { Commands } from '../../commands';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import { memoryTitle } from '../../workspace/display/memoryTitle';
import type { Services } from '../../workspace/services';
import { targetMemories, type CommandTarget } from '../../workspace/commandTargets';

/**
 * `memoryShelf.deleteMemory`: deletes the memories picked in the tree (one or many) or the active one.
 * A confirmation says what will change, and whether the files go to the trash or are deleted for good;
 * their index lines go, and their backlinks stay as reservations unless the person chooses to unlink
 * them. One edit per root, each announced with an Undo that restores the files from Memory Shelf's own
 * record of them (there may be no trash).
 */
export function registerDeleteMemories(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.deleteMemory, async (clicked?: CommandTarget, selected?: readonly CommandTarget[], choice?: BacklinkHandling, options?: { readonly announce?: boolean }) => {
    const groups = targetMemories(services, clicked, selected, { orActiveEditor: true });
    if (groups.length === 0) return false;
    const handling = choice ?? (await confirm(groups));
    if (!handling) return false;
    let applied = true;
    for (const { root, memories } of groups) {
      const result = await services.edits.apply(() => {
        services.documents.flushRoot(root);
        const current = memories.map((memory) => root.store.get(memory.path)).filter((memory): memory is MemoryFile => memory !== undefined);
        return current.length > 0 ? [{ root: root.uri, edits: planDeleteMemories(root.store, current, handling).edits }] : undefined;
      }, {
        // The label comes back in "Undone: …" and Undo Last Memory Shelf Change: one memory is named, as the tree names it.
        label: memories.length === 1 ? vscode.l10n.t('Delete "{0}"', memoryTitle(root, memories[0])) : vscode.l10n.t('Delete {0} memories', memories.length),
        // A caller that announces the whole of what it did (Reject All) says it once, with one Undo.
        announce: options?.announce === false ? undefined : memories.length === 1 ? vscode.l10n.t('Deleted "{0}".', memoryTitle(root, memories[0])) : vscode.l10n.t('Deleted {0} memories.', memories.length),
      });
      applied &&= result === 'applied';
    }
    return applied;
  });
}

/**
 * Whether VS Code will move the files to a trash: `files.enableTrash` on, and a file system that has
 * one. Only a desktop window's local disk does; a remote server's (code-server, SSH, containers) and a
 * browser's do not, and VS Code then deletes for good.
 */
function trashAvailable(groups: readonly { root: MemoryRoot }[]): boolean {
  const local = vscode.env.uiKind === vscode.UIKind.Desktop && vscode.env.remoteName === undefined;
  return local && groups.every(({ root }) => root.uri.scheme === 'file' && vscode.workspace.getConfiguration('files', root.uri).get<boolean>('enableTrash', true));
}

async function confirm(groups: readonly { root: MemoryRoot; memories: readonly MemoryFile[] }[]): Promise<BacklinkHandling | undefined> {
  let files = 0;
  let indexLines = 0;
  let links = 0;
  for (const { root, memories } of groups) {
    const summary = planDeleteMemories(root.store, memories, 'keep').summary;
    files += summary.files;
    indexLines += summary.indexLines;
    links += summary.links;
  }
  const names = groups.flatMap(({ root, memories }) => memories.map((memory) => memoryTitle(root, memory)));
  const what = files === 1 ? vscode.l10n.t('Delete the memory "{0}"?', names[0]) : vscode.l10n.t('Delete {0} memories ({1})?', files, names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : ''));
  const detail = [
    trashAvailable(groups)
      ? vscode.l10n.t('The file goes to the trash; Undo in the notification that follows brings it back.')
      : vscode.l10n.t('There is no trash here: the file is deleted for good. Undo in the notification that follows, or Undo Last Memory Shelf Change later (also after a reload), brings it back while the files stay as the delete left them.'),
    indexLines === 1 ? vscode.l10n.t('1 MEMORY.md line is removed.') : indexLines > 1 ? vscode.l10n.t('{0} MEMORY.md lines are removed.', indexLines) : undefined,
    links === 1 ? vscode.l10n.t('1 [[link]] points to it: keep it as a reservation, or unlink it to plain text.') : links > 1 ? vscode.l10n.t('{0} [[links]] point to it: keep them as reservations, or unlink them to plain text.', links) : undefined,
  ].filter((line): line is string => line !== undefined).join('\n');
  const keep = vscode.l10n.t('Delete');
  const unlink = vscode.l10n.t('Delete and Unlink');
  const buttons = links > 0 ? [keep, unlink] : [keep];
  const answer = await vscode.window.showWarningMessage(what, { modal: true, detail }, ...buttons);
  if (answer === keep) return 'keep';
  if (answer === unlink) return 'unlink';
  return undefined;
}
