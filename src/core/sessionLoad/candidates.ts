import { dirname, joinPath } from './imports';
import type { DisabledReason, SessionEntry } from './types';

/** What the candidate list depends on: the machine, the environment and the folder Claude Code starts in. */
export interface CandidateInput {
  readonly folder: string;
  readonly homeDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `process.platform`: decides the managed policy file's place. */
  readonly platform: string;
  readonly pathStyle: 'posix' | 'win32';
}

/** A place Claude Code looks: one file, or a rules folder whose `*.md` files (recursively, by name) load there. */
export type CandidateSlot = SessionEntry | { readonly kind: 'rules'; readonly ruleKind: 'user-rule' | 'project-rule'; readonly folder: string; readonly disabledBy?: DisabledReason };

export interface SessionCandidates {
  readonly slots: readonly CandidateSlot[];
  /** `CLAUDE_CONFIG_DIR`, or `~/.claude`. */
  readonly configDir: string;
}

/**
 * Where Claude Code looks for instructions at session start, in its load order (memory docs, "How
 * Claude looks up memories"; earlier files are overridden by later, more specific ones):
 * 1. the managed policy CLAUDE.md (per platform; Windows moved to `C:\Program Files\ClaudeCode` when
 *    the `ProgramData` fallback was removed),
 * 2. the user's `CLAUDE.md` and `rules/` in the config folder (`CLAUDE_CONFIG_DIR` honoured everywhere
 *    since 1.0.6),
 * 3. for each folder from the outermost ancestor down to the working folder (the file-system root
 *    itself excluded): `CLAUDE.md`, `.claude/CLAUDE.md`, `.claude/rules/**.md` (0.2.x / 2.0.64),
 *    `AGENTS.md`, `CLAUDE.local.md`. An AGENTS.md loads only where none of the project's folders holds a
 *    CLAUDE.md, `.claude/CLAUDE.md` or CLAUDE.local.md (2.1.328, run: `buildSessionLoad` decides).
 * `CLAUDE_CODE_SIMPLE` (2.1.50) and `CLAUDE_CODE_SAFE_MODE` (2.1.169) turn all of them off.
 */
export function sessionCandidates(input: CandidateInput): SessionCandidates {
  const sep = input.pathStyle === 'win32' ? '\\' : '/';
  const join = (base: string, ...rest: string[]): string => joinPath(base, rest.join(sep), sep);
  const configDir = nonEmpty(input.env['CLAUDE_CONFIG_DIR']) ?? join(input.homeDir, '.claude');
  const off = disabledByEnvironment(input.env);
  const extra = off ? { disabledBy: off } : {};
  const slots: CandidateSlot[] = [];
  slots.push({ kind: 'managed', path: managedPath(input.platform), ...extra });
  slots.push({ kind: 'user', path: join(configDir, 'CLAUDE.md'), ...extra });
  slots.push({ kind: 'rules', ruleKind: 'user-rule', folder: join(configDir, 'rules'), ...extra });
  for (const folder of ancestors(join(input.folder), sep)) {
    slots.push({ kind: 'project', path: join(folder, 'CLAUDE.md'), ...extra });
    slots.push({ kind: 'project', path: join(folder, '.claude', 'CLAUDE.md'), ...extra });
    slots.push({ kind: 'rules', ruleKind: 'project-rule', folder: join(folder, '.claude', 'rules'), ...extra });
    slots.push({ kind: 'agents', path: join(folder, 'AGENTS.md'), ...extra });
    slots.push({ kind: 'local', path: join(folder, 'CLAUDE.local.md'), ...extra });
  }
  return { slots, configDir };
}

function managedPath(platform: string): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/CLAUDE.md';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode\\CLAUDE.md';
  return '/etc/claude-code/CLAUDE.md';
}

/** The folder and its ancestors, outermost first, without the file-system root. */
function ancestors(folder: string, sep: string): string[] {
  const chain: string[] = [];
  let at = folder;
  for (;;) {
    const parent = dirname(at, sep);
    if (parent === at || parent === '.') break;
    chain.push(at);
    at = parent;
  }
  return chain.reverse();
}

const FALSY = new Set(['', '0', 'false', 'no', 'off']);

function disabledByEnvironment(env: Readonly<Record<string, string | undefined>>): DisabledReason | undefined {
  for (const variable of ['CLAUDE_CODE_SIMPLE', 'CLAUDE_CODE_SAFE_MODE']) {
    const value = env[variable];
    if (value !== undefined && !FALSY.has(value.trim().toLowerCase())) return { by: 'environment', variable };
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}
