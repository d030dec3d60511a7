import { homedir } from 'node:os';
import { realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { nodeReaderHost } from '../reader';
import { discoverAgentMemory } from '../rootLocations/agentMemory';
import { claudeConfigDir } from '../rootLocations/autoMemory';
import { nodeRootsHost } from '../rootLocations/nodeRootsHost';
import { TEAM_FOLDER, teamIndexFolder } from '../rootLocations/teamMemory';
import { resolveWorkspaceRoots } from '../rootLocations/workspaceRoots';
import { namedFolderIndexLoad, projectIndexLoad } from '../rootLocations/projectIndexLoad';
import type { IndexLoadWay } from '../core';
import type { ServerSettings } from './settings';

/** A memory folder the server serves. */
export interface RootPlace {
  /** Absolute path, as found (links not resolved). */
  readonly folder: string;
  readonly kind: 'auto-memory' | 'project-memory' | 'configured' | 'agent' | 'team';
  /** Globs of files in it that are not memories (a team/ folder checked as a root of its own). */
  readonly exclude: readonly string[];
  /** How Claude Code reads its MEMORY.md at session start, found as the extension's root list finds it. */
  readonly indexLoad: IndexLoadWay;
}

/**
 * The memory roots of the editor's workspace folders, found by the same rules as the extension's and
 * the CLI's (src/rootLocations): each folder's `memory/` (or its checkout's), Claude Code's auto memory
 * folder for it, subagent memory, and the folders the `roots` setting names. Only folders that exist.
 * A `roots` entry counts only inside a workspace folder or Claude Code's own folder (where auto and
 * subagent memory live): the setting reaches the server from the client, which may take it from a
 * workspace's own settings, so it must not widen what the server reads beyond what the editor opened.
 * `ignored` hears of each entry left out.
 */
export async function discoverRoots(workspaceFolders: readonly string[], { settings, trustClaudeSettings }: ServerSettings, ignored: (folder: string) => void = () => undefined): Promise<RootPlace[]> {
  const allowed = await allowedPlaces(workspaceFolders);
  const places: RootPlace[] = [];
  const seen = new Set<string>();
  const add = async (folder: string, kind: RootPlace['kind'], indexLoad: IndexLoadWay): Promise<void> => {
    if (seen.has(folder)) return;
    seen.add(folder);
    // A team/ with its own index is a root of its own, budgeted against its own index; it loads as its folder's does.
    if (await teamIndexFolder(folder)) {
      places.push({ folder, kind, exclude: [`${TEAM_FOLDER}/**`], indexLoad });
      const team = join(folder, TEAM_FOLDER);
      if (!seen.has(team)) {
        seen.add(team);
        places.push({ folder: team, kind: 'team', exclude: [], indexLoad });
      }
      return;
    }
    places.push({ folder, kind, exclude: [], indexLoad });
  };
  for (const workspaceFolder of workspaceFolders) {
    const found = await resolveWorkspaceRoots(
      { workspaceFolder, homeDir: homedir(), env: process.env, trusted: trustClaudeSettings, configuredRoots: settings.roots, showAutoMemory: settings.autoMemoryShow },
      nodeRootsHost,
    );
    for (const root of found) {
      if (!root.exists) continue;
      if (root.kind === 'configured' && !(await isInsideAny(root.path, allowed))) {
        ignored(root.path);
        continue;
      }
      const indexLoad = root.kind === 'auto-memory' ? (root.location.reason ? 'not-loaded' : 'entrypoint') : root.kind === 'configured' ? await namedFolderIndexLoad(root.path, workspaceFolder, nodeRootsHost) : await projectIndexLoad(workspaceFolder, root.path, nodeRootsHost);
      await add(root.path, root.kind, indexLoad);
    }
    const agents = await discoverAgentMemory({ workspaceFolder, homeDir: homedir(), env: process.env }, nodeReaderHost);
    for (const root of agents) if (root.exists) await add(root.path, 'agent', root.loads ? 'entrypoint' : 'not-loaded');
  }
  return places;
}

/** The real paths a configured root may lie in: the workspace folders and Claude Code's config folder. */
async function allowedPlaces(workspaceFolders: readonly string[]): Promise<string[]> {
  const places = [...workspaceFolders, claudeConfigDir(process.env, homedir(), workspaceFolders[0] ?? process.cwd())];
  const real = await Promise.all(places.map((place) => realpath(place).catch(() => undefined)));
  return real.filter((place): place is string => place !== undefined);
}

async function isInsideAny(folder: string, places: readonly string[]): Promise<boolean> {
  const real = await realpath(folder).catch(() => undefined);
  return real !== undefined && places.some((place) => real === place || real.startsWith(place.endsWith(sep) ? place : place + sep));
}
