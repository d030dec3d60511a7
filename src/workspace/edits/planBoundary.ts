import type * as vscode from 'vscode';
import { firstEditOutside } from '../../language/editsStayInside';
import { landsInside } from '../realPathBoundary';
import { safeUri, type RootEdits } from './rootEdits';

/**
 * The first file of `changes` that would be written outside its root's real path, or undefined. Every
 * file created and every rename's names are judged (an index line `[x](notes/CLAUDE.md)` with
 * `notes -> ~/.claude` in the root must not create `~/.claude/CLAUDE.md`); with `edits`, every edited
 * file too (a CLAUDE.md that is a link out of the project). Deleting removes a link, not its target.
 */
export async function firstWriteOutside(changes: readonly RootEdits[], options: { readonly edits?: boolean } = {}): Promise<vscode.Uri | undefined> {
  for (const { root, edits } of changes) {
    if (root.scheme === 'file') {
      const outside = await firstEditOutside(root.fsPath, edits, { edits: options.edits === true });
      if (outside !== undefined) return safeUri(root, outside);
      continue;
    }
    // A remote or virtual workspace, where links cannot be resolved: any link on the way leaves.
    for (const edit of edits) {
      const targets = edit.kind === 'create' ? [edit.path] : edit.kind === 'rename' ? [edit.newPath] : edit.kind === 'edit' && options.edits ? [edit.path] : [];
      for (const target of targets) {
        const uri = safeUri(root, target);
        if (!(await landsInside(root, uri))) return uri;
      }
    }
  }
  return undefined;
}
