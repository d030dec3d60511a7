import * as vscode from 'vscode';
import { isPendingCandidate, planApproveCandidate } from '../../core';
import { MAX_MEMORY_BYTES } from '../../workspace/boundedRead';
import { targetFile, type CommandTarget, type TargetFile } from '../../workspace/commandTargets';
import { readText } from '../../workspace/fs';
import type { Services } from '../../workspace/services';
import { Commands } from '../../commands';
import { registerArchiveCandidates } from './archiveCandidates';
import { registerFirstRunQuestion } from './firstRunQuestion';
import { restoreDeleted } from '../../workspace/history/restoreVersion';
import { deletedEntry, groupEntries, rejectEntries, sayRestore, type ReviewGroupTarget } from './rejectEntries';


/**
 * Approve, Edit, Reject, Show changes and (for stale candidates) Archive for the "To review" items;
 * Restore and Forget for deleted ones; Approve all and Reject all for a session's group.
 */
export function registerReview(services: Services): vscode.Disposable {
  const resolve = (target: CommandTarget): TargetFile | undefined => targetFile(services, target);

  return vscode.Disposable.from(
    registerArchiveCandidates(services),
    registerFirstRunQuestion(services),
    vscode.commands.registerCommand(Commands.reviewApprove, async (target?: CommandTarget) => {
      const found = resolve(target);
      if (!found) return false;
      await services.review.whenReady();
      // Approving a deletion is letting the memory go.
      if (services.review.entryAt(found.root, found.path)?.reason === 'deleted') {
        await services.review.forget(found.root, found.path);
        return true;
      }
      const memory = found.root.store.get(found.path);
      if (!memory) return false;
      if (isPendingCandidate(memory)) {
        const types = services.config.typeSet().types;
        // Saving counts as the person's approval of the promoted text (the review service listens).
        const result = await services.edits.apply(() => {
          const current = found.root.store.get(found.path);
          return current && [{ root: found.root.uri, edits: planApproveCandidate(found.root.store, current, types) }];
        }, { label: vscode.l10n.t('Approve candidate'), save: [found.uri] });
        if (result !== 'applied') return false;
        // The store catches up with the disk a moment later; approve the promoted text itself.
        // Not a readable file any more (replaced by a FIFO, say): nothing a person saw can be approved.
        const promoted = await readText(found.uri, undefined, MAX_MEMORY_BYTES);
        if (typeof promoted !== 'string') return false;
        await services.review.approve(found.root, found.path, promoted);
        return true;
      }
      await services.review.approve(found.root, found.path);
      return true;
    }),
    vscode.commands.registerCommand(Commands.reviewEdit, async (target?: CommandTarget) => {
      const found = resolve(target);
      if (found) await vscode.window.showTextDocument(found.uri);
    }),
    vscode.commands.registerCommand(Commands.reviewReject, async (target?: CommandTarget) => {
      const found = resolve(target);
      if (!found) return undefined;
      await services.review.whenReady();
      const entry = services.review.entryAt(found.root, found.path);
      // Nothing waits here (a memory picked from elsewhere): Reject is a delete, with its confirmation and backlink choice.
      if (!entry) return vscode.commands.executeCommand(Commands.deleteMemory, found.uri);
      return rejectEntries(services, [entry], { confirmed: false });
    }),
    vscode.commands.registerCommand(Commands.reviewRestore, async (target?: CommandTarget) => {
      const entry = await deletedEntry(services, target);
      if (!entry) return false;
      return sayRestore(await restoreDeleted(services, entry.root, entry.memory.path, entry.deletion!.lastHash), entry.memory.path);
    }),
    vscode.commands.registerCommand(Commands.reviewForget, async (target?: CommandTarget) => {
      const entry = await deletedEntry(services, target);
      if (!entry) return false;
      await services.review.forget(entry.root, entry.memory.path);
      return true;
    }),
    vscode.commands.registerCommand(Commands.reviewApproveGroup, async (node?: ReviewGroupTarget) => {
      const entries = groupEntries(services, node);
      if (entries.length === 0) return false;
      await services.review.approveAll(entries);
      return true;
    }),
    vscode.commands.registerCommand(Commands.reviewRejectGroup, async (node?: ReviewGroupTarget, options?: { readonly confirmed?: boolean }) => {
      const entries = groupEntries(services, node);
      if (entries.length === 0) return false;
      return rejectEntries(services, entries, { confirmed: options?.confirmed === true });
    }),
    vscode.commands.registerCommand(Commands.reviewShowChanges, async (target?: CommandTarget) => {
      const found = resolve(target);
      if (!found) return;
      await services.review.whenReady();
      const entry = services.review.entryAt(found.root, found.path);
      if (entry?.reason === 'deleted' && entry.deletion) {
        await vscode.window.showTextDocument(services.historyTexts.uriOf(found.root, found.path, entry.deletion.lastHash), { preview: true });
        return;
      }
      const approved = services.review.approvedHash(found.root, found.path);
      if (!approved || !found.root.store.get(found.path)) {
        await vscode.window.showTextDocument(found.uri);
        return;
      }
      await vscode.commands.executeCommand('vscode.diff', services.historyTexts.uriOf(found.root, found.path, approved), found.uri, vscode.l10n.t('{0} (last approved ↔ now)', found.path));
    }),
  );
}
