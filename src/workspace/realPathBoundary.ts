import { lstat, realpath, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { writeStaysInside } from './fs';

/**
 * Where a write really lands, for a repository whose folders and files may be symbolic links: the
 * applier's text checks of a path (no `..`) do not see `memory/notes -> ~/.claude`.
 */

function isInside(root: string, real: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * Whether writing (creating, renaming to, editing) `target` lands inside `container`'s real path: the
 * nearest existing entry on the way to `target` is resolved, and must resolve. A dangling link counts
 * as leaving (a file created "at" it would be made wherever it points). Remote and virtual workspaces,
 * where links cannot be resolved, keep {@link writeStaysInside}'s rule: any link on the way leaves.
 */
export async function landsInside(container: vscode.Uri, target: vscode.Uri): Promise<boolean> {
  if (container.scheme !== 'file' || target.scheme !== 'file') return writeStaysInside(container, target);
  // The container itself may not exist yet (a new `memory/`): it is judged the same way.
  const root = await realLocation(container.fsPath);
  const real = await realLocation(target.fsPath);
  return root !== undefined && real !== undefined && isInside(root, real);
}

/**
 * Where `p` is or would be once links are followed: the real path of its nearest existing entry, with
 * the part that does not exist yet (no links in it) joined on. `undefined` when that entry is a link
 * leading nowhere.
 */
async function realLocation(p: string): Promise<string | undefined> {
  const missing: string[] = [];
  let existing = p;
  for (;;) {
    if (await lstat(existing).then(() => true, () => false)) {
      const real = await realpath(existing).catch(() => undefined);
      return real === undefined ? undefined : path.join(real, ...missing.reverse());
    }
    const parent = path.dirname(existing);
    if (parent === existing) return undefined;
    missing.push(path.basename(existing));
    existing = parent;
  }
}

/** Why a rule file may not be written: `outside` the folder once links are followed, or `not-a-file` (a folder, FIFO, device). */
export type RuleFileRefusal = 'outside' | 'not-a-file';

/**
 * A file Memory Shelf appends to that is no memory (a project's CLAUDE.md): its real path, if it is a
 * regular file (or nothing yet) inside `container`'s real path; else why not. `CLAUDE.md -> AGENTS.md`
 * is fine; `CLAUDE.md -> ../../.bashrc` is not.
 */
export async function realFileInside(container: vscode.Uri, target: vscode.Uri): Promise<{ real: string } | { refused: RuleFileRefusal }> {
  if (!(await landsInside(container, target))) return { refused: 'outside' };
  if (target.scheme !== 'file') return { real: target.fsPath };
  const info = await stat(target.fsPath).catch(() => undefined);
  if (info && !info.isFile()) return { refused: 'not-a-file' };
  const real = info ? await realpath(target.fsPath).catch(() => undefined) : target.fsPath;
  return real === undefined ? { refused: 'outside' } : { real };
}
