import * as vscode from 'vscode';
import {
  contains,
  fileFollowsName,
  INDEX_FILE_NAME,
  linkAt,
  planIndexMove,
  planRename,
  planReservationRename,
  renamedPath,
  rootConventions,
  type MemoryFile,
  type RootPath,
} from '../../core';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryWorkspace } from '../roots/memoryWorkspace';
import { toWorkspaceEdit, type OwnFileMoves } from '../fileEdits';
import { currentIndex, describeRefusal, fromVsPosition, linkDocument, MEMORY_SELECTOR, settle, toVsRange, type LinkDocument } from './linkDocuments';

type RenameFileSetting = 'ask' | 'always' | 'never';

/**
 * F2 on a `[[link]]` or on a memory's `name:` value renames the memory everywhere in its root in one
 * WorkspaceEdit (Shift+Enter previews it), the file too as `memoryShelf.rename.renameFile` says. Renames
 * and moves in the Explorer keep MEMORY.md's entries pointing at the files.
 */
export function registerRename(workspace: MemoryWorkspace, ownMoves: OwnFileMoves): vscode.Disposable {
  // Indexes an Explorer move updated while they were saved: they are saved again once the move is done.
  const toSave = new Set<string>();
  return vscode.Disposable.from(
    vscode.languages.registerRenameProvider(MEMORY_SELECTOR, {
      prepareRename(document, position) {
        const current = linkDocument(workspace, document);
        const found = current && renameTarget(current, position);
        // Anywhere else (a heading, a Markdown link) the Markdown extension's rename takes over.
        if (!found) throw new Error(vscode.l10n.t('Rename a memory from a [[link]] to it or from its name: value.'));
        return { range: found.range, placeholder: found.placeholder };
      },
      async provideRenameEdits(document, position, newName) {
        const current = linkDocument(workspace, document);
        if (!current || !renameTarget(current, position)) return undefined;
        const { root } = current;
        await settle(root);
        // Positions are planned against the store, which now holds what the editors show.
        const found = renameTarget(linkDocument(workspace, document) ?? current, position);
        if (!found) return undefined;
        // From here on this rename is ours: a refusal answers with no edit and says why, rather than
        // letting the next provider (Markdown's, which reads `[[x]]` as a reference link) rename it.
        const refuse = (message: string): vscode.WorkspaceEdit => {
          void vscode.window.showErrorMessage(message);
          return new vscode.WorkspaceEdit();
        };
        if (found.kind === 'ambiguous') return refuse(found.message);
        if (found.kind === 'reservation') {
          const plan = planReservationRename(root.store, found.placeholder, newName);
          return plan.ok ? toWorkspaceEdit(root, plan.edits) : refuse(refusal(newName, plan));
        }
        const { memory } = found;
        // A name that cannot be used is refused before any question is asked.
        const check = planRename(root.store, memory, newName, { renameFile: false });
        if (!check.ok) return refuse(refusal(newName, check));
        const renameFile = await shouldRenameFile(root, memory, newName);
        if (renameFile === undefined) return new vscode.WorkspaceEdit();
        const plan = planRename(root.store, memory, newName, { renameFile });
        if (!plan.ok) return refuse(refusal(newName, plan));
        // The edit moves the file and updates the index itself: the Explorer participant must not too.
        ownMoves.expectAll(root, plan.edits);
        return toWorkspaceEdit(root, plan.edits);
      },
    }),
    vscode.workspace.onWillRenameFiles((event) => {
      const files = event.files.filter((file) => !ownMoves.claim(file.oldUri, file.newUri));
      const found = indexEditsForMoves(workspace, files);
      if (!found) return;
      for (const uri of found.indexes) {
        const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
        if (!open?.isDirty) toSave.add(uri.toString());
      }
      event.waitUntil(Promise.resolve(found.edit));
    }),
    vscode.workspace.onDidRenameFiles(async () => {
      const uris = [...toSave];
      toSave.clear();
      await Promise.all(uris.map(saveWhenDirty));
    }),
  );
}

type RenameTarget =
  | { readonly kind: 'memory'; readonly memory: MemoryFile; readonly range: vscode.Range; readonly placeholder: string }
  | { readonly kind: 'reservation'; readonly range: vscode.Range; readonly placeholder: string }
  | { readonly kind: 'ambiguous'; readonly range: vscode.Range; readonly placeholder: string; readonly message: string };

/** What a rename at `position` means, and the text the rename box covers; undefined when not ours. */
function renameTarget(current: LinkDocument, position: vscode.Position): RenameTarget | undefined {
  const { root } = current;
  const at = fromVsPosition(position);
  const link = linkAt(current.links, at);
  if (link) {
    const range = toVsRange(link.targetRange);
    const resolution = root.store.resolveLink(link.target);
    if (resolution.status === 'dangling') return { kind: 'reservation', range, placeholder: link.target };
    if (resolution.status === 'ambiguous') {
      const message = vscode.l10n.t('{0} memories answer to "{1}": rename the one you mean from its own name.', resolution.targets.length, link.target);
      return { kind: 'ambiguous', range, placeholder: link.target, message };
    }
    const memory = resolution.targets[0];
    return { kind: 'memory', memory, range, placeholder: memory.name ?? memory.stem };
  }
  const memory = current.memory;
  const field = memory?.frontmatter.fields.get('name');
  if (memory && field && (contains(field.valueRange, at) || contains(field.keyRange, at))) {
    // The store's copy, so backlinks and index entries are found by identity.
    const held = root.store.get(memory.path) ?? memory;
    return { kind: 'memory', memory: held, range: toVsRange(field.valueRange), placeholder: held.name ?? held.stem };
  }
  return undefined;
}

/** Whether to rename the file as well; undefined when the person cancelled. */
async function shouldRenameFile(root: MemoryRoot, memory: MemoryFile, newName: string): Promise<boolean | undefined> {
  const setting = vscode.workspace.getConfiguration('memoryShelf').get<RenameFileSetting>('rename.renameFile', 'ask');
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
  switch (plan.reason) {
    case 'unsafe-name':
      return describeRefusal(newName.trim(), plan.check);
    case 'unchanged':
      return vscode.l10n.t('The memory already has this name.');
    case 'frontmatter-invalid':
      return vscode.l10n.t('The frontmatter of this memory does not parse; fix it before renaming.');
    case 'name-taken':
      return vscode.l10n.t('"{0}" is already the name of {1}.', newName.trim(), plan.path);
    case 'file-taken':
      return vscode.l10n.t('{0} already exists in the memory folder.', plan.path);
  }
}

/** MEMORY.md edits for files and folders renamed or moved within one root, and the indexes they change. */
function indexEditsForMoves(
  workspace: MemoryWorkspace,
  files: readonly { readonly oldUri: vscode.Uri; readonly newUri: vscode.Uri }[],
): { edit: vscode.WorkspaceEdit; indexes: vscode.Uri[] } | undefined {
  const movesByRoot = new Map<MemoryRoot, { from: RootPath; to: RootPath }[]>();
  for (const file of files) {
    const from = workspace.rootOf(file.oldUri);
    if (!from || from.root.relativePath(file.newUri) === undefined) continue;
    const to = from.root.relativePath(file.newUri)!;
    const moves = movesByRoot.get(from.root) ?? [];
    moves.push({ from: from.path, to });
    movesByRoot.set(from.root, moves);
  }
  const edit = new vscode.WorkspaceEdit();
  const indexes: vscode.Uri[] = [];
  for (const [root, moves] of movesByRoot) {
    // The open index's text, which an edit in the same operation (a rename from F2) may already have updated.
    const indexEdit = planIndexMove(currentIndex(root), moves);
    if (!indexEdit) continue;
    indexes.push(root.uriOf(INDEX_FILE_NAME));
    const rootEdit = toWorkspaceEdit(root, [indexEdit]);
    for (const [uri, edits] of rootEdit.entries()) for (const textEdit of edits) edit.replace(uri, textEdit.range, textEdit.newText);
  }
  return indexes.length > 0 ? { edit, indexes } : undefined;
}

/** Saves a document once the participant's edit has reached it (the extension host hears of it a moment later). */
async function saveWhenDirty(uri: string): Promise<void> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri);
    if (document?.isDirty) {
      await document.save();
      return;
    }
    if (Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
