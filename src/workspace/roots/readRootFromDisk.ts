import * as vscode from 'vscode';
import { formatText, type RootPath } from '../../core';
import { skipMessage, streamRoot, type SkippedEntry } from '../../reader';
import { WorkspaceFsReaderHost } from '../../reader/workspaceFsHost';

/** A file of a root as the disk holds it now. */
export interface DiskFile {
  readonly path: RootPath;
  /** Decoded as UTF-8, a BOM kept (core notes and skips it). */
  readonly text: string;
  readonly modifiedTime: number;
}

/** What one read of a root (or of a path in it) found: the files, and what it could not read, with why. */
export interface DiskRead {
  /** In path order. */
  readonly files: readonly DiskFile[];
  readonly skipped: readonly SkippedEntry[];
  /** Why the folder read could not be listed at all (its error's code or message); then `files` is empty. */
  readonly listError?: string;
}

/** {@link streamRootFromDisk}, with the files gathered. */
export async function readRootFromDisk(rootUri: vscode.Uri, start: RootPath, log: (what: string, error: unknown) => void): Promise<DiskRead> {
  const files: DiskFile[] = [];
  const read = await streamRootFromDisk(rootUri, start, log, (file) => void files.push(file));
  return { files, ...read };
}

/**
 * The extension's reading of a memory root: the same reader as `memory-shelf check` (src/reader), over
 * `vscode.workspace.fs`, so both read and refuse the same files — hidden folders and linked folders
 * skipped, only regular files read, binary, UTF-16, invalid UTF-8 and oversized files refused with a
 * reason. `start` is '' for the whole root, or a file or folder in it (a watcher event). Each file is
 * handed to `onFile` as it is read, in path order; resolves with what was refused once every file was.
 * A root that cannot be listed is logged and reads as empty, with why in `listError`.
 */
export async function streamRootFromDisk(rootUri: vscode.Uri, start: RootPath, log: (what: string, error: unknown) => void, onFile: (file: DiskFile) => void): Promise<Omit<DiskRead, 'files'>> {
  // A caller's failure is its own, thrown once the read ends, never taken for a root that cannot be listed.
  let failure: { readonly error: unknown } | undefined;
  // Once the walk has failed its other reads may still finish: nothing reaches a store shown meanwhile.
  let walkFailed = false;
  const deliver = (file: DiskFile): void => {
    if (failure || walkFailed) return;
    try {
      onFile(file);
    } catch (error) {
      failure = { error };
    }
  };
  let read;
  try {
    read = await streamRoot(new WorkspaceFsReaderHost(rootUri), rootUri.path, (file) => deliver({ path: file.path, text: file.text, modifiedTime: file.stamp.mtimeMs }), start ? { start } : {});
  } catch (error) {
    walkFailed = true;
    log(`Could not list ${rootUri.toString()}${start ? `/${start}` : ''}`, error);
    return { skipped: [], listError: errorText(error) };
  }
  if (failure) throw failure.error;
  for (const skip of read.skipped) log(`Not read: ${vscode.Uri.joinPath(rootUri, ...skip.path.split('/')).toString()}`, formatText(skipMessage(skip.reason)));
  return { skipped: read.skipped };
}

/** A file system error as a person can look it up: its code (`EACCES`, `NoPermissions`), else its message. */
function errorText(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && code !== '' && code !== 'Unknown') return code;
  return error instanceof Error ? error.message : String(error);
}
