import type { CreateFile, DeleteFile, RenameFile, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { fileEditPhases, type FileEdit, type RootPath } from '../core';
import { editsStayInside } from '../language/editsStayInside';
import type { RootSession } from '../language/rootSession';
import { uriOfPath } from './uris';

/** What the client can apply, from its `workspace.workspaceEdit` capabilities. */
export interface EditSupport {
  readonly documentChanges: boolean;
  readonly resourceOperations: readonly string[];
}

/** Open documents: their URI as the client named them, and their version. */
export interface OpenDocuments {
  uriOf(file: string): string | undefined;
  versionOf(uri: string): number | undefined;
}

/**
 * Core edits of one root as an LSP workspace edit, in core's {@link fileEditPhases} order: new and
 * renamed files first, then text edits at each file's new path, then deletions. A text edit of an open
 * document carries its version, so the client refuses it if the document moved on. Undefined when the
 * client cannot apply it (file operations it does not support), or when any file written, created or
 * renamed to would land outside the root's real path once links are followed.
 */
export async function toWorkspaceEdit(root: RootSession, edits: readonly FileEdit[], support: EditSupport, open: OpenDocuments): Promise<WorkspaceEdit | undefined> {
  if (!(await editsStayInside(root.realRoot, edits))) return undefined;
  const phases = fileEditPhases(edits);
  const uriOf = (path: RootPath): string => {
    const file = root.fileOf(path);
    return open.uriOf(file) ?? uriOfPath(file);
  };
  const needs = new Set([...phases.files.map((edit) => edit.kind), ...(phases.deletes.length > 0 ? ['delete'] : [])]);
  if (!support.documentChanges) {
    if (needs.size > 0) return undefined;
    const changes: Record<string, TextEdit[]> = {};
    for (const text of phases.texts) (changes[uriOf(text.path)] ??= []).push(...text.edits);
    return { changes };
  }
  for (const kind of needs) if (!support.resourceOperations.includes(kind)) return undefined;
  const moved = new Set(phases.files.flatMap((edit) => (edit.kind === 'rename' ? [edit.newPath] : [])));
  const created = new Set(phases.files.flatMap((edit) => (edit.kind === 'create' ? [edit.path] : [])));
  const documentChanges: (TextDocumentEdit | CreateFile | RenameFile | DeleteFile)[] = [];
  for (const edit of phases.files) {
    if (edit.kind === 'create') {
      const uri = uriOf(edit.path);
      documentChanges.push({ kind: 'create', uri, options: { overwrite: false, ignoreIfExists: false } });
      documentChanges.push({ textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: edit.content }] });
    } else {
      documentChanges.push({ kind: 'rename', oldUri: uriOf(edit.path), newUri: uriOf(edit.newPath), options: { overwrite: false, ignoreIfExists: false } });
    }
  }
  for (const text of phases.texts) {
    const uri = uriOf(text.path);
    // A file just made or moved has no version the client could compare with.
    const version = moved.has(text.path) || created.has(text.path) ? null : open.versionOf(uri) ?? null;
    documentChanges.push({ textDocument: { uri, version }, edits: [...text.edits] });
  }
  for (const edit of phases.deletes) documentChanges.push({ kind: 'delete', uri: uriOf(edit.path), options: { ignoreIfNotExists: true, recursive: false } });
  return { documentChanges };
}
