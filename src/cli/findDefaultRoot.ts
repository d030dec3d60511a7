import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { resolveAutoMemory } from '../rootLocations/autoMemory';
import { nodeRootsHost } from '../rootLocations/nodeRootsHost';

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
