import type { FileEdit } from '../problems';
import type { RootPath, TextEdit } from '../types';

/** Core's edits of one root in the order an editor applies them. */
export interface FileEditPhases {
  /** New files and renames, first: text edits may be in files they make. */
  readonly files: readonly (Extract<FileEdit, { kind: 'create' }> | Extract<FileEdit, { kind: 'rename' }>)[];
  /** Text edits, each at the path its file has once the renames are done. */
  readonly texts: readonly { readonly path: RootPath; readonly edits: readonly TextEdit[] }[];
  /** Deletions, last. */
  readonly deletes: readonly Extract<FileEdit, { kind: 'delete' }>[];
}

/**
 * Core lists text edits against the files as they are now; an editor's workspace edit wants new and
 * renamed files first and text edits following them to their new paths. That order holds however the
 * edit travels (VS Code regroups a WorkspaceEdit it hands back with every text edit after the file
 * operations), so the extension and the language server both build their edits from these phases.
 */
export function fileEditPhases(edits: readonly FileEdit[]): FileEditPhases {
  const files: FileEditPhases['files'][number][] = [];
  const moves = new Map<RootPath, RootPath>();
  for (const edit of edits) {
    if (edit.kind === 'create') files.push(edit);
    if (edit.kind === 'rename') {
      files.push(edit);
      moves.set(edit.path, edit.newPath);
    }
  }
  const texts = edits.flatMap((edit) => (edit.kind === 'edit' ? [{ path: moves.get(edit.path) ?? edit.path, edits: edit.edits }] : []));
  const deletes = edits.filter((edit): edit is Extract<FileEdit, { kind: 'delete' }> => edit.kind === 'delete');
  return { files, texts, deletes };
}
