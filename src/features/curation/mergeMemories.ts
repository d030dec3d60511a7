import * as vscode from 'vscode';
import { planMerge } from '../../core';
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
    const result = await services.edits.apply(() => {
      services.documents.flushRoot(root);
      const kept = root.store.get(survivor.path);
      const removed = root.store.get(removedPath);
      return kept && removed ? [{ root: root.uri, edits: planMerge(root.store, kept, removed).edits }] : undefined;
    }, {
      label: vscode.l10n.t('Merge {0} into {1}', removedTitle, survivorTitle),
      preview: options?.preview ?? services.config.settings.indexPreviewChanges,
      announce: vscode.l10n.t('Merged {0} into {1}.', removedTitle, survivorTitle),
    });
    return result === 'applied';
  });
}
