import * as nodePath from 'node:path';
import type { FileEdit, RootPath } from '../core';
import { pathLandsInside } from '../reader';

/** Which files of an edit list are judged besides those created and renamed to. */
export interface BoundaryOptions {
  /**
   * Edited files too (the default): a CLAUDE.md that is a link out of the project. The extension leaves
   * them out for a plan that edits only files it read inside the root.
   */
  readonly edits?: boolean;
}

/**
 * The first path of `edits` whose write would not stay inside `root` once links are followed, or
 * undefined: a path that is empty or steps out (`..`, `.`, an empty segment), or a file created, renamed
 * (either name) or edited whose nearest existing entry leads out of the root's real path, or to nothing
 * (see {@link pathLandsInside}). Deleting removes a link, not its target, so a deleted path is judged
 * by its spelling alone. The one boundary check of the extension's and the language server's edits.
 */
export async function firstEditOutside(root: string, edits: readonly FileEdit[], options: BoundaryOptions = {}): Promise<RootPath | undefined> {
  for (const edit of edits) {
    const paths = edit.kind === 'rename' ? [edit.path, edit.newPath] : [edit.path];
    for (const path of paths) {
      if (!isRootPath(path)) return path;
      if (edit.kind === 'delete' || (edit.kind === 'edit' && options.edits === false)) continue;
      if (!(await pathLandsInside(root, nodePath.join(root, ...path.split('/'))))) return path;
    }
  }
  return undefined;
}

/** Whether every write of `edits` stays inside `root` (see {@link firstEditOutside}). */
export async function editsStayInside(root: string, edits: readonly FileEdit[], options: BoundaryOptions = {}): Promise<boolean> {
  return (await firstEditOutside(root, edits, options)) === undefined;
}

/** A root path as spelled: segments, none empty, `.` or `..` (so not absolute either). */
function isRootPath(path: string): boolean {
  return path !== '' && !path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');
}
