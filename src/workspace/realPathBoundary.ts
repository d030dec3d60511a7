import { realpath, stat } from 'node:fs/promises';
import { pathLandsInside } from '../reader/realLocation';
import * as vscode from 'vscode';

/**
 * Whether writing (creating, renaming to, editing) `target` lands inside `container`'s real path
 * ({@link pathLandsInside}: a link on the way, or one leading nowhere, that leads out is refused).
 * Remote and virtual workspaces, where links cannot be resolved: any link on the way leaves.
 */
export async function landsInside(container: vscode.Uri, target: vscode.Uri): Promise<boolean> {
  if (container.scheme === 'file' && target.scheme === 'file') return pathLandsInside(container.fsPath, target.fsPath);
  for (let uri = target; uri.path.length > container.path.length; uri = vscode.Uri.joinPath(uri, '..')) {
    const stat = await vscode.workspace.fs.stat(uri).then((found) => found, () => undefined);
    if (stat && stat.type & vscode.FileType.SymbolicLink) return false;
  }
  return true;
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
