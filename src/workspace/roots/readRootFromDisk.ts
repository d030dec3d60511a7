import * as vscode from 'vscode';
import { formatText, type RootPath } from '../../core';
import { readRoot, skipMessage, type SkippedEntry } from '../../reader';
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
  readonly files: readonly DiskFile[];
  readonly skipped: readonly SkippedEntry[];
}

/**
 * The extension's reading of a memory root: the same reader as `memory-shelf check` (src/reader), over
 * `vscode.workspace.fs`, so both read and refuse the same files — hidden folders and linked folders
 * skipped, only regular files read, binary, UTF-16, invalid UTF-8 and oversized files refused with a
 * reason. `start` is '' for the whole root, or a file or folder in it (a watcher event).
 */
export async function readRootFromDisk(rootUri: vscode.Uri, start: RootPath, log: (what: string, error: unknown) => void): Promise<DiskRead> {
  try {
    const read = await readRoot(new WorkspaceFsReaderHost(rootUri), rootUri.path, start ? { start } : {});
    for (const skip of read.skipped) log(`Not read: ${vscode.Uri.joinPath(rootUri, ...skip.path.split('/')).toString()}`, formatText(skipMessage(skip.reason)));
    const files = [...read.files.values()].map((file) => ({ path: file.path, text: file.text, modifiedTime: file.stamp.mtimeMs }));
    return { files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), skipped: read.skipped };
  } catch (error) {
    log(`Could not list ${rootUri.toString()}${start ? `/${start}` : ''}`, error);
    return { files: [], skipped: [] };
  }
}
