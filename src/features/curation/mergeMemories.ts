import * as vscode from 'vscode';
import { planMerge, type MergePlan } from '../../core';
import { Commands } from '../../commands';
import { memoryTitle } from '../../workspace/display/memoryTitle';
import type { Services } from '../../workspace/services';
import { targetMemories, type CommandTarget } from '../../workspace/commandTargets';

/**
 * `memoryShelf.mergeMemories`: merges two memories of one root (two picked in the tree, or the pair a
 * near-duplicate quick fix names). The person picks the one that stays; the other's distinct
 * paragraphs are appended to it, links follow, its index line goes and its file is deleted. It is applied
 * at once (shown first when `index.previewChanges` asks), and the notification's Undo takes it all back.
 */
export function registerMergeMemories(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.mergeMemories, async (clicked?: CommandTarget, selected?: readonly CommandTarget[], options?: { readonly survivor?: vscode.Uri; readonly preview?: boolean }) => {
    const groups = targetMemories(services, clicked, selected, { orActiveEditor: true });
    if (groups.length !== 1 || groups[0].memories.length !== 2) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Pick two memories of the same folder to merge.'));
      return false;
    }
    const { root, memories } = groups[0];
    const survivor = options?.survivor
      ? memories.find((memory) => root.uriOf(memory.path).toString() === options.survivor?.toString())
      : (await vscode.window.showQuickPick(memories.map((memory) => ({ label: memoryTitle(root, memory), description: memory.path, memory })), {
        title: vscode.l10n.t('Merge two memories'),
        // Named by title; the file name beside it can be typed too.
        matchOnDescription: true,
        placeHolder: vscode.l10n.t('Which memory stays? The other is merged into it and deleted.'),
      }))?.memory;
    if (!survivor) return false;
    const removedMemory = memories.find((memory) => memory !== survivor)!;
    const removedPath = removedMemory.path;
    const [removedTitle, survivorTitle] = [memoryTitle(root, removedMemory), memoryTitle(root, survivor)];
    let plan: MergePlan | undefined;
    const result = await services.edits.apply(() => {
      services.documents.flushRoot(root);
      const kept = root.store.get(survivor.path);
      const removed = root.store.get(removedPath);
      plan = kept && removed ? planMerge(root.store, kept, removed) : undefined;
      return plan ? [{ root: root.uri, edits: plan.edits }] : undefined;
    }, {
      label: vscode.l10n.t('Merge "{0}" into "{1}"', removedTitle, survivorTitle),
      preview: options?.preview ?? services.config.settings.indexPreviewChanges,
      announce: () => mergedMessage(plan, removedTitle, survivorTitle),
    });
    return result === 'applied';
  });
}

/** What the merge moved where, so a person can tell nothing the other memory said was lost. */
function mergedMessage(plan: MergePlan | undefined, removed: string, survivor: string): string {
  const parts = [vscode.l10n.t('Merged "{0}" into "{1}" and deleted "{0}".', removed, survivor)];
  const paragraphs = (plan?.appended.length ?? 0) - (plan?.description === 'paragraph' ? 1 : 0);
  if (paragraphs === 1) parts.push(vscode.l10n.t('1 paragraph it held moved to the end of "{0}".', survivor));
  else if (paragraphs > 1) parts.push(vscode.l10n.t('{0} paragraphs it held moved to the end of "{1}".', paragraphs, survivor));
  if (plan?.description === 'paragraph') parts.push(vscode.l10n.t('Its description, the only thing it said, moved to the end of "{0}".', survivor));
  else if (plan?.description === 'description') parts.push(vscode.l10n.t('Its description became the description of "{0}", which had none.', survivor));
  if (plan && paragraphs === 0 && plan.description === undefined) parts.push(vscode.l10n.t('Everything it said was already in "{0}".', survivor));
  const links = plan?.rewrittenLinks ?? 0;
  if (links === 1) parts.push(vscode.l10n.t('1 [[link]] to it now points to "{0}".', survivor));
  else if (links > 1) parts.push(vscode.l10n.t('{0} [[links]] to it now point to "{1}".', links, survivor));
  return parts.join(' ');
}
