import * as nodePath from 'node:path';
import { indexImporter, PROJECT_CLAUDE_FILES, type IndexLoadWay } from '../core';
import type { RootsHost } from './autoMemory';

/**
 * How Claude Code reads the index of a project's memory folder: whole when one of the project's
 * CLAUDE.md files imports it, not at all otherwise (the extension's root list decides it the same way).
 * The CLAUDE.md files are read through the host's checks (regular, small, text).
 */
export async function projectIndexLoad(projectFolder: string, memoryFolder: string, host: Pick<RootsHost, 'readTextFile'>): Promise<IndexLoadWay> {
  const relative = nodePath.relative(projectFolder, memoryFolder).split(nodePath.sep).join('/');
  if (relative.startsWith('..') || nodePath.isAbsolute(relative)) return 'not-loaded';
  const texts = new Map<string, string | undefined>();
  for (const name of PROJECT_CLAUDE_FILES) texts.set(name, await host.readTextFile(nodePath.join(projectFolder, ...name.split('/'))));
  return indexImporter(texts, relative ? `${relative}/MEMORY.md` : 'MEMORY.md') ? 'imported' : 'not-loaded';
}

/**
 * Whether a folder holds any of the project files that could import a memory index: a folder named on
 * the command line beside one is taken for that project's memory folder; elsewhere (a copy, a folder
 * of unknown place) nothing says how it loads, and it is held to the entrypoint's limits.
 */
export async function hasClaudeFile(folder: string, host: Pick<RootsHost, 'readTextFile'>): Promise<boolean> {
  for (const name of PROJECT_CLAUDE_FILES) if ((await host.readTextFile(nodePath.join(folder, ...name.split('/')))) !== undefined) return true;
  return false;
}
