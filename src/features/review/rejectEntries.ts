import * as vscode from 'vscode';
import { INDEX_FILE_NAME } from '../../core';
import { Commands } from '../../commands';
import { distinctUris } from '../../workspace/edits/fileSnapshots';
import { targetFile, type CommandTarget } from '../../workspace/commandTargets';
import { restoreDeleted, restoreVersion, type RestoreResult } from '../../workspace/history/restoreVersion';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { ReviewEntry } from '../../workspace/review/reviewService';
import type { Services } from '../../workspace/services';

/** A session's group in To review, as the tree hands it to a command. */
export interface ReviewGroupTarget {
  readonly root?: MemoryRoot;
  readonly entries?: readonly ReviewEntry[];
}

/** The group's entries as they wait now (an entry settled since the tree drew it is left out). */
export function groupEntries(services: Services, node: ReviewGroupTarget | undefined): ReviewEntry[] {
  if (!node?.root || !node.entries) return [];
  const root = services.roots.rootAt(node.root.uri) ?? node.root;
  const now = new Map(services.review.pending(root).map((entry) => [`${entry.reason}:${entry.memory.path}`, entry]));
  return node.entries.map((entry) => now.get(`${entry.reason}:${entry.memory.path}`)).filter((entry): entry is ReviewEntry => entry !== undefined);
}

/** The deleted memory a command was invoked on, when one waits there. */
export async function deletedEntry(services: Services, target: CommandTarget): Promise<ReviewEntry | undefined> {
  const found = targetFile(services, target);
  if (!found) return undefined;
  await services.review.whenReady();
  const entry = services.review.entryAt(found.root, found.path);
  return entry?.reason === 'deleted' && entry.deletion ? entry : undefined;
}

/**
 * Rejects what waits: a changed memory goes back to the version last approved (from the history), a
 * new one or a candidate is deleted (the delete command's confirmation says whether to the trash or for
 * good), a deleted one comes back. Several at once are confirmed once, in one dialog saying all three.
 */
export async function rejectEntries(services: Services, entries: readonly ReviewEntry[], options: { readonly confirmed: boolean }): Promise<boolean> {
  const changed = entries.filter((entry) => entry.reason === 'changed');
  const created = entries.filter((entry) => entry.reason !== 'changed' && entry.reason !== 'deleted');
  const deleted = entries.filter((entry) => entry.reason === 'deleted');
  if (entries.length === 1) return rejectEach(services, changed, created, deleted, { single: true, confirmed: options.confirmed });
  if (!options.confirmed && !(await confirmMany(changed.length, created.length, deleted.length))) return false;
  // One journal entry around them all, so one Undo takes back the whole rejection, as after any other
  // change Memory Shelf makes; each file and its folder's MEMORY.md are what it may touch.
  const touched = distinctUris(entries.flatMap((entry) => [entry.root.uriOf(entry.memory.path), entry.root.uriOf(INDEX_FILE_NAME)]));
  let ok = true;
  const journal = services.edits.journal;
  const recorded = await journal.record(vscode.l10n.t('Reject {0} changes', entries.length), touched, async () => {
    ok = await rejectEach(services, changed, created, deleted, { single: false, confirmed: true });
    return true;
  });
  const message = ok ? vscode.l10n.t('Rejected {0} changes.', entries.length) : vscode.l10n.t('Rejected the changes; some could not be undone (see the messages).');
  if (recorded) journal.announce(recorded, message);
  else void vscode.window.showInformationMessage(message);
  return ok;
}

async function rejectEach(services: Services, changed: readonly ReviewEntry[], created: readonly ReviewEntry[], deleted: readonly ReviewEntry[], options: { readonly single: boolean; readonly confirmed: boolean }): Promise<boolean> {
  const { single } = options;
  let ok = true;
  for (const entry of changed) {
    const approved = services.review.approvedHash(entry.root, entry.memory.path);
    const result: RestoreResult = approved ? await restoreVersion(services, entry.root, entry.memory.path, approved, { announce: single, source: 'reject' }) : 'missing';
    if (result === 'missing') {
      void vscode.window.showErrorMessage(vscode.l10n.t('The approved version of "{0}" is no longer in the history, so nothing was changed. Edit it, or delete it.', entry.memory.path));
    }
    ok &&= result === 'applied';
  }
  if (created.length > 0) {
    const targets = created.map((entry) => entry.root.uriOf(entry.memory.path));
    // One at a time, the delete command asks (trash or for good, backlinks); several were confirmed above.
    const result = await vscode.commands.executeCommand<boolean>(Commands.deleteMemory, targets[0], targets, single && !options.confirmed ? undefined : 'keep', { announce: single });
    ok &&= result === true;
  }
  for (const entry of deleted) {
    const result = await restoreDeleted(services, entry.root, entry.memory.path, entry.deletion!.lastHash, { announce: single });
    if (single) sayRestore(result, entry.memory.path);
    ok &&= result === 'applied';
  }
  return ok;
}

/** Says why a restore did nothing, when it did nothing; true when it was applied. */
export function sayRestore(result: RestoreResult, path: string): boolean {
  if (result === 'missing') void vscode.window.showErrorMessage(vscode.l10n.t('The last version of "{0}" is no longer in the history, so it cannot be restored.', path));
  return result === 'applied';
}

async function confirmMany(changed: number, created: number, deleted: number): Promise<boolean> {
  const lines = [
    changed === 1 ? vscode.l10n.t('1 changed: it goes back to the version you last approved.') : changed > 1 ? vscode.l10n.t('{0} changed: each goes back to the version you last approved.', changed) : undefined,
    created > 0 ? newLine(created, trashAvailable()) : undefined,
    deleted === 1 ? vscode.l10n.t('1 deleted: it comes back, with its MEMORY.md line.') : deleted > 1 ? vscode.l10n.t('{0} deleted: each comes back, with its MEMORY.md line.', deleted) : undefined,
  ].filter((line): line is string => line !== undefined);
  const reject = vscode.l10n.t('Reject All');
  const answer = await vscode.window.showWarningMessage(vscode.l10n.t('Reject {0} changes?', changed + created + deleted), { modal: true, detail: lines.join('\n') }, reject);
  return answer === reject;
}

function newLine(created: number, trash: boolean): string {
  if (created === 1) return trash ? vscode.l10n.t('1 new: it is deleted (to the trash).') : vscode.l10n.t('1 new: it is deleted for good (there is no trash here; the history keeps a copy).');
  return trash ? vscode.l10n.t('{0} new: each is deleted (to the trash).', created) : vscode.l10n.t('{0} new: each is deleted for good (there is no trash here; the history keeps a copy).', created);
}

/** Whether VS Code moves deleted files to a trash here: desktop, with `files.enableTrash` on. */
function trashAvailable(): boolean {
  return vscode.env.uiKind === vscode.UIKind.Desktop && vscode.env.remoteName === undefined && vscode.workspace.getConfiguration('files').get<boolean>('enableTrash', true);
}
