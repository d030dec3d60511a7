import * as vscode from 'vscode';
import {
  fileFollowsName,
  formatText,
  planIndexMove,
  planRename,
  planReservationRename,
  renamedPath,
  renameRefusalText,
  renameTargetAt,
  rootConventions,
  type MemoryFile,
  type RootPath,
} from '../../core';
import { fromVsPosition, toVsRange } from '../../workspace/display/ranges';
import type { DocumentModel } from '../../workspace/documents/liveDocuments';
import type { RootEdits } from '../../workspace/edits/rootEdits';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { MEMORY_SELECTOR } from './linkUi';
import { localized } from '../../workspace/display/localized';

/**
 * F2 on a `[[link]]` or on a memory's `name:` value renames the memory everywhere in its root in one
 * WorkspaceEdit (Shift+Enter previews it), the file too as `memoryShelf.rename.renameFile` says. Renames
 * and moves in the Explorer keep MEMORY.md's entries pointing at the files.
 */
export function registerRename(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.languages.registerRenameProvider(MEMORY_SELECTOR, {
      prepareRename(document, position) {
        const current = services.documents.current(document);
        const found = current && renameTarget(current, position);
        // Anywhere else (a heading, a Markdown link) the Markdown extension's rename takes over.
        if (!found) throw new Error(vscode.l10n.t('Rename a memory from a [[link]] to it or from its name: value.'));
        return { range: found.range, placeholder: found.placeholder };
      },
      async provideRenameEdits(document, position, newName, token) {
        const current = services.documents.current(document);
        if (!current) return undefined;
        const { root } = current;
        // Positions are planned against the store, which now holds what the editors show.
        services.documents.flushRoot(root);
        const found = renameTarget(services.documents.current(document) ?? current, position);
        if (!found) return undefined;
        // From here on this rename is ours: a refusal answers with no edit and says why, rather than
        // letting the next provider (Markdown's, which reads `[[x]]` as a reference link) rename it.
        const refuse = (message: string): undefined => {
          void vscode.window.showErrorMessage(message);
          return undefined;
        };
        if (found.kind === 'ambiguous') {
          refuse(found.message);
          return new vscode.WorkspaceEdit();
        }
        let renameFile = false;
        if (found.kind === 'memory') {
          // A name that cannot be used is refused before any question is asked.
          const check = planRename(root.store, found.memory, newName, { renameFile: false });
          if (!check.ok) {
            refuse(refusal(newName, check));
            return new vscode.WorkspaceEdit();
          }
          const answer = await shouldRenameFile(services, root, found.memory, newName);
          if (answer === undefined || token.isCancellationRequested) return new vscode.WorkspaceEdit();
          renameFile = answer;
        }
        // The edit moves the file and updates the index itself: the applier tells the Explorer participant.
        const edit = await services.edits.prepare(() => {
          if (found.kind === 'reservation') {
            const plan = planReservationRename(root.store, found.placeholder, newName);
            return plan.ok ? [{ root: root.uri, edits: plan.edits }] : refuse(refusal(newName, plan));
          }
          const memory = root.store.get(found.memory.path) ?? found.memory;
          const plan = planRename(root.store, memory, newName, { renameFile });
          return plan.ok ? [{ root: root.uri, edits: plan.edits }] : refuse(refusal(newName, plan));
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

type RenameTarget =
  | { readonly kind: 'memory'; readonly memory: MemoryFile; readonly range: vscode.Range; readonly placeholder: string }
  | { readonly kind: 'reservation'; readonly range: vscode.Range; readonly placeholder: string }
  | { readonly kind: 'ambiguous'; readonly range: vscode.Range; readonly placeholder: string; readonly message: string };

/** What a rename at `position` means (core's {@link renameTargetAt}), and the text the rename box covers; undefined when not ours. */
function renameTarget(current: DocumentModel, position: vscode.Position): RenameTarget | undefined {
  const found = renameTargetAt(current.root.store, current, fromVsPosition(position));
  if (!found) return undefined;
  const range = toVsRange(found.range);
  if (found.kind === 'ambiguous') {
    const message = vscode.l10n.t('{0} memories answer to "{1}": rename the one you mean from its own name.', found.candidates, found.placeholder);
    return { kind: 'ambiguous', range, placeholder: found.placeholder, message };
  }
  return { ...found, range };
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

function refusal(newName: string, plan: Exclude<ReturnType<typeof planRename>, { ok: true }>): string {
  const text = renameRefusalText(newName, plan);
  return localized(text, formatText(text));
}

/** MEMORY.md edits for files and folders renamed or moved within one root. */
function indexEditsForMoves(services: Services, files: readonly { readonly oldUri: vscode.Uri; readonly newUri: vscode.Uri }[]): RootEdits[] {
  const movesByRoot = new Map<MemoryRoot, { from: RootPath; to: RootPath }[]>();
  for (const file of files) {
    const from = services.roots.rootOf(file.oldUri);
    const to = from?.root.relativePath(file.newUri);
    if (!from || to === undefined) continue;
    const moves = movesByRoot.get(from.root) ?? [];
    moves.push({ from: from.path, to });
    movesByRoot.set(from.root, moves);
  }
  const changes: RootEdits[] = [];
  for (const [root, moves] of movesByRoot) {
    // The index as its editor shows it, which an edit in the same operation may already have updated.
    const indexEdit = planIndexMove(root.store.index, moves);
    if (indexEdit) changes.push({ root: root.uri, edits: [indexEdit] });
  }
  return changes;
}
