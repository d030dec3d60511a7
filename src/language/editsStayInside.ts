import { realpath } from 'node:fs/promises';
import * as nodePath from 'node:path';
import type { FileEdit, RootPath } from '../core';
import { pathLandsInside } from '../reader';

/** A folder or file's landing judged alone (a found root inside its write boundary): one home for the doors' boundary checks. */
export { pathLandsInside };

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

/**
 * Where a write to `target` lands once the links of the folders on its way are followed, when that is
 * inside `realFolder` (a real path) and not the folder itself; else undefined (a folder on the way is
 * missing, or leads out). A link at `target` itself is not followed: the CLI's writes open and replace
 * the entry without following it, and a caller that only writes regular files checks that after.
 */
export async function writeLanding(realFolder: string, target: string): Promise<string | undefined> {
  const parent = await realpath(nodePath.dirname(target)).catch(() => undefined);
  if (parent === undefined) return undefined;
  const landed = nodePath.join(parent, nodePath.basename(target));
  const relative = nodePath.relative(realFolder, landed);
  return relative !== '' && !relative.startsWith('..') && !nodePath.isAbsolute(relative) ? landed : undefined;
}

/** A root path as spelled: segments, none empty, `.` or `..` (so not absolute either). */
function isRootPath(path: string): boolean {
  return path !== '' && !path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');
}
