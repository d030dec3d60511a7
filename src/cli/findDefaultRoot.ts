import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';
import { nodeReaderHost } from '../reader';
import { discoverAgentMemory } from '../roots/agentMemory';
import { resolveAutoMemory } from '../roots/autoMemory';
import { nodeRootsHost } from '../roots/nodeRootsHost';

/** The root checked when none is named, and the folder `--fix` must not write outside of. */
export interface DefaultRoot {
  readonly root: string;
  readonly writeBoundary?: string;
}

/**
 * With no ROOT: `./memory` if it exists, else Claude Code's auto memory folder of the current
 * directory. The project's own `.claude/settings.json` is not trusted here: a cloned repository must
 * not be able to point the checker (and `--fix`) at a folder outside it; for the same reason
 * `./memory` may be read wherever a link takes it, but written only inside the project.
 */
export async function findDefaultRoot(cwd: string): Promise<DefaultRoot | undefined> {
  if (await isDirectory(join(cwd, 'memory'))) return { root: 'memory', writeBoundary: cwd };
  const location = await resolveAutoMemory({ workspaceFolder: cwd, homeDir: homedir(), env: process.env, trusted: false }, nodeRootsHost);
  return location.exists ? { root: location.path } : undefined;
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
  return found.filter((root) => root.exists).map((root) => ({ root: relative(cwd, root.path), writeBoundary: cwd }));
}
