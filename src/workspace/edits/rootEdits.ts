import * as vscode from 'vscode';
import type { FileEdit, RootPath } from '../../core';

/**
 * Core edits of one root, with the root they are relative to. An edit that spans roots (a memory
 * promoted from the auto memory into the project's `memory/`) is a list of these.
 */
export interface RootEdits {
  readonly root: vscode.Uri;
  readonly edits: readonly FileEdit[];
  /** Files of the root that leave it (archived): each moves to a place outside every root, its bytes kept. */
  readonly movesOut?: readonly MoveOut[];
}

/** A file of a root moved out of it; `to` is outside the root (the archive in the extension's storage). */
export interface MoveOut {
  readonly path: RootPath;
  readonly to: vscode.Uri;
}

/** The file's URI, refusing (as a programming error) any path that would not stay inside the root. */
export function safeUri(root: vscode.Uri, path: RootPath): vscode.Uri {
  if (path === '' || path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`Refusing to write outside the memory folder: ${path}`);
  }
  const uri = vscode.Uri.joinPath(root, ...path.split('/'));
  const base = root.path.endsWith('/') ? root.path : `${root.path}/`;
  if (uri.scheme !== root.scheme || uri.authority !== root.authority || uri.path !== base + path) {
    throw new Error(`Refusing to write outside the memory folder: ${path}`);
  }
  return uri;
}
