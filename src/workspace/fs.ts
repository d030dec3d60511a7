import { realpath } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** Whether anything (file, folder or link, even a dangling one) is at `uri`, through `workspace.fs` so remote workspaces work. */
export async function uriExists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(() => true, () => false);
}

/**
 * Whether writing at `target` stays inside `container`, links followed: the nearest existing folder
 * on the way to `target` must resolve inside `container`. Where links cannot be resolved (a remote
 * or virtual workspace), any link on the way counts as leaving.
 */
export async function writeStaysInside(container: vscode.Uri, target: vscode.Uri): Promise<boolean> {
  if (container.scheme === 'file' && target.scheme === 'file') {
    const root = await realpath(container.fsPath).catch(() => undefined);
    if (!root) return false;
    let existing = target.fsPath;
    for (;;) {
      const resolved = await realpath(existing).catch(() => undefined);
      if (resolved) return resolved === root || resolved.startsWith(root + path.sep);
      const parent = path.dirname(existing);
      if (parent === existing) return false;
      existing = parent;
    }
  }
  for (let uri = target; uri.path.length > container.path.length; uri = vscode.Uri.joinPath(uri, '..')) {
    const stat = await vscode.workspace.fs.stat(uri).then((found) => found, () => undefined);
    if (stat && stat.type & vscode.FileType.SymbolicLink) return false;
  }
  return true;
}
