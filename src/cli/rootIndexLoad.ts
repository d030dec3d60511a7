import { dirname } from 'node:path';
import type { IndexLoadWay } from '../core';
import { nodeRootsHost } from '../rootLocations/nodeRootsHost';
import { hasClaudeFile, projectIndexLoad } from '../rootLocations/projectIndexLoad';

/**
 * How Claude Code reads the MEMORY.md of a folder named on the command line, for the budget rule:
 * laid out as auto memory, it is an entrypoint; beside a project's CLAUDE.md, it is that project's
 * memory folder, loaded whole if a CLAUDE.md imports it and not at all if none does. Anywhere else
 * (a copy, a folder of unknown place) nothing says, and it is held to the entrypoint's limits, as
 * the check always held every folder.
 */
export async function namedRootIndexLoad(folder: string, looksAuto: boolean): Promise<IndexLoadWay> {
  if (looksAuto) return 'entrypoint';
  const project = dirname(folder);
  if (!(await hasClaudeFile(project, nodeRootsHost))) return 'entrypoint';
  return projectIndexLoad(project, folder, nodeRootsHost);
}
