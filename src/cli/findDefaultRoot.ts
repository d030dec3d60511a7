import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { nodeReaderHost } from '../reader';
import { discoverAgentMemory } from '../rootLocations/agentMemory';
import { resolveAutoMemory } from '../rootLocations/autoMemory';
import { nodeRootsHost } from '../rootLocations/nodeRootsHost';
import { projectIndexLoad } from '../rootLocations/projectIndexLoad';
import type { IndexLoadWay } from '../core';

/** The root checked when none is named, and the folder `--fix` must not write outside of. */
export interface DefaultRoot {
  readonly root: string;
  readonly writeBoundary: string;
  /** The settings file whose `autoMemoryDirectory` chose the root, when one did. */
  readonly chosenBy?: string;
  /** Claude Code's auto memory folder: the only kind whose index Claude Code may generate. */
  readonly auto?: true;
  /** How Claude Code reads its MEMORY.md at session start, as the extension's root list says it. */
  readonly indexLoad: IndexLoadWay;
}

/**
 * Whether a folder named on the command line is laid out as an auto memory folder
 * (`<config dir>/projects/<project>/memory`), the only kind whose index Claude Code may generate.
 */
export { looksLikeAutoMemory } from '../rootLocations/projectIndexLoad';

/** What {@link findDefaultRoot} found, and the settings files it did not honour. */
export interface DefaultRootSearch {
  readonly found: DefaultRoot | undefined;
  /** Settings files in the checked folder whose `autoMemoryDirectory` was ignored (no --trust-claude-settings). */
  readonly ignored: readonly string[];
}

/**
 * With no ROOT: `./memory` if it exists, else Claude Code's auto memory folder of the current
 * directory. The folder's own `.claude/settings.json` and `.claude/settings.local.json` are the
 * repository's files (a clone can commit either), so their `autoMemoryDirectory` counts only with
 * `trustClaudeSettings`: else a cloned repository could point the checker, and `--fix`, at any folder.
 * Every root found here gets a write boundary: `./memory` may be read wherever a link takes it but
 * written only inside the project; the auto memory folder only inside itself.
 */
export async function findDefaultRoot(cwd: string, trustClaudeSettings = false): Promise<DefaultRootSearch> {
  if (await isDirectory(join(cwd, 'memory'))) return { found: { root: 'memory', writeBoundary: cwd, indexLoad: await projectIndexLoad(cwd, join(cwd, 'memory'), nodeRootsHost) }, ignored: [] };
  const location = await resolveAutoMemory({ workspaceFolder: cwd, homeDir: homedir(), env: process.env, trusted: trustClaudeSettings }, nodeRootsHost);
  const ignored = location.warnings.filter((warning) => warning.code === 'directory-untrusted' && warning.file !== undefined).map((warning) => warning.file!);
  if (!location.exists) return { found: undefined, ignored };
  const chosenBy = location.source === 'local-settings' || location.source === 'project-settings' ? location.sourceFile : undefined;
  return { found: { root: location.path, writeBoundary: location.path, auto: true, indexLoad: location.reason ? 'not-loaded' : 'entrypoint', ...(chosenBy !== undefined ? { chosenBy } : {}) }, ignored };
}

export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The project's subagent memory folders (`.claude/agent-memory/<agent>/`, committed, and
 * `.claude/agent-memory-local/<agent>/`), as paths relative to `cwd`; written only inside the project.
 * The user's own (`~/.claude/agent-memory/`) belong to no repository and are left to the extension.
 */
export async function findSubagentRoots(cwd: string): Promise<DefaultRoot[]> {
  const found = await discoverAgentMemory({ workspaceFolder: cwd, homeDir: homedir(), env: process.env }, nodeReaderHost, ['project', 'local']);
  return found.filter((root) => root.exists).map((root) => ({ root: relative(cwd, root.path), writeBoundary: cwd, indexLoad: root.loads ? 'entrypoint' : 'not-loaded' }));
}
