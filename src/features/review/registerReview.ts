import * as vscode from 'vscode';
import { isPendingCandidate, planApproveCandidate } from '../../core';
import { MAX_MEMORY_BYTES } from '../../workspace/boundedRead';
import { targetFile, type CommandTarget, type TargetFile } from '../../workspace/commandTargets';
import { readText } from '../../workspace/fs';
import type { Services } from '../../workspace/services';
import { Commands } from '../../commands';
import { registerArchiveCandidates } from './archiveCandidates';


/** Approve, Edit, Reject, Show changes and (for stale candidates) Archive for the "To review" items. */
export function registerReview(services: Services): vscode.Disposable {
  const resolve = (target: CommandTarget): TargetFile | undefined => targetFile(services, target);

  return vscode.Disposable.from(
    registerArchiveCandidates(services),
    vscode.commands.registerCommand(Commands.reviewApprove, async (target?: CommandTarget) => {
      const found = resolve(target);
      const memory = found && found.root.store.get(found.path);
      if (!found || !memory) return false;
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
      // Reject is a delete, with its confirmation and backlink choice.
      if (found) return vscode.commands.executeCommand(Commands.deleteMemory, found.uri);
      return undefined;
    }),
    vscode.commands.registerCommand(Commands.reviewShowChanges, async (target?: CommandTarget) => {
      const found = resolve(target);
      if (!found) return;
      const before = await services.review.approvedCopy(found.root, found.path);
      if (!before) {
        await vscode.window.showTextDocument(found.uri);
        return;
      }
      await vscode.commands.executeCommand('vscode.diff', before, found.uri, vscode.l10n.t('{0} (last approved ↔ now)', found.path));
    }),
  );
}
