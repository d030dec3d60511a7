import * as nodePath from 'node:path';
import { parseMemoryFile } from '../core';
import type { ReaderHost } from '../reader';
import { claudeConfigDir } from './autoMemory';
import { decodeText } from '../reader/decodeText';

/**
 * Subagent memory (Claude Code 2.1.33: the `memory` frontmatter field of an agent definition, scope
 * `user`, `project` or `local`). An agent whose definition says `memory: <scope>` keeps its own folder,
 * whose MEMORY.md (its first 200 lines) reaches the subagent:
 * - `user`: `<config dir>/agent-memory/<agent>/` (the config dir is CLAUDE_CONFIG_DIR or `~/.claude`);
 * - `project`: `.claude/agent-memory/<agent>/`, committed with the project;
 * - `local`: `.claude/agent-memory-local/<agent>/`, kept out of git.
 * Definitions live in `.claude/agents/*.md` (project, winning a name clash) and
 * `<config dir>/agents/*.md` (user). Every file is read through the reader's host, so only a regular
 * file under the size cap is read, and a link is never followed into a folder.
 */
export type AgentMemoryScope = 'user' | 'project' | 'local';

export const AGENT_MEMORY_SCOPES: readonly AgentMemoryScope[] = ['user', 'project', 'local'];

/** An agent definition file, as far as memory is concerned. */
export interface AgentDefinition {
  /** The agent's `name`, its type. */
  readonly name: string;
  readonly file: string;
  /** Where the definition lives: the project's `.claude/agents/` or the user's. */
  readonly definedIn: 'project' | 'user';
  /** The `memory` field, when it names a scope. */
  readonly memory: AgentMemoryScope | undefined;
}

/** A subagent memory folder. */
export interface AgentMemoryRoot {
  readonly path: string;
  readonly scope: AgentMemoryScope;
  /** The folder's name: the agent type with `:` (a plugin namespace) written as `-`. */
  readonly agent: string;
  readonly exists: boolean;
  /** The definition Claude Code uses for this agent, if one is found. */
  readonly definition: AgentDefinition | undefined;
  /** Whether Claude Code gives this folder's MEMORY.md to the agent: its definition asks for this scope. */
  readonly loads: boolean;
}

export interface AgentMemoryInput {
  /** Claude Code's working directory: the workspace folder, or the CLI's current directory. */
  readonly workspaceFolder: string;
  readonly homeDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly pathStyle?: 'posix' | 'win32';
}

/** Agent definitions are a page or two of Markdown; anything larger is not read. */
export const MAX_AGENT_DEFINITION_BYTES = 256 * 1024;

/** The scopes' folders, for one workspace folder. */
export function agentMemoryBases(input: AgentMemoryInput): Record<AgentMemoryScope, string> {
  const path = pathOf(input);
  return {
    user: path.join(configDir(input), 'agent-memory'),
    project: path.join(input.workspaceFolder, '.claude', 'agent-memory'),
    local: path.join(input.workspaceFolder, '.claude', 'agent-memory-local'),
  };
}

/** Claude Code's directory name for an agent type: a plugin's `plugin:agent` cannot be a folder name on Windows. */
export function agentFolderName(agentType: string): string {
  return agentType.replace(/:/g, '-');
}

/** The agent definitions of the project and the user, the project's first. */
export async function findAgentDefinitions(input: AgentMemoryInput, host: ReaderHost): Promise<AgentDefinition[]> {
  const path = pathOf(input);
  const definitions: AgentDefinition[] = [];
  const places: [string, AgentDefinition['definedIn']][] = [
    [path.join(input.workspaceFolder, '.claude', 'agents'), 'project'],
    [path.join(configDir(input), 'agents'), 'user'],
  ];
  for (const [folder, definedIn] of places) {
    for (const entry of await listEntries(host, folder)) {
      if (entry.kind !== 'file' || !entry.name.toLowerCase().endsWith('.md') || entry.name.startsWith('.')) continue;
      const file = path.join(folder, entry.name);
      const definition = await readDefinition(host, file, definedIn);
      if (definition) definitions.push(definition);
    }
  }
  return definitions;
}

/**
 * The subagent memory folders of `scopes`: every folder that exists under a scope's base, and every
 * folder a definition asks for, existing or not. Each says which agent it belongs to and whether
 * Claude Code gives it to that agent (a folder left from an agent whose definition no longer asks for
 * this scope is still shown, as not loaded).
 */
export async function discoverAgentMemory(
  input: AgentMemoryInput,
  host: ReaderHost,
  scopes: readonly AgentMemoryScope[] = AGENT_MEMORY_SCOPES,
): Promise<AgentMemoryRoot[]> {
  const path = pathOf(input);
  const definitions = await findAgentDefinitions(input, host);
  // The project's definition wins over the user's of the same name.
  const effective = new Map<string, AgentDefinition>();
  for (const definition of definitions) {
    const folder = agentFolderName(definition.name);
    if (!effective.has(folder)) effective.set(folder, definition);
  }
  const bases = agentMemoryBases(input);
  const roots: AgentMemoryRoot[] = [];
  for (const scope of scopes) {
    const agents = new Map<string, boolean>();
    for (const entry of await listEntries(host, bases[scope])) {
      if (entry.kind === 'directory' && !entry.name.startsWith('.')) agents.set(entry.name, true);
    }
    for (const [folder, definition] of effective) if (definition.memory === scope && !agents.has(folder)) agents.set(folder, false);
    for (const [agent, exists] of [...agents].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const definition = effective.get(agent);
      roots.push({ path: path.join(bases[scope], agent), scope, agent, exists, definition, loads: definition?.memory === scope });
    }
  }
  return roots;
}

async function readDefinition(host: ReaderHost, file: string, definedIn: AgentDefinition['definedIn']): Promise<AgentDefinition | undefined> {
  const read = await host.readRegularFile(file, { maxBytes: MAX_AGENT_DEFINITION_BYTES, prefixWhenLarger: false });
  if (read.kind !== 'read') return undefined;
  const decoded = decodeText(read.bytes);
  if (!('text' in decoded)) return undefined;
  const data = parseMemoryFile('agent.md', decoded.text).frontmatter.data;
  if (typeof data.name !== 'string' || data.name.trim() === '') return undefined;
  const memory = typeof data.memory === 'string' && (AGENT_MEMORY_SCOPES as readonly string[]).includes(data.memory) ? data.memory as AgentMemoryScope : undefined;
  return { name: data.name.trim(), file, definedIn, memory };
}

async function listEntries(host: ReaderHost, folder: string): Promise<readonly { name: string; kind: string; nameNotUtf8?: true }[]> {
  try {
    return (await host.readDirectory(folder)).filter((entry) => !entry.nameNotUtf8);
  } catch {
    return [];
  }
}

function configDir(input: AgentMemoryInput): string {
  // The one place that reads CLAUDE_CONFIG_DIR, as for auto memory.
  return claudeConfigDir(input.env, input.homeDir, input.workspaceFolder);
}

function pathOf(input: AgentMemoryInput): nodePath.PlatformPath {
  const style = input.pathStyle ?? (/^[A-Za-z]:[\\/]|^\\\\/.test(input.workspaceFolder) ? 'win32' : 'posix');
  return style === 'win32' ? nodePath.win32 : nodePath.posix;
}

/** An agent-memory folder itself (`.claude/agent-memory/`): the agents' folders in it, and whether it holds a MEMORY.md of its own. */
export interface AgentMemoryContainer {
  readonly agents: readonly string[];
  readonly hasIndex: boolean;
}

/**
 * The folder as the agent-memory folder of a scope (named `agent-memory` or `agent-memory-local`, holding
 * agents' folders), or undefined: a folder named so but holding no folder is an ordinary root.
 */
export async function agentMemoryContainer(folder: string, host: ReaderHost): Promise<AgentMemoryContainer | undefined> {
  if (!/^agent-memory(?:-local)?$/.test(nodePath.basename(folder))) return undefined;
  const entries = await listEntries(host, folder);
  const agents = entries.filter((entry) => entry.kind === 'directory' && !entry.name.startsWith('.')).map((entry) => entry.name).sort();
  if (agents.length === 0) return undefined;
  return { agents, hasIndex: entries.some((entry) => entry.kind === 'file' && entry.name === 'MEMORY.md') };
}
