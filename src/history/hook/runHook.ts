import { homedir } from 'node:os';
import { join } from 'node:path';
import { stat } from 'node:fs/promises';
import { bashTouches } from '../../core/history/bashCommand';
import { gateFolderVerdict, gateVerdict, type GateTarget, type GateVerdict } from '../../core/history/gate';
import { parseHookInput, type HookInput } from '../../core/history/hookInput';
import { claudeConfigDir, resolveAutoMemory } from '../../rootLocations/autoMemory';
import { nodeRootsHost } from '../../rootLocations/nodeRootsHost';
import { hashBytes } from '../hash';
import { History } from '../history';
import { LOG_FILE, type RecordMeta, type RootHistory } from '../rootHistory';
import { memoryRootOf, resolveShellWord, type HookRootContext, type RootHit } from './hookRoots';
import { listMemoryFiles, readMemoryBytes } from './memoryFiles';

export interface HookRunOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Installed with --gate: block agent writes to approved memories and deletions in every root. */
  readonly gate: boolean;
  readonly homeDir?: string;
  /** The history to use; by default the one the environment names. */
  readonly history?: History;
}

/** Exit 2 with the reason on stderr is how a PreToolUse command hook blocks the call and tells Claude why. */
export interface HookOutcome {
  readonly exitCode: 0 | 2;
  readonly stderr: string;
}

const PASS: HookOutcome = { exitCode: 0, stderr: '' };
/** The hook prunes when a root's log crosses a multiple of this: about every thousand versions. */
const PRUNE_EVERY_LOG_BYTES = 256 * 1024;
/** A shell command that may write or delete a file: only these are looked at further. */
const MAY_WRITE = />|\b(rm|unlink|rmdir|shred|trash|mv|sed|perl|truncate|tee|dd|cp|install|touch|ed|ex|find|git|rsync|xargs|python3?|node|bash|sh|zsh|sudo|env|tar|unzip)\b/;

/** What the command touches in one memory root. */
interface RootWork {
  readonly folder: string;
  readonly deletes: Set<string>;
  readonly writes: Set<string>;
  /** The whole folder (a glob, rm -r, git): snapshot everything. */
  whole: boolean;
  wholeDeletes: boolean;
}

/**
 * `memory-shelf hook run`: one Claude Code hook call. Before a tool changes a memory it keeps the file's
 * current version; after, what the agent wrote (with its session and tool). With the gate on it blocks
 * agent writes to approved memories and deletions. It never fails the agent's call on its own error:
 * any failure is noted in the history folder's errors.log and the call passes.
 */
export async function runHook(stdin: string, options: HookRunOptions): Promise<HookOutcome> {
  let history: History | undefined;
  try {
    history = options.history ?? History.open({ env: options.env });
    const input = parseHookInput(JSON.parse(stdin));
    if (!input) return PASS;
    const work = await findWork(input, options, history);
    if (work.length === 0) return PASS;
    const meta: RecordMeta = { author: input.event === 'PreToolUse' ? 'unknown' : 'agent', source: input.event === 'PreToolUse' ? 'hook-pre' : 'hook-post', ...(input.sessionId ? { sessionId: input.sessionId } : {}), tool: input.toolName };
    const verdicts: GateVerdict[] = [];
    for (const item of work) {
      const root = await history.root(item.folder);
      if (input.event === 'PreToolUse') {
        await snapshot(root, item, meta);
        if (options.gate || (await root.settings()).gate) verdicts.push(await gate(root, item, input));
      } else {
        const before = await logSize(root);
        await snapshot(root, item, meta);
        const after = await logSize(root);
        if (Math.floor(before / PRUNE_EVERY_LOG_BYTES) !== Math.floor(after / PRUNE_EVERY_LOG_BYTES)) await history.prune();
      }
    }
    const blocked = verdicts.filter((verdict): verdict is Extract<GateVerdict, { allow: false }> => !verdict.allow);
    return blocked.length > 0 ? { exitCode: 2, stderr: blocked.map((verdict) => verdict.reason).join('\n\n') + '\n' } : PASS;
  } catch (error) {
    await history?.logError(`hook: ${(error as Error)?.stack ?? String(error)}`).catch(() => undefined);
    return PASS;
  }
}

async function findWork(input: HookInput, options: HookRunOptions, history: History | undefined): Promise<RootWork[]> {
  const home = options.homeDir ?? homedir();
  const projectDir = options.env['CLAUDE_PROJECT_DIR'] || input.cwd || process.cwd();
  const context: { -readonly [K in keyof HookRootContext]: HookRootContext[K] } = { configDir: claudeConfigDir(options.env, home, projectDir), projectDir, extraRoots: [] };
  // autoMemoryDirectory can put the auto memory anywhere: read the settings only when the shape rules miss.
  // Roots the history already knows count too: a folder the extension was told about (memoryShelf.roots)
  // has a root.json there, and is a memory root whatever its shape.
  const withSettings = async (): Promise<void> => {
    const location = await resolveAutoMemory({ workspaceFolder: projectDir, homeDir: home, env: options.env, trusted: false }, nodeRootsHost);
    const known = history ? (await history.roots()).map((root) => root.path) : [];
    context.extraRoots = [location.path, ...known];
  };
  const byFolder = new Map<string, RootWork>();
  const workOf = (hit: RootHit): RootWork => {
    let item = byFolder.get(hit.folder);
    if (!item) byFolder.set(hit.folder, (item = { folder: hit.folder, deletes: new Set(), writes: new Set(), whole: false, wholeDeletes: false }));
    return item;
  };
  if (input.filePath !== undefined) {
    const path = resolveShellWord(input.filePath, input.cwd || projectDir, {}, home);
    let hit = memoryRootOf(path, context);
    if (!hit && /\.md$/i.test(path)) {
      await withSettings();
      hit = memoryRootOf(path, context);
    }
    if (hit?.file) workOf(hit).writes.add(hit.file);
    return [...byFolder.values()];
  }
  if (input.command === undefined) return [];
  const read = (command: string) => bashTouches(command, (word) => memoryRootOf(resolveShellWord(word, input.cwd || projectDir, options.env, home), context));
  let touch = read(input.command);
  // Most commands change no file at all: the settings (autoMemoryDirectory) are read only for one that may.
  if (touch.kind === 'none' && MAY_WRITE.test(input.command)) {
    await withSettings();
    touch = read(input.command);
  }
  if (touch.kind === 'none') return [];
  if (touch.kind === 'files') {
    for (const hit of touch.deletes) workOf(hit).deletes.add(hit.file);
    for (const hit of touch.writes) workOf(hit).writes.add(hit.file);
  } else {
    for (const folder of touch.folders) {
      const item = workOf({ folder, file: undefined });
      item.whole = true;
      item.wholeDeletes = touch.deletes;
    }
  }
  return [...byFolder.values()];
}

/** Records the current bytes of what `item` names (a missing file as deleted, when it was known). */
async function snapshot(root: RootHistory, item: RootWork, meta: RecordMeta): Promise<void> {
  if (item.whole) {
    const files = await listMemoryFiles(item.folder);
    const entries = await Promise.all(files.map(async (path) => ({ path, bytes: await readMemoryBytes(join(item.folder, path)) })));
    const present = new Set(files);
    // After the command, what the history held and the folder no longer does was deleted by it.
    if (meta.source === 'hook-post') for (const [path, event] of await root.latest()) if (event.hash !== '' && !present.has(path)) entries.push({ path, bytes: undefined });
    await root.recordAll(entries, meta);
    return;
  }
  const paths = [...new Set([...item.deletes, ...item.writes])];
  const entries = await Promise.all(paths.map(async (path) => ({ path, bytes: await readMemoryBytes(join(item.folder, ...path.split('/'))) })));
  await root.recordAll(entries, meta);
}

async function gate(root: RootHistory, item: RootWork, input: HookInput): Promise<GateVerdict> {
  if (item.whole) return item.wholeDeletes && (await root.approvals()).size > 0 ? gateFolderVerdict(item.folder) : { allow: true };
  const targets: GateTarget[] = [];
  const shownPath = (path: string): string => join(item.folder, ...path.split('/'));
  for (const path of item.deletes) targets.push({ path, op: 'delete', approvedHash: await root.approvedHash(path), shownPath: shownPath(path) });
  for (const path of item.writes) {
    const newHash = input.content !== undefined ? hashBytes(Buffer.from(input.content, 'utf8')) : undefined;
    targets.push({ path, op: 'write', approvedHash: await root.approvedHash(path), shownPath: shownPath(path), ...(newHash ? { newHash } : {}) });
  }
  return gateVerdict(targets);
}

async function logSize(root: RootHistory): Promise<number> {
  return stat(join(root.folder, LOG_FILE)).then((info) => info.size, () => 0);
}
