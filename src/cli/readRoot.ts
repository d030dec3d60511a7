import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { INDEX_FILE_NAME, isMemoryPath, type RootPath } from '../core';

/** A file the checker did not read, and why: never a crash. */
export interface SkippedFile {
  readonly path: RootPath;
  readonly reason: string;
}

export interface RootFiles {
  readonly files: Map<RootPath, { text: string; mtimeMs: number }>;
  readonly skipped: SkippedFile[];
}

/** Memory files are a few hundred bytes; anything this big was not written as one. */
const MAX_BYTES = 2 * 1024 * 1024;
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Reads every memory file and MEMORY.md under `root`, as the extension does (hidden folders skipped). */
export async function readRoot(root: string): Promise<RootFiles> {
  const files = new Map<RootPath, { text: string; mtimeMs: number }>();
  const skipped: SkippedFile[] = [];
  const visit = async (folder: RootPath): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(root, folder), { withFileTypes: true });
    } catch (error) {
      if (folder === '') throw error;
      skipped.push({ path: folder, reason: `folder not readable (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      const tracked = isMemoryPath(path) || path === INDEX_FILE_NAME;
      if (entry.isDirectory()) await visit(path);
      else if (entry.isFile() && tracked) await readOne(root, path, files, skipped);
      else if (entry.isSymbolicLink()) await followLink(root, path, tracked, files, skipped);
    }
  };
  await visit('');
  return { files, skipped };
}

/**
 * A linked memory file is read like any other (the extension reads it too); a linked folder is not
 * followed, since a link back up the tree would never end.
 */
async function followLink(root: string, path: RootPath, tracked: boolean, files: RootFiles['files'], skipped: SkippedFile[]): Promise<void> {
  let target;
  try {
    target = await stat(join(root, path));
  } catch {
    if (tracked) skipped.push({ path, reason: 'symbolic link to nothing' });
    return;
  }
  if (target.isDirectory()) skipped.push({ path, reason: 'symbolic link to a folder (not followed)' });
  else if (tracked) await readOne(root, path, files, skipped);
}

async function readOne(root: string, path: RootPath, files: RootFiles['files'], skipped: SkippedFile[]): Promise<void> {
  const full = join(root, path);
  try {
    const info = await stat(full);
    if (info.size > MAX_BYTES) {
      skipped.push({ path, reason: `too large to be a memory (${info.size} bytes)` });
      return;
    }
    const bytes = await readFile(full);
    if (bytes.subarray(0, 8192).includes(0)) {
      skipped.push({ path, reason: 'binary file' });
      return;
    }
    files.set(path, { text: decoder.decode(bytes), mtimeMs: info.mtimeMs });
  } catch (error) {
    const reason = error instanceof TypeError ? 'not valid UTF-8' : `not readable (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    skipped.push({ path, reason });
  }
}
