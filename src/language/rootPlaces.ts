import { homedir } from 'node:os';
import { realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { nodeReaderHost } from '../reader';
import { discoverAgentMemory } from '../rootLocations/agentMemory';
import { claudeConfigDir, type AutoMemoryWarning } from '../rootLocations/autoMemory';
import { nodeRootsHost } from '../rootLocations/nodeRootsHost';
import { TEAM_FOLDER, teamIndexFolder } from '../rootLocations/teamMemory';
import { resolveWorkspaceRoots } from '../rootLocations/workspaceRoots';
import { namedFolderIndexLoad, projectIndexLoad } from '../rootLocations/projectIndexLoad';
import type { IndexLoadWay } from '../core';
import type { Settings } from './settings';

/** A memory folder as found: what a door needs to open a {@link RootSession} on it and to write into it. */
export interface RootPlace {
  /** Absolute path, as found (links not resolved). */
  readonly folder: string;
  readonly kind: 'auto-memory' | 'project-memory' | 'configured' | 'agent' | 'team';
  /** Globs of files in it that are not memories (a team/ folder checked as a root of its own). */
  readonly exclude: readonly string[];
  /** How Claude Code reads its MEMORY.md at session start, found as the extension's root list finds it. */
  readonly indexLoad: IndexLoadWay;
  /**
   * The folder writes into it must stay inside once links are followed: the workspace folder for a
   * project's `memory/` (a committed `memory -> elsewhere` must not send a fix elsewhere), else itself.
   */
  readonly writeBoundary: string;
  /** The settings file whose `autoMemoryDirectory` chose an auto memory folder, when one did. */
  readonly chosenBy?: string;
  /** What was ignored while locating it (an untrusted or broken settings file), as codes and files. */
  readonly warnings: readonly AutoMemoryWarning[];
}

/** Who may widen the search: the `roots` and `autoMemory.show` settings, and whether the folder's own Claude settings count. */
export interface PlaceSettings {
  readonly settings: Pick<Settings, 'roots' | 'autoMemoryShow'>;
  readonly trustClaudeSettings: boolean;
}

/**
 * The memory roots of a client's workspace folders, found by the same rules as the extension's and
 * the CLI's (src/rootLocations): each folder's `memory/` (or its checkout's), Claude Code's auto memory
 * folder for it, subagent memory, and the folders the `roots` setting names. Only folders that exist.
 * A `roots` entry counts only inside a workspace folder or Claude Code's own folder (where auto and
 * subagent memory live): the setting reaches the server from the client, which may take it from a
 * workspace's own settings, so it must not widen what the server reads beyond what the editor opened.
 * `ignored` hears of each entry left out.
 */
export async function discoverRootPlaces(workspaceFolders: readonly string[], { settings, trustClaudeSettings }: PlaceSettings, ignored: (folder: string) => void = () => undefined): Promise<RootPlace[]> {
  const allowed = await allowedPlaces(workspaceFolders);
  const places: RootPlace[] = [];
  const seen = new Set<string>();
  const add = async (found: Omit<RootPlace, 'exclude'>): Promise<void> => {
    const { folder } = found;
    if (seen.has(folder)) return;
    seen.add(folder);
    // A team/ with its own index is a root of its own, budgeted against its own index; it loads as its folder's does.
    if (await teamIndexFolder(folder)) {
      places.push({ ...found, exclude: [`${TEAM_FOLDER}/**`] });
      const team = join(folder, TEAM_FOLDER);
      if (!seen.has(team)) {
        seen.add(team);
        places.push({ folder: team, kind: 'team', exclude: [], indexLoad: found.indexLoad, writeBoundary: found.writeBoundary, warnings: [] });
      }
      return;
    }
    places.push({ ...found, exclude: [] });
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
      if (root.kind === 'auto-memory') {
        const source = root.location.source;
        const chosenBy = source === 'local-settings' || source === 'project-settings' ? root.location.sourceFile : undefined;
        await add({ folder: root.path, kind: root.kind, indexLoad, writeBoundary: root.path, warnings: root.location.warnings, ...(chosenBy !== undefined ? { chosenBy } : {}) });
      } else {
        await add({ folder: root.path, kind: root.kind, indexLoad, writeBoundary: root.kind === 'project-memory' ? workspaceFolder : root.path, warnings: [] });
      }
    }
    const agents = await discoverAgentMemory({ workspaceFolder, homeDir: homedir(), env: process.env }, nodeReaderHost);
    // A subagent's folder in the project is written only inside the project, as the CLI does; the user's own inside itself.
    for (const root of agents) if (root.exists) await add({ folder: root.path, kind: 'agent', indexLoad: root.loads ? 'entrypoint' : 'not-loaded', writeBoundary: root.scope === 'user' ? root.path : workspaceFolder, warnings: [] });
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
