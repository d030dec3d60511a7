import * as vscode from 'vscode';
import { fileFollowsName, formatText, renamedPath, rootConventions, type MemoryFile, type Text } from '../../core';
import type { RootMove } from '../../language/fileMoves';
import { createMemoryLanguage } from '../../language/memoryLanguage';
import { fromVsPosition, toVsRange } from '../../workspace/display/ranges';
import { localized } from '../../workspace/display/localized';
import type { RootEdits } from '../../workspace/edits/rootEdits';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { MEMORY_SELECTOR } from './linkUi';

const language = createMemoryLanguage();

/**
 * F2 on a `[[link]]` or on a memory's `name:` value renames the memory everywhere in its root in one
 * WorkspaceEdit (Shift+Enter previews it): the language layer's rename, the file too as
 * `memoryShelf.rename.renameFile` says, asking when it says "ask". Renames and moves in the Explorer keep
 * MEMORY.md's entries pointing at the files.
 */
export function registerRename(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.languages.registerRenameProvider(MEMORY_SELECTOR, {
      prepareRename(document, position) {
        const current = services.documents.current(document);
        const found = current && language.prepareRename(current.root, current.path, document.getText(), fromVsPosition(position));
        // Anywhere else (a heading, a Markdown link) the Markdown extension's rename takes over.
        if (!found) throw new Error(vscode.l10n.t('Rename a memory from a [[link]] to it or from its name: value.'));
        return { range: toVsRange(found.range), placeholder: found.placeholder };
      },
      async provideRenameEdits(document, position, newName, token) {
        const found = services.documents.current(document);
        if (!found) return undefined;
        const { root, path } = found;
        // Positions are planned against the store, which now holds what the editors show.
        services.documents.flushRoot(root);
        const at = fromVsPosition(position);
        const rename = (renameFile: (memory: MemoryFile) => boolean) => language.rename(root, path, document.getText(), at, newName, renameFile);
        if (!language.prepareRename(root, path, document.getText(), at)) return undefined;
        // From here on this rename is ours: a refusal answers with no edit and says why, rather than
        // letting the next provider (Markdown's, which reads `[[x]]` as a reference link) rename it.
        const refuse = (reason: Text): undefined => {
          void vscode.window.showErrorMessage(localized(reason, formatText(reason)));
          return undefined;
        };
        // A name that cannot be used is refused before any question is asked.
        let renamed: MemoryFile | undefined;
        const check = rename((memory) => {
          renamed = memory;
          return false;
        });
        if (!check.ok) {
          refuse(check.reason);
          return new vscode.WorkspaceEdit();
        }
        const renameFile = renamed ? await shouldRenameFile(services, root, renamed, newName) : false;
        if (renameFile === undefined || token.isCancellationRequested) return new vscode.WorkspaceEdit();
        // The edit moves the file and updates the index itself: the applier tells the Explorer participant.
        const edit = await services.edits.prepare(() => {
          const answer = rename(() => renameFile);
          return answer.ok ? [{ root: root.uri, edits: answer.edits }] : refuse(answer.reason);
        });
        return edit ?? new vscode.WorkspaceEdit();
      },
    }),
    vscode.workspace.onWillRenameFiles((event) => {
      const files = event.files.filter((file) => !services.edits.ownMoves.claim(file.oldUri, file.newUri));
      const planIndexes = (): readonly RootEdits[] | undefined => {
        const changes = indexEditsForMoves(services, files);
        return changes.length > 0 ? changes : undefined;
      };
      // Most moves touch no memory root: nothing is waited for then.
      for (const root of services.roots.roots) services.documents.flushRoot(root);
      if (!planIndexes()) return;
      event.waitUntil(services.edits.prepare(planIndexes, { saveIndexAfterMove: true }).then((edit) => edit ?? new vscode.WorkspaceEdit()));
    }),
  );
}

/** Whether to rename the file as well; undefined when the person cancelled. */
async function shouldRenameFile(services: Services, root: MemoryRoot, memory: MemoryFile, newName: string): Promise<boolean | undefined> {
  const setting = services.config.settings.renameFile;
  const newPath = renamedPath(memory, newName, rootConventions(root.store));
  if (setting === 'never' || !newPath) return false;
  if (setting === 'always') return true;
  if (!fileFollowsName(memory)) return false;
  const rename = { label: vscode.l10n.t('Rename the file too'), description: `${memory.path} → ${newPath}`, value: true };
  const keep = { label: vscode.l10n.t('Keep the file name'), description: memory.path, value: false };
  const picked = await vscode.window.showQuickPick([rename, keep], { placeHolder: vscode.l10n.t('The file name follows the memory\'s name. Rename it as well?') });
  return picked?.value;
}

/** MEMORY.md edits for files and folders renamed or moved within one root (the language layer's file moves). */
function indexEditsForMoves(services: Services, files: readonly { readonly oldUri: vscode.Uri; readonly newUri: vscode.Uri }[]): RootEdits[] {
  const moves: RootMove<MemoryRoot>[] = [];
  for (const file of files) {
    const from = services.roots.rootOf(file.oldUri);
    const to = from?.root.relativePath(file.newUri);
    if (from && to !== undefined) moves.push({ root: from.root, from: from.path, to });
  }
  // The index as its editor shows it, which an edit in the same operation may already have updated.
  return language.fileMoves(moves).map(({ root, edit }) => ({ root: root.uri, edits: [edit] }));
}
