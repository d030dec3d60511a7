import { join } from 'node:path';
import { INDEX_FILE_NAME } from '../core';
import { nodeReaderHost } from '../reader';

/** Claude Code's team memory folder inside a memory folder (dream team-memory prompt, 2.1.98). */
export const TEAM_FOLDER = 'team';

/**
 * Whether `root`'s team/ keeps an index of its own (`team/MEMORY.md`, the team index pointer prompt of
 * 2.1.173): then its memories are listed and budgeted there, not in the private MEMORY.md. Team
 * memories indexed by `team/file.md` lines of the private index (the combined layout) stay in the
 * private root. Only a regular file counts, as the reader would read it.
 */
export async function teamIndexFolder(root: string): Promise<boolean> {
  // A linked team/ is not followed, as the reader does not follow linked folders inside a root.
  const inRoot = await nodeReaderHost.readDirectory(root).catch(() => []);
  if (!inRoot.some((entry) => entry.name === TEAM_FOLDER && entry.kind === 'directory')) return false;
  const entries = await nodeReaderHost.readDirectory(join(root, TEAM_FOLDER)).catch(() => []);
  return entries.some((entry) => entry.name === INDEX_FILE_NAME && entry.kind === 'file');
}
