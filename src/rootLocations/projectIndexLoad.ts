import * as nodePath from 'node:path';
import { indexImporter, PROJECT_CLAUDE_FILES, type IndexLoadWay } from '../core';
import type { RootsHost } from './autoMemory';

/**
 * How Claude Code reads the index of a project's memory folder: whole when one of the project's
 * CLAUDE.md files imports it, not at all otherwise (the extension's root list decides it the same way).
 * The CLAUDE.md files are read through the host's checks (regular, small, text).
 */
export async function projectIndexLoad(projectFolder: string, memoryFolder: string, host: Pick<RootsHost, 'readTextFile'>): Promise<IndexLoadWay> {
  return (await projectIndexImporter(projectFolder, memoryFolder, host)) !== undefined ? 'imported' : 'not-loaded';
}

/** The project's CLAUDE.md that imports the memory folder's index (see {@link projectIndexLoad}), if one does. */
export async function projectIndexImporter(projectFolder: string, memoryFolder: string, host: Pick<RootsHost, 'readTextFile'>): Promise<string | undefined> {
  const relative = nodePath.relative(projectFolder, memoryFolder).split(nodePath.sep).join('/');
  if (relative.startsWith('..') || nodePath.isAbsolute(relative)) return undefined;
  const texts = new Map<string, string | undefined>();
  for (const name of PROJECT_CLAUDE_FILES) texts.set(name, await host.readTextFile(nodePath.join(projectFolder, ...name.split('/'))));
  return indexImporter(texts, relative ? `${relative}/MEMORY.md` : 'MEMORY.md');
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

/** Claude Code's auto memory folder: `<config dir>/projects/<project>/memory`. */
export function looksLikeAutoMemory(path: string): boolean {
  const parts = path.split(/[\\/]+/).filter((part) => part !== '');
  return parts.length >= 3 && parts[parts.length - 1] === 'memory' && parts[parts.length - 3] === 'projects';
}

/** A subagent's memory folder: `.claude/agent-memory/<agent>` or `.claude/agent-memory-local/<agent>`. */
export function looksLikeSubagentMemory(path: string): boolean {
  const parts = path.split(/[\\/]+/).filter((part) => part !== '');
  return parts.length >= 2 && /^agent-memory(?:-local)?$/.test(parts[parts.length - 2]);
}

/**
 * How Claude Code reads the MEMORY.md of a folder someone named (on the command line, in
 * `memoryShelf.roots`, to the language server): one answer for all three, so a folder gets the same
 * load way and budget findings wherever it is named (issue #39). Laid out as auto memory or subagent
 * memory, it is an entrypoint. Otherwise the first project holding it decides — the workspace folder (the
 * CLI's current directory), then the folder it sits in — a project being a folder with a CLAUDE.md, a
 * `.claude` folder, a git checkout or VS Code settings: imported by one of its CLAUDE.md files, the index
 * loads whole; not imported, not at all, as Claude Code treats a project's memory folder. In no project
 * (a copy of auto memory set down on its own, a folder of unknown place) nothing says, and it is held to
 * the entrypoint's limits, as the labeled real folders judge such copies.
 */
export async function namedFolderIndexLoad(memoryFolder: string, workspaceFolder: string | undefined, host: Pick<RootsHost, 'readTextFile' | 'isDirectory'>): Promise<IndexLoadWay> {
  if (looksLikeAutoMemory(memoryFolder) || looksLikeSubagentMemory(memoryFolder)) return 'entrypoint';
  const candidates: string[] = [];
  if (workspaceFolder !== undefined && isInside(workspaceFolder, memoryFolder)) candidates.push(nodePath.resolve(workspaceFolder));
  candidates.push(nodePath.dirname(nodePath.resolve(memoryFolder)));
  for (const project of candidates) if (await isProject(project, host)) return projectIndexLoad(project, memoryFolder, host);
  return 'entrypoint';
}

/** Folders and files that make a folder a project Claude Code would be started in. */
const PROJECT_MARKERS = ['.claude', '.git', '.vscode'];

async function isProject(folder: string, host: Pick<RootsHost, 'readTextFile' | 'isDirectory'>): Promise<boolean> {
  if (await hasClaudeFile(folder, host)) return true;
  for (const marker of PROJECT_MARKERS) {
    const path = nodePath.join(folder, marker);
    // A linked worktree's .git is a file.
    if ((await host.isDirectory(path)) || (marker === '.git' && (await host.readTextFile(path)) !== undefined)) return true;
  }
  return false;
}

function isInside(folder: string, path: string): boolean {
  const relative = nodePath.relative(folder, path);
  return !relative.startsWith('..') && !nodePath.isAbsolute(relative);
}
