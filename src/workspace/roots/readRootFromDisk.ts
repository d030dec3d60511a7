import * as vscode from 'vscode';
import type { RootPath } from '../../core';

/** A file of a root as the disk holds it now. */
export interface DiskFile {
  readonly path: RootPath;
  /** Decoded as UTF-8, a BOM kept (core notes and skips it). */
  readonly text: string;
  readonly modifiedTime: number;
}

/** Files bigger than this are not memories anyone wrote by hand; reading them would stall the load. */
const MAX_MEMORY_FILE_BYTES = 2 * 1024 * 1024;
const READ_CONCURRENCY = 32;
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The extension's one reader of a memory root on disk: the tracked files at or under `start` ('' for
 * the whole root; a file path reads that file if it is there), sorted by path. Goes through
 * `vscode.workspace.fs`, so remote and virtual workspaces work. Hidden folders are skipped (they hold
 * tool state: .git, .obsidian) and linked folders are not followed (a link back up the tree would
 * never end; the CLI agrees). What cannot be read is left out and told to `skipped`.
 */
export async function readRootFromDisk(
  rootUri: vscode.Uri,
  start: RootPath,
  isTracked: (path: RootPath) => boolean,
  skipped: (what: string, error: unknown) => void,
): Promise<DiskFile[]> {
  const uriOf = (path: RootPath): vscode.Uri => (path ? vscode.Uri.joinPath(rootUri, ...path.split('/')) : rootUri);
  const paths: RootPath[] = [];
  const visit = async (folder: RootPath): Promise<void> => {
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(uriOf(folder));
    } catch (error) {
      skipped(`Could not list ${uriOf(folder).toString()}`, error);
      return;
    }
    const subfolders: Promise<void>[] = [];
    for (const [name, type] of entries) {
      if (name.startsWith('.')) continue;
      const path = folder ? `${folder}/${name}` : name;
      if (type & vscode.FileType.Directory) {
        if (!(type & vscode.FileType.SymbolicLink)) subfolders.push(visit(path));
      } else if (isTracked(path)) paths.push(path);
    }
    await Promise.all(subfolders);
  };

  let startType: vscode.FileType | undefined = vscode.FileType.Directory;
  if (start !== '') {
    startType = await vscode.workspace.fs.stat(uriOf(start)).then((stat) => stat.type, () => undefined);
  }
  if (startType === undefined) return [];
  if (startType & vscode.FileType.Directory) await visit(start);
  else if (isTracked(start)) paths.push(start);
  paths.sort();

  const files: DiskFile[] = [];
  for (let i = 0; i < paths.length; i += READ_CONCURRENCY) {
    const batch = await Promise.all(paths.slice(i, i + READ_CONCURRENCY).map(async (path): Promise<DiskFile | undefined> => {
      const uri = uriOf(path);
      try {
        const stat = await vscode.workspace.fs.stat(uri);
        if (stat.type & vscode.FileType.Directory) return undefined;
        if (stat.size > MAX_MEMORY_FILE_BYTES) {
          skipped(`Not read: ${uri.toString()} is larger than ${MAX_MEMORY_FILE_BYTES} bytes`, 'too large');
          return undefined;
        }
        return { path, text: decoder.decode(await vscode.workspace.fs.readFile(uri)), modifiedTime: stat.mtime };
      } catch (error) {
        skipped(`Could not read ${uri.toString()}`, error);
        return undefined;
      }
    }));
    for (const file of batch) if (file) files.push(file);
  }
  return files;
}
