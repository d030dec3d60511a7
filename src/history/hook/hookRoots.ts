import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Where the hook looks for memory roots; all absolute. */
export interface HookRootContext {
  /** Claude Code's config folder (CLAUDE_CONFIG_DIR or ~/.claude). */
  readonly configDir: string;
  /** The project (CLAUDE_PROJECT_DIR, else the hook input's cwd). */
  readonly projectDir: string;
  /** Claude Code's auto memory folder of the project when it is elsewhere (autoMemoryDirectory). */
  readonly extraRoots: readonly string[];
}

/** A memory root a path lies in, and the path inside it (`/`-separated; undefined for the root itself or a non-memory file). */
export interface RootHit {
  readonly folder: string;
  readonly file: string | undefined;
}

/**
 * The memory root `path` lies in: the auto memory folder of any project
 * (`<config>/projects/<project>/memory`), the project's `memory/` folder, subagent memory
 * (`<config>/agent-memory/<agent>`, `<project>/.claude/agent-memory[-local]/<agent>`) or an extra root.
 * The same folders the extension and the CLI find, matched by shape so the hook stays fast.
 */
export function memoryRootOf(path: string, context: HookRootContext): RootHit | undefined {
  const absolute = resolve(path);
  const candidates: string[] = [...context.extraRoots, join(context.projectDir, 'memory')];
  const inConfig = below(absolute, context.configDir);
  if (inConfig && inConfig[0] === 'projects' && inConfig[2] === 'memory') candidates.push(join(context.configDir, 'projects', inConfig[1], 'memory'));
  if (inConfig && inConfig[0] === 'agent-memory' && inConfig.length >= 2) candidates.push(join(context.configDir, 'agent-memory', inConfig[1]));
  const inProject = below(absolute, join(context.projectDir, '.claude'));
  if (inProject && (inProject[0] === 'agent-memory' || inProject[0] === 'agent-memory-local') && inProject.length >= 2) candidates.push(join(context.projectDir, '.claude', inProject[0], inProject[1]));
  // The innermost root wins: an extra root inside a project's memory/ is its own.
  let best: RootHit | undefined;
  let bestLength = -1;
  for (const folder of candidates) {
    const parts = below(absolute, folder);
    if (!parts || folder.length <= bestLength) continue;
    bestLength = folder.length;
    const file = parts.join('/');
    best = { folder, file: isMemoryFile(parts) ? file : undefined };
  }
  return best;
}

/** A Markdown file not inside a hidden folder: what a memory root tracks. */
export function isMemoryFile(parts: readonly string[]): boolean {
  if (parts.length === 0) return false;
  if (parts.slice(0, -1).some((part) => part.startsWith('.'))) return false;
  const name = parts[parts.length - 1];
  return /\.md$/i.test(name) && !name.startsWith('.');
}

/** The segments of `path` below `folder`, or undefined when it is not inside it ([] for the folder itself). */
export function below(path: string, folder: string): string[] | undefined {
  const rel = relative(folder, path);
  if (rel === '') return [];
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split(sep);
}

/** Expands `~`, `$HOME`, `${HOME}`, `$CLAUDE_PROJECT_DIR` at the start of a shell word and resolves it against `cwd`. */
export function resolveShellWord(word: string, cwd: string, env: Readonly<Record<string, string | undefined>>, home: string): string {
  let expanded = word;
  if (expanded === '~' || expanded.startsWith('~/')) expanded = home + expanded.slice(1);
  expanded = expanded.replace(/^\$\{?(HOME|CLAUDE_PROJECT_DIR)\}?/, (_all, name: string) => (name === 'HOME' ? home : env[name] ?? cwd));
  return resolve(cwd, expanded);
}

export { basename, dirname };
