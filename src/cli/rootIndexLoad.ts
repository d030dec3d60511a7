import type { IndexLoadWay } from '../core';
import { nodeRootsHost } from '../rootLocations/nodeRootsHost';
import { namedFolderIndexLoad } from '../rootLocations/projectIndexLoad';

/**
 * How Claude Code reads the MEMORY.md of a folder named on the command line, for the budget rule: as
 * the extension and the language server decide it for a folder in `memoryShelf.roots`, with the current
 * directory as the workspace folder (see `namedFolderIndexLoad`).
 */
export async function namedRootIndexLoad(folder: string, looksAuto: boolean, cwd: string): Promise<IndexLoadWay> {
  if (looksAuto) return 'entrypoint';
  return namedFolderIndexLoad(folder, cwd, nodeRootsHost);
}
