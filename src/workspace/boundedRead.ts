import * as vscode from 'vscode';
import { MAX_MEMORY_BYTES } from '../reader/rootReader';
import { MAX_SMALL_FILE_BYTES, readSmallFile } from '../reader/smallFile';

/** For a file the root reader would read as a memory (a MEMORY.md may be larger than a settings file). */
export { MAX_MEMORY_BYTES };

const decoder = new TextDecoder('utf-8');

/**
 * A file's text read the way the reader reads memories: a regular file only, without blocking, at most
 * `maxBytes`. `undefined` when nothing is there, `null` when something is there that is not read (a
 * folder, FIFO, device, a file over the cap, an error). Every file Memory Shelf reads outside the root
 * reader (CLAUDE.md, a file an edit is checked against) comes through here: `CLAUDE.md -> /dev/zero`
 * in a cloned repository must cost nothing.
 */
export async function readBoundedText(uri: vscode.Uri, maxBytes = MAX_SMALL_FILE_BYTES): Promise<string | undefined | null> {
  if (uri.scheme === 'file') {
    const result = await readSmallFile(uri.fsPath, maxBytes);
    if (result.kind === 'missing') return undefined;
    return result.kind === 'read' ? decoder.decode(result.bytes) : null;
  }
  const stat = await vscode.workspace.fs.stat(uri).then((found) => found, () => undefined);
  if (!stat) return undefined;
  if (!(stat.type & vscode.FileType.File) || stat.size > maxBytes) return null;
  try {
    const bytes = await vscode.workspace.fs.readFile(uri);
    return bytes.length > maxBytes ? null : decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** A file's bytes read as {@link readBoundedText} reads its text: `undefined` when absent, `null` when not read. */
export async function readBoundedBytes(uri: vscode.Uri, maxBytes = MAX_SMALL_FILE_BYTES): Promise<Uint8Array | undefined | null> {
  if (uri.scheme === 'file') {
    const result = await readSmallFile(uri.fsPath, maxBytes);
    if (result.kind === 'missing') return undefined;
    return result.kind === 'read' ? result.bytes : null;
  }
  const stat = await vscode.workspace.fs.stat(uri).then((found) => found, () => undefined);
  if (!stat) return undefined;
  if (!(stat.type & vscode.FileType.File) || stat.size > maxBytes) return null;
  try {
    const bytes = await vscode.workspace.fs.readFile(uri);
    return bytes.length > maxBytes ? null : bytes;
  } catch {
    return null;
  }
}
