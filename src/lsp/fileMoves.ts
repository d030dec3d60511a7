import type { RenameFilesParams, WorkspaceEdit } from 'vscode-languageserver/node';
import { indexEditsForMoves as moveEdits, type RootMove } from '../language/fileMoves';
import type { RootSession } from '../language/rootSession';
import type { ServerContext } from './context';
import { pathOfUri } from './uris';
import { toWorkspaceEdit } from './workspaceEdit';

/**
 * A memory renamed or moved in the editor's file tree keeps MEMORY.md pointing at it, as the extension's
 * Explorer participant does: the language layer's index edits of every move inside one root, as an
 * edit the client applies with the rename. Moves out of a root, or between roots, are left alone.
 */
export async function indexEditsForMoves(server: ServerContext, { files }: RenameFilesParams): Promise<WorkspaceEdit | null> {
  const moves: RootMove<RootSession>[] = [];
  for (const file of files) {
    const from = pathOfUri(file.oldUri);
    const to = pathOfUri(file.newUri);
    const found = from === undefined ? undefined : server.rootOf(from);
    const target = found && to !== undefined ? found.root.pathOf(to) : undefined;
    if (found && target !== undefined) moves.push({ root: found.root, from: found.path, to: target });
  }
  const documentChanges: NonNullable<WorkspaceEdit['documentChanges']> = [];
  const changes: NonNullable<WorkspaceEdit['changes']> = {};
  for (const { root, edit } of moveEdits(moves)) {
    const workspaceEdit = await toWorkspaceEdit(root, [edit], server.editSupport, server);
    if (!workspaceEdit) continue;
    documentChanges.push(...(workspaceEdit.documentChanges ?? []));
    Object.assign(changes, workspaceEdit.changes ?? {});
  }
  if (documentChanges.length > 0) return { documentChanges };
  return Object.keys(changes).length > 0 ? { changes } : null;
}

/** The client renamed files: both places read again from the disk (an open document keeps its text). */
export async function filesMoved(server: ServerContext, { files }: RenameFilesParams): Promise<void> {
  for (const file of files) {
    for (const uri of [file.oldUri, file.newUri]) {
      const path = pathOfUri(uri);
      const found = path === undefined ? undefined : server.rootOf(path);
      if (found) server.publish(found.root, await found.root.reread(found.path));
    }
  }
}
