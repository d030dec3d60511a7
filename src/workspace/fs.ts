import * as vscode from 'vscode';
import { MAX_SMALL_FILE_BYTES } from '../reader/smallFile';
import { readBoundedText } from './boundedRead';

// The few ways the extension looks at a file outside the root reader (a CLAUDE.md, a template, a file an
// edit is checked against), in one place: through `workspace.fs`, so remote workspaces work.


/** Whether anything (file, folder or link, even a dangling one) is at `uri`. */
export async function uriExists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(() => true, () => false);
}

/** The open document at `uri`, saved or not; undefined when VS Code holds none. */
export function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === key);
}

/** The text of an open document with unsaved changes, or undefined: while an editor holds it, it wins over the disk. */
export function unsavedText(uri: vscode.Uri): string | undefined {
  const document = openDocument(uri);
  return document?.isDirty ? document.getText() : undefined;
}

/**
 * The file's text on disk, UTF-8 without BOM; undefined when nothing is there, null when something is
 * there that is not read (a folder, FIFO, device, a file over `maxBytes`, a read error; `onError` hears
 * of it). Read as the reader reads memories (regular file only, without blocking, capped): a
 * `CLAUDE.md -> /dev/zero` in a cloned repository must cost nothing.
 */
export async function readDiskText(uri: vscode.Uri, onError?: (error: unknown) => void, maxBytes?: number): Promise<string | undefined | null> {
  const text = await readBoundedText(uri, maxBytes);
  if (text === null) onError?.(new Error(`${uri.toString()} is not a regular file of at most ${maxBytes ?? MAX_SMALL_FILE_BYTES} bytes`));
  return text;
}

/** The file's text as an editor shows it: an open document's, else the disk's (see {@link readDiskText}). */
export async function readText(uri: vscode.Uri, onError?: (error: unknown) => void, maxBytes?: number): Promise<string | undefined | null> {
  const document = openDocument(uri);
  return document ? document.getText() : readDiskText(uri, onError, maxBytes);
}

