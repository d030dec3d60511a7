import { homedir } from 'node:os';
import { realpath } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import { nodeReaderHost } from '../reader';
import { readSmallFile } from '../reader/smallFile';
import { discoverAgentMemory, type AgentMemoryRoot, type AgentMemoryScope } from '../rootLocations/agentMemory';
import { claudeConfigDir, resolveAutoMemory, type AutoMemoryLocation, type AutoMemoryWarning, type RootsHost } from '../rootLocations/autoMemory';
import { nodeRootsHost } from '../rootLocations/nodeRootsHost';
import { TEAM_FOLDER, teamIndexFolder } from '../rootLocations/teamMemory';
import { resolveWorkspaceRoots } from '../rootLocations/workspaceRoots';
import { namedFolderIndexLoad, projectIndexImporter } from '../rootLocations/projectIndexLoad';
import { PROJECT_CLAUDE_FILES, type IndexLoadWay } from '../core';
import type { Settings } from './settings';

/** A memory folder as found: what a door needs to open a {@link RootSession} on it and to write into it. */
export interface RootPlace {
  /** Absolute path, as found (links not resolved). */
  readonly folder: string;
  /** `named`: a folder named on the command line (a file argument's folder too), taken as it is laid out. */
  readonly kind: 'auto-memory' | 'project-memory' | 'configured' | 'named' | 'agent' | 'team';
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
  /** The workspace folder (the CLI's current directory) it was found for. */
  readonly workspaceFolder: string;
  /** Why Claude Code does not use this auto memory folder, when it does not. */
  readonly notUsedBecause?: AutoMemoryLocation['reason'];
  /** The project's CLAUDE.md whose import loads its index (a project's or a configured folder's). */
  readonly importedBy?: string;
  /** The `roots` setting's entry, as written, that named it. */
  readonly setting?: string;
  /** A subagent's folder: the agent's folder name and whose memory it is. */
  readonly agent?: { readonly name: string; readonly scope: AgentMemoryScope };
  /** A team/ folder with an index of its own: the place it lies in. */
  readonly teamOf?: RootPlace;
}

/** Who may widen the search: the `roots` and `autoMemory.show` settings, and whether the folder's own Claude settings count. */
export interface PlaceSettings {
  readonly settings: Pick<Settings, 'roots' | 'autoMemoryShow'>;
  readonly trustClaudeSettings: boolean;
  /**
   * Whether a `roots` entry must lie inside a workspace folder or Claude Code's folder (the default): the
   * language server takes the setting from its client. The extension shows every folder VS Code's own
   * settings name.
   */
  readonly confineConfigured?: boolean;
  /**
   * Hears once of each project CLAUDE.md that is there but was not read (a folder, a FIFO, a device, too
   * large): whether it imports an index is then unknown, and the person should be able to find out why.
   */
  readonly claudeFileNotRead?: (file: string) => void;
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
export async function discoverRootPlaces(workspaceFolders: readonly string[], { settings, trustClaudeSettings, confineConfigured = true, claudeFileNotRead }: PlaceSettings, ignored: (folder: string) => void = () => undefined): Promise<RootPlace[]> {
  const host = claudeFileNotRead ? reportingHost(claudeFileNotRead) : nodeRootsHost;
  const allowed = confineConfigured ? await allowedPlaces(workspaceFolders) : undefined;
  const places: RootPlace[] = [];
  const seen = new Set<string>();
  const add = async (found: Omit<RootPlace, 'exclude'>): Promise<void> => {
    if (seen.has(found.folder)) return;
    for (const place of await withTeamPlace({ ...found, exclude: [] })) {
      if (seen.has(place.folder)) continue;
      seen.add(place.folder);
      places.push(place);
    }
  };
  for (const workspaceFolder of workspaceFolders) {
    const found = await resolveWorkspaceRoots(
      { workspaceFolder, homeDir: homedir(), env: process.env, trusted: trustClaudeSettings, configuredRoots: settings.roots, showAutoMemory: settings.autoMemoryShow },
      host,
    );
    for (const root of found) {
      if (!root.exists) continue;
      if (root.kind === 'configured' && allowed !== undefined && !(await isInsideAny(root.path, allowed))) {
        ignored(root.path);
        continue;
      }
      if (root.kind === 'auto-memory') {
        await add(autoPlace(root.location, workspaceFolder));
      } else if (root.kind === 'project-memory') {
        await add(await projectPlace(root.path, workspaceFolder, host));
      } else {
        const importedBy = await projectIndexImporter(workspaceFolder, root.path, host);
        const indexLoad = await namedFolderIndexLoad(root.path, workspaceFolder, host);
        await add({ folder: root.path, kind: 'configured', indexLoad, writeBoundary: root.path, warnings: [], workspaceFolder, setting: root.setting, ...(importedBy !== undefined ? { importedBy } : {}) });
      }
    }
    const agents = await discoverAgentMemory({ workspaceFolder, homeDir: homedir(), env: process.env }, nodeReaderHost);
    for (const root of agents) if (root.exists) await add(agentPlace(root, workspaceFolder));
  }
  return places;
}

/** What `memory-shelf check` and `review` check when no folder is named, and the settings files they did not honour. */
export interface CheckPlaces {
  /** The project's `memory/` or else Claude Code's auto memory folder, then the project's subagent folders. */
  readonly places: readonly RootPlace[];
  /** Settings files in the checked folder whose `autoMemoryDirectory` was ignored (not trusted). */
  readonly ignored: readonly string[];
}

/**
 * The roots of the CLI's current directory when none is named: `./memory` if it is a folder (Markdown
 * in it or not), else Claude Code's auto memory folder for the directory; then the project's subagent
 * memory (committed with it, so it belongs in CI beside `./memory`). The folder's own
 * `.claude/settings*.json` are the repository's files (a clone can commit either), so their
 * `autoMemoryDirectory` counts only with `trustClaudeSettings`: else a cloned repository could point
 * the checker, and `--fix`, at any folder. The user's own subagent memory belongs to no repository and
 * is left to the editor. Teams are not split here: the CLI splits every folder it checks, named or found.
 * With `agents: false` only the first place is looked for.
 */
export async function discoverCheckPlaces(cwd: string, trustClaudeSettings: boolean, { agents = true }: { readonly agents?: boolean } = {}): Promise<CheckPlaces> {
  const places: RootPlace[] = [];
  let ignored: string[] = [];
  const memory = join(cwd, 'memory');
  if (await nodeRootsHost.isDirectory(memory)) places.push({ ...(await projectPlace(memory, cwd)), exclude: [] });
  else {
    const location = await resolveAutoMemory({ workspaceFolder: cwd, homeDir: homedir(), env: process.env, trusted: trustClaudeSettings }, nodeRootsHost);
    ignored = location.warnings.filter((warning) => warning.code === 'directory-untrusted' && warning.file !== undefined).map((warning) => warning.file!);
    if (location.exists) places.push({ ...autoPlace(location, cwd), exclude: [] });
  }
  if (agents) {
    const found = await discoverAgentMemory({ workspaceFolder: cwd, homeDir: homedir(), env: process.env }, nodeReaderHost, ['project', 'local']);
    for (const root of found) if (root.exists) places.push({ ...agentPlace(root, cwd), exclude: [] });
  }
  return { places, ignored };
}

/**
 * The place, and its `team/` as a place of its own when the team keeps an index of its own (Claude Code
 * 2.1.173): then the team's memories are listed and budgeted there, so the place leaves them out. The team
 * loads as its folder does and is written within its folder's boundary, or only inside itself when the
 * folder was named (as the folder is: see `namedPlace`).
 */
export async function withTeamPlace(place: RootPlace): Promise<RootPlace[]> {
  if (!(await teamIndexFolder(place.folder))) return [place];
  const parent: RootPlace = { ...place, exclude: [...place.exclude, `${TEAM_FOLDER}/**`] };
  const folder = join(place.folder, TEAM_FOLDER);
  const writeBoundary = place.kind === 'named' ? folder : place.writeBoundary;
  return [parent, { folder, kind: 'team', exclude: [], indexLoad: place.indexLoad, writeBoundary, warnings: [], workspaceFolder: place.workspaceFolder, teamOf: parent }];
}

/** Claude Code's auto memory folder: written only inside itself. */
function autoPlace(location: AutoMemoryLocation, workspaceFolder: string): Omit<RootPlace, 'exclude'> {
  const source = location.source;
  const chosenBy = source === 'local-settings' || source === 'project-settings' ? location.sourceFile : undefined;
  return {
    folder: location.path,
    kind: 'auto-memory',
    indexLoad: location.reason ? 'not-loaded' : 'entrypoint',
    writeBoundary: location.path,
    warnings: location.warnings,
    workspaceFolder,
    ...(location.reason ? { notUsedBecause: location.reason } : {}),
    ...(chosenBy !== undefined ? { chosenBy } : {}),
  };
}

/**
 * A `memory/` folder deeper in a workspace folder (the extension finds them with VS Code's file search),
 * as a place with its team/ split off: a project's memory folder like the top one.
 */
export async function nestedProjectPlaces(folder: string, workspaceFolder: string, { claudeFileNotRead }: Pick<PlaceSettings, 'claudeFileNotRead'> = {}): Promise<RootPlace[]> {
  const host = claudeFileNotRead ? reportingHost(claudeFileNotRead) : nodeRootsHost;
  return withTeamPlace({ ...(await projectPlace(folder, workspaceFolder, host)), exclude: [] });
}

/** A project's `memory/`: read wherever a link takes it, written only inside the project. */
async function projectPlace(folder: string, workspaceFolder: string, host: RootsHost = nodeRootsHost): Promise<Omit<RootPlace, 'exclude'>> {
  const importedBy = await projectIndexImporter(workspaceFolder, folder, host);
  return { folder, kind: 'project-memory', indexLoad: importedBy !== undefined ? 'imported' : 'not-loaded', writeBoundary: workspaceFolder, warnings: [], workspaceFolder, ...(importedBy !== undefined ? { importedBy } : {}) };
}

/** A subagent's folder in the project is written only inside the project; the user's own inside itself. */
function agentPlace(root: AgentMemoryRoot, workspaceFolder: string): Omit<RootPlace, 'exclude'> {
  return { folder: root.path, kind: 'agent', indexLoad: root.loads ? 'entrypoint' : 'not-loaded', writeBoundary: root.scope === 'user' ? root.path : workspaceFolder, warnings: [], workspaceFolder, agent: { name: root.agent, scope: root.scope } };
}

/** The real paths a configured root may lie in: the workspace folders and Claude Code's config folder. */
async function allowedPlaces(workspaceFolders: readonly string[]): Promise<string[]> {
  const places = [...workspaceFolders, claudeConfigDir(process.env, homedir(), workspaceFolders[0] ?? process.cwd())];
  const real = await Promise.all(places.map((place) => realpath(place).catch(() => undefined)));
  return real.filter((place): place is string => place !== undefined);
}

/** The node host, telling `notRead` of each project CLAUDE.md it declined to read. */
function reportingHost(notRead: (file: string) => void): RootsHost {
  // One discovery reads a CLAUDE.md for each place it may load (the project's memory/, each roots entry): told once.
  const told = new Set<string>();
  return {
    ...nodeRootsHost,
    async readTextFile(path) {
      const result = await readSmallFile(path);
      if (result.kind === 'read') return result.bytes.toString('utf8');
      if (result.kind !== 'missing' && CLAUDE_FILE_NAMES.has(basename(path)) && !told.has(path)) {
        told.add(path);
        notRead(path);
      }
      return undefined;
    },
  };
}

const CLAUDE_FILE_NAMES = new Set(PROJECT_CLAUDE_FILES.map((name) => name.slice(name.lastIndexOf('/') + 1)));

async function isInsideAny(folder: string, places: readonly string[]): Promise<boolean> {
  const real = await realpath(folder).catch(() => undefined);
  return real !== undefined && places.some((place) => real === place || real.startsWith(place.endsWith(sep) ? place : place + sep));
}
