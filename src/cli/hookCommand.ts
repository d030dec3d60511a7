import { constants } from 'node:fs';
import { existsSync } from 'node:fs';
import { mkdir, open, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { HOOK_EVENTS, HOOK_MARKER, isOurHookCommand, planInstall, planUninstall } from '../core/history/hookSettings';
import { runHook } from '../history/hook/runHook';
import { readSmallFile } from '../reader/smallFile';
import { claudeConfigDir } from '../rootLocations/autoMemory';
import { writeIfUnchanged } from './safeWrite';
import { settingsRefusal } from './settingsTarget';
import { terminalSafe } from './terminalText';

export interface HookOptions {
  readonly action: 'install' | 'uninstall' | 'run';
  readonly scope: 'project' | 'user';
  readonly dryRun: boolean;
  readonly gate: boolean;
}

export const HOOK_USAGE = `Usage: memory-shelf hook install [--project|--user] [--gate] [--dry-run]
       memory-shelf hook uninstall [--project|--user] [--dry-run]
       memory-shelf hook run [--gate]

Adds Claude Code hooks that keep every version of a memory an agent is about to change (PreToolUse on
Write, Edit, MultiEdit, NotebookEdit, Bash and PowerShell) and record what it wrote, with its session and
tool (PostToolUse), in Memory Shelf's history (see docs/cli.md, "History, review and the Claude Code hook"). Only files inside memory
folders are touched.

  --project   .claude/settings.local.json of the current folder (the default): the hook's command
              names this machine's paths, and Claude Code keeps that file out of git
  --user      settings.json in Claude Code's folder (~/.claude, or CLAUDE_CONFIG_DIR): every project
  --gate      block agent writes to approved memories and their deletion; the agent is told to write
              <name>.proposed.md with status: pending instead, which To review lists. Installed
              with onFailure: block, so a gate that cannot answer blocks the call
  --dry-run   print the change to the settings file and write nothing

Other hooks in the file are kept, in their order and formatting; uninstall removes exactly what install
added. A settings file with comments or invalid JSON is refused, unchanged. \`hook run\` is the hook
itself: it reads Claude Code's hook JSON on stdin and never fails the agent's tool call on its own error.`;

export function parseHookArgs(rest: readonly string[]): HookOptions | { readonly help: true } {
  const [action, ...flags] = rest;
  if (action === undefined || action === '--help' || action === '-h') return { help: true };
  if (action !== 'install' && action !== 'uninstall' && action !== 'run') throw new HookUsageError(`unknown hook action "${action}" (install, uninstall or run)`);
  let scope: 'project' | 'user' = 'project';
  let dryRun = false;
  let gate = false;
  for (const flag of flags) {
    if (flag === '--project') scope = 'project';
    else if (flag === '--user') scope = 'user';
    else if (flag === '--dry-run' && action !== 'run') dryRun = true;
    else if (flag === '--gate' && action !== 'uninstall') gate = true;
    else if (flag === '--help' || flag === '-h') return { help: true };
    else if (flag !== HOOK_MARKER) throw new HookUsageError(`unknown option "${flag}" for hook ${action}`);
  }
  return { action, scope, dryRun, gate };
}

export class HookUsageError extends Error {}

/** `memory-shelf hook ...`; returns the exit status. */
export async function hookCommand(options: HookOptions, cwd: string, stdin: () => Promise<string> = readStdin): Promise<number> {
  if (options.action === 'run') {
    const outcome = await runHook(await stdin(), { env: process.env, gate: options.gate });
    if (outcome.stderr) process.stderr.write(outcome.stderr);
    return outcome.exitCode;
  }
  const file = settingsFile(options.scope, cwd);
  const refusal = await settingsRefusal(file, options.scope === 'project' ? resolve(cwd) : undefined);
  if (refusal) return fail(`not changing ${file}: ${refusal}`);
  // Read as every settings file is: a regular file only, never blocking, under a cap.
  const read = await readSmallFile(file);
  if (read.kind === 'refused' || read.kind === 'error') return fail(`${file}: ${read.kind === 'error' ? read.code : `not read (${read.why})`}`);
  const before = read.kind === 'read' ? read.bytes.toString('utf8') : undefined;
  let after: string | undefined;
  if (options.action === 'install') {
    const plan = planInstall(before, hookCommandLine(options.gate));
    if (plan.kind === 'refused') return fail(`not changing ${file}: ${plan.why}`);
    if (plan.kind === 'unchanged') {
      process.stdout.write(`memory-shelf: the hook is already installed in ${terminalSafe(file)}\n`);
      return 0;
    }
    after = plan.text;
  } else {
    if (before === undefined) {
      process.stdout.write(`memory-shelf: ${terminalSafe(file)} does not exist; nothing to uninstall\n`);
      return 0;
    }
    const plan = planUninstall(before);
    if (plan.kind === 'refused') return fail(`not changing ${file}: ${plan.why}`);
    if (plan.kind === 'unchanged') {
      process.stdout.write(`memory-shelf: no Memory Shelf hook in ${terminalSafe(file)}\n`);
      return 0;
    }
    // A file install created is removed again, rather than left holding `{}`.
    after = createdByInstall(before) ? undefined : plan.text;
  }
  if (options.dryRun) {
    process.stdout.write(`memory-shelf: would ${after === undefined ? 'delete' : before === undefined ? 'create' : 'change'} ${terminalSafe(file)}\n${lineDiff(before ?? '', after ?? '')}`);
    return 0;
  }
  const problem = await writeSettings(file, before, after);
  if (problem) return fail(`${file}: ${problem}`);
  process.stdout.write(`memory-shelf: ${options.action === 'install' ? `installed the hook${options.gate ? ' (with the review gate)' : ''} in` : 'removed the hook from'} ${terminalSafe(file)}\n`);
  // Claude Code lists the local settings in .gitignore when it makes the file itself; here we made it.
  if (before === undefined && options.scope === 'project') process.stdout.write('memory-shelf: .claude/settings.local.json names paths of this machine: keep it out of git (add it to .gitignore if it is not there)\n');
  return 0;
}

/** The project's local settings (kept out of git by Claude Code) or the user's. */
export function settingsFile(scope: 'project' | 'user', cwd: string): string {
  return scope === 'project' ? join(resolve(cwd), '.claude', 'settings.local.json') : join(claudeConfigDir(process.env, homedir(), cwd), 'settings.json');
}

/**
 * The command written into the settings: the small hook bundle beside this CLI, run by this node, when
 * it is there (fast: a fraction of the CLI to load); else `memory-shelf hook run` from the PATH.
 */
export function hookCommandLine(gate: boolean): string {
  const bundle = join(__dirname, 'hook.js');
  const flags = gate ? ' --gate' : '';
  if (existsSync(bundle)) return `${shellQuote(process.execPath)} ${shellQuote(bundle)} ${HOOK_MARKER}${flags}`;
  return `memory-shelf hook run${flags}`;
}

function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:@+-]+$/.test(text) ? text : `"${text.replace(/(["\\$`])/g, '\\$1')}"`;
}

function createdByInstall(text: string): boolean {
  try {
    const hooks = (JSON.parse(text) as { hooks?: Record<string, { hooks?: { command?: unknown }[] }[]> }).hooks;
    const command = hooks?.[HOOK_EVENTS[0]]?.[0]?.hooks?.[0]?.command;
    if (typeof command !== 'string' || !isOurHookCommand(command)) return false;
    const fresh = planInstall(undefined, command);
    return fresh.kind === 'changed' && fresh.text === text;
  } catch {
    return false;
  }
}

async function writeSettings(file: string, before: string | undefined, after: string | undefined): Promise<string | undefined> {
  try {
    if (after === undefined) {
      await unlink(file);
      return undefined;
    }
    if (before === undefined) {
      await mkdir(dirname(file), { recursive: true });
      const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
      try {
        await handle.writeFile(after);
      } finally {
        await handle.close();
      }
      return undefined;
    }
    // Replaced whole through a temporary file, and only if nobody changed it since it was read.
    const reason = await writeIfUnchanged({ path: file, target: file, expected: Buffer.from(before, 'utf8'), content: Buffer.from(after, 'utf8') });
    return reason ? (reason.kind === 'failed' ? reason.code : reason.kind) : undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

/** The lines that differ, as `-`/`+` lines between the common head and tail. */
export function lineDiff(before: string, after: string): string {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const out = [`@@ line ${head + 1} @@`];
  for (const line of a.slice(head, a.length - tail)) out.push(`-${line}`);
  for (const line of b.slice(head, b.length - tail)) out.push(`+${line}`);
  return out.map((line) => terminalSafe(line)).join('\n') + '\n';
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function fail(message: string): number {
  process.stderr.write(`memory-shelf: ${terminalSafe(message)}\n`);
  return 1;
}
