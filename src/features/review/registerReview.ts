import * as vscode from 'vscode';
import { isPendingCandidate, planApproveCandidate } from '../../core';
import { MAX_MEMORY_BYTES, readBoundedText } from '../../workspace/boundedRead';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { ARCHIVE_COMMAND, registerArchiveCandidates } from './archiveCandidates';

export const ReviewCommands = {
  approve: 'memoryShelf.review.approve',
  edit: 'memoryShelf.review.edit',
  reject: 'memoryShelf.review.reject',
  showChanges: 'memoryShelf.review.showChanges',
  archive: ARCHIVE_COMMAND,
} as const;

/** The lead's delete command: Reject is a delete, with its confirmation and backlink choice. */
const DELETE_MEMORY = 'memoryShelf.deleteMemory';

/** A tree item (`{ root, entry }`) or the memory's file URI: commands work from the tree and from code alike. */
type ReviewTarget = vscode.Uri | { readonly root: MemoryRoot; readonly entry: { readonly memory: { readonly path: string } } };

/** Approve, Edit, Reject, Show changes and (for stale candidates) Archive for the "To review" items. */
export function registerReview(services: Services): vscode.Disposable {
  const resolve = (target: ReviewTarget | undefined): { root: MemoryRoot; path: string; uri: vscode.Uri } | undefined => {
    if (!target) return undefined;
    if (target instanceof vscode.Uri) {
      const found = services.roots.rootOf(target);
      return found && { root: found.root, path: found.path, uri: target };
    }
    // Tree nodes hold the root object of the load they were made from; the current one has the same URI.
    const root = services.roots.rootAt(target.root.uri) ?? target.root;
    return { root, path: target.entry.memory.path, uri: root.uriOf(target.entry.memory.path) };
  };

  return vscode.Disposable.from(
    registerArchiveCandidates(services),
    vscode.commands.registerCommand(ReviewCommands.approve, async (target?: ReviewTarget) => {
      const found = resolve(target);
      const memory = found && found.root.store.get(found.path);
      if (!found || !memory) return false;
      if (isPendingCandidate(memory)) {
        const types = services.config.typeSet().types;
        const result = await services.edits.apply(() => {
          const current = found.root.store.get(found.path);
          return current && services.edits.plan([{ root: found.root.uri, edits: planApproveCandidate(found.root.store, current, types) }]);
        }, { label: vscode.l10n.t('Approve candidate') });
        if (result !== 'applied') return false;
        // Saving counts as the person's approval of the promoted text (the review service listens).
        await services.documents.openDocument(found.uri)?.save();
        // The store catches up with the disk a moment later; approve the promoted text itself.
        const promoted = services.documents.openText(found.uri) ?? (await readBoundedText(found.uri, MAX_MEMORY_BYTES));
        // Not a readable file any more (replaced by a FIFO, say): nothing a person saw can be approved.
        if (typeof promoted !== 'string') return false;
        await services.review.approve(found.root, found.path, promoted);
        return true;
      }
      await services.review.approve(found.root, found.path);
      return true;
    }),
    vscode.commands.registerCommand(ReviewCommands.edit, async (target?: ReviewTarget) => {
      const found = resolve(target);
      if (found) await vscode.window.showTextDocument(found.uri);
    }),
    vscode.commands.registerCommand(ReviewCommands.reject, async (target?: ReviewTarget) => {
      const found = resolve(target);
      if (found) return vscode.commands.executeCommand(DELETE_MEMORY, found.uri);
      return undefined;
    }),
    vscode.commands.registerCommand(ReviewCommands.showChanges, async (target?: ReviewTarget) => {
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
