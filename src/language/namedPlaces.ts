import { homedir } from 'node:os';
import { realpath } from 'node:fs/promises';
import { basename, join, relative, resolve, isAbsolute } from 'node:path';
import { nodeReaderHost } from '../reader';
import { agentMemoryContainer, type AgentMemoryScope } from '../rootLocations/agentMemory';
import { claudeConfigDir } from '../rootLocations/autoMemory';
import { nodeRootsHost } from '../rootLocations/nodeRootsHost';
import { looksLikeAutoMemory, namedFolderIndexLoad } from '../rootLocations/projectIndexLoad';
import type { RootPlace } from './rootPlaces';

/**
 * A folder someone named (`memory-shelf check ROOT`, or the folder of a file argument), relative to
 * `workspaceFolder` (the CLI's current directory). It is written only inside itself: naming a folder is
 * choosing it, links and all. Its index loads as {@link namedFolderIndexLoad} decides for every door,
 * except that a folder that really lies where Claude Code keeps auto memory (named through a link to
 * it) is that folder's entrypoint.
 */
export async function namedPlace(folder: string, workspaceFolder: string): Promise<RootPlace> {
  const absolute = resolve(workspaceFolder, folder);
  const real = await realpath(absolute).catch(() => absolute);
  const indexLoad = looksLikeAutoMemory(real) ? 'entrypoint' : await namedFolderIndexLoad(absolute, workspaceFolder, nodeRootsHost);
  return { folder: absolute, kind: 'named', exclude: [], indexLoad, writeBoundary: absolute, warnings: [], workspaceFolder };
}

/** An agent-memory folder as places: one per agent's folder in it, and whether it holds a MEMORY.md of its own. */
export interface AgentContainerPlaces {
  readonly agents: readonly RootPlace[];
  /** A MEMORY.md of the agent-memory folder itself, which no agent loads. */
  readonly hasIndex: boolean;
}

/**
 * A place that is an agent-memory folder (`.claude/agent-memory/`, named as a root, issue #39) holds
 * one root per agent, each an entrypoint as Claude Code gives it to its agent; undefined for any other
 * folder. Each agent's folder is written within the place's boundary, or only inside itself when the
 * place was named.
 */
export async function agentContainerPlaces(place: RootPlace): Promise<AgentContainerPlaces | undefined> {
  const container = await agentMemoryContainer(place.folder, nodeReaderHost);
  if (!container) return undefined;
  const scope = containerScope(place);
  const agents = container.agents.map((name): RootPlace => {
    const folder = join(place.folder, name);
    return { folder, kind: 'agent', exclude: [], indexLoad: 'entrypoint', writeBoundary: place.kind === 'named' ? folder : place.writeBoundary, warnings: [], workspaceFolder: place.workspaceFolder, agent: { name, scope } };
  });
  return { agents, hasIndex: container.hasIndex };
}

/** Whose agents' memory an agent-memory folder holds: the user's lies in Claude Code's folder. */
function containerScope(place: RootPlace): AgentMemoryScope {
  if (basename(place.folder) === 'agent-memory-local') return 'local';
  const inConfig = relative(claudeConfigDir(process.env, homedir(), place.workspaceFolder), place.folder);
  return inConfig !== '' && !inConfig.startsWith('..') && !isAbsolute(inConfig) ? 'user' : 'project';
}
