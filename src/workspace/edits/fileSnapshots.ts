import type * as vscode from 'vscode';
import { MAX_MEMORY_BYTES, readBoundedBytes } from '../boundedRead';
import type { LiveDocuments } from '../documents/liveDocuments';
import { openDocument } from '../fs';

/** One file as it stood: absent, or its text (an open editor's, else the disk's) and, from the disk, its bytes. */
export interface FileState {
  readonly uri: vscode.Uri;
  /** Null when nothing is there. */
  readonly text: string | null;
  /** The exact bytes on disk, kept to bring a deleted file back byte for byte. */
  readonly bytes: Uint8Array | undefined;
  /** Something is there that is not read (a FIFO, a device, a file over the cap): nothing to restore it from. */
  readonly unreadable?: true;
}

const decoder = new TextDecoder('utf-8');

/**
 * The state of each file now. An editor's unsaved text is the truth for what a person sees; the disk's
 * bytes are kept besides, since a file brought back must be the file that went.
 */
export async function snapshot(_documents: LiveDocuments, uris: readonly vscode.Uri[]): Promise<FileState[]> {
  return Promise.all(uris.map(async (uri): Promise<FileState> => {
    // Read as the reader reads memories: a FIFO or a device in the folder must not hang the journal.
    const read = await readBoundedBytes(uri, MAX_MEMORY_BYTES);
    if (read === null) return { uri, text: null, bytes: undefined, unreadable: true };
    const bytes = read;
    const document = openDocument(uri);
    // A clean document is a copy of the disk, which VS Code may not have reloaded yet.
    if (document?.isDirty) return { uri, text: document.getText(), bytes };
    return { uri, text: bytes === undefined ? null : decoder.decode(bytes), bytes };
  }));
}

/** Every distinct URI, in first-seen order. */
export function distinctUris(uris: Iterable<vscode.Uri>): vscode.Uri[] {
  const seen = new Map<string, vscode.Uri>();
  for (const uri of uris) if (!seen.has(uri.toString())) seen.set(uri.toString(), uri);
  return [...seen.values()];
}
