import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { shellReach } from '../../core/history/bashCommand';
import { gateFailedVerdict, gateFolderVerdict, gateHistoryVerdict, gateIndexVerdict, gateSelfReviewVerdict, gateUnreadVerdict, gateVerdict, type GateTarget, type GateVerdict } from '../../core/history/gate';
import { reviewActionsIn } from '../../core/history/selfReview';
import { applyHookEdits, parseHookInput, type HookInput } from '../../core/history/hookInput';
import { removedApprovedLines } from '../../core/history/indexGate';
import { addedPoisoning, gatePoisonVerdict } from '../../core/history/poisonGate';
import { claudeConfigDir, resolveAutoMemory } from '../../rootLocations/autoMemory';
import { nodeRootsHost } from '../../rootLocations/nodeRootsHost';
import { hashBytes } from '../hash';
import { History } from '../history';
import { LOG_FILE, type RecordMeta, type RootHistory } from '../rootHistory';
import { resolveShellWord, type HookRootContext } from './hookRoots';
import { WorkCollector, type RootWork } from './hookWork';
import { listMemoryFolder, readMemory, readMemoryBytes } from './memoryFiles';
import { realish } from './realPaths';

export interface HookRunOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Installed with --gate: block agent writes to approved memories and deletions in every root. */
  readonly gate: boolean;
  readonly homeDir?: string;
  /** The history to use; by default the one the environment names. */
  readonly history?: History;
  /** Milliseconds a call may spend keeping versions of a whole folder; the rest is left to the next look. */
  readonly snapshotBudgetMs?: number;
}

/** Exit 2 with the reason on stderr is how a PreToolUse command hook blocks the call and tells Claude why. */
export interface HookOutcome {
  readonly exitCode: 0 | 2;
  readonly stderr: string;
}

const PASS: HookOutcome = { exitCode: 0, stderr: '' };
/** The hook prunes when a root's log crosses a multiple of this: about every thousand versions. */
const PRUNE_EVERY_LOG_BYTES = 256 * 1024;
/**
 * Time a call spends snapshotting a whole folder, well inside the 10 s Claude Code is given: the gate's
 * answer never waits on it (it is decided first), and what is not kept now the history sees on its next look.
 */
const SNAPSHOT_BUDGET_MS = 4000;
/** Reads at once: a process's descriptor limit is often 256 or 1,024, and node holds some itself. */
const SNAPSHOT_BATCH = 32;

/**
 * `memory-shelf hook run`: one Claude Code hook call. Before a tool changes a memory it decides (with
 * the gate on) whether the change may go ahead, from paths and approvals alone so the answer never
 * waits on the folder's size; then keeps the current versions. After, it records what the agent wrote
 * (with its session and tool). Record mode never fails the agent's call on its own error; gate mode
 * refuses a call that reaches memory when it cannot judge it.
 */
export async function runHook(stdin: string, options: HookRunOptions): Promise<HookOutcome> {
  const started = Date.now();
  let history: History | undefined;
  let reaches = false;
  let pre = false;
  try {
    history = options.history ?? History.open({ env: options.env });
    const input = parseHookInput(JSON.parse(stdin));
    if (!input) return PASS;
    pre = input.event === 'PreToolUse';
    if (pre && input.command !== undefined) {
      // Decided before anything else: it reaches no memory file, only the approvals the gate stands on.
      const actions = reviewActionsIn(input.command, input.shell);
      if (actions.length > 0 && (options.gate || (await history.roots()).some((root) => root.gate === true))) {
        const verdict = gateSelfReviewVerdict(actions);
        return { exitCode: 2, stderr: `${verdict.allow ? '' : verdict.reason}\n` };
      }
    }
    const collected = await findWork(input, options, history);
    const work = collected.work();
    reaches = work.length > 0 || collected.touchesHistory;
    if (!reaches) return PASS;
    const meta: RecordMeta = { author: pre ? 'unknown' : 'agent', source: pre ? 'hook-pre' : 'hook-post', ...(input.sessionId ? { sessionId: input.sessionId } : {}), tool: input.toolName };
    const deadline = started + (options.snapshotBudgetMs ?? SNAPSHOT_BUDGET_MS);
    if (!pre) {
      for (const item of work) {
        if (item.unread && !item.whole && item.writes.size + item.deletes.size + item.appends.size === 0) continue;
        const root = await history.root(item.folder);
        const before = await logSize(root);
        await snapshot(root, item, meta, deadline);
        const after = await logSize(root);
        if (Math.floor(before / PRUNE_EVERY_LOG_BYTES) !== Math.floor(after / PRUNE_EVERY_LOG_BYTES)) await history.prune();
      }
      return PASS;
    }
    const verdicts: GateVerdict[] = [];
    if (collected.touchesHistory && options.gate) verdicts.push(gateHistoryVerdict(history.dir));
    const roots: [RootWork, RootHistory][] = [];
    for (const item of work) {
      const root = await history.root(item.folder);
      roots.push([item, root]);
      if (options.gate || (await root.settings()).gate) verdicts.push(await gate(root, item, input));
    }
    const blocked = verdicts.filter((verdict): verdict is Extract<GateVerdict, { allow: false }> => !verdict.allow);
    // Decided: now the versions about to change are kept. A blocked call changes nothing, so no folder is copied for it.
    for (const [item, root] of roots) await snapshot(root, item, meta, blocked.length > 0 ? 0 : deadline);
    return blocked.length > 0 ? { exitCode: 2, stderr: blocked.map((verdict) => verdict.reason).join('\n\n') + '\n' } : PASS;
  } catch (error) {
    await history?.logError(`hook: ${(error as Error)?.stack ?? String(error)}`).catch(() => undefined);
    if (options.gate && pre && reaches) {
      const verdict = gateFailedVerdict();
      return { exitCode: 2, stderr: (verdict.allow ? '' : verdict.reason) + '\n' };
    }
    return PASS;
  }
}

async function findWork(input: HookInput, options: HookRunOptions, history: History): Promise<WorkCollector> {
  const home = options.homeDir ?? homedir();
  const cwd = input.cwd || options.env['CLAUDE_PROJECT_DIR'] || process.cwd();
  const projectDir = options.env['CLAUDE_PROJECT_DIR'] || cwd;
  const configDir = claudeConfigDir(options.env, home, projectDir);
  const context: HookRootContext = { configDir, projectDir, extraRoots: [] };
  const realContext: HookRootContext = { configDir: await realish(configDir), projectDir: await realish(projectDir), extraRoots: [] };
  const reach = input.command !== undefined ? shellReach(input.command, { cwd, home, env: options.env, resolve: (word, from) => resolve(from, word), dialect: input.shell }) : undefined;
  // Most shell commands change no file at all: the roots are looked up only for one that may.
  if (reach && reach.targets.length === 0 && !reach.unknown) return new WorkCollector({ context, realContext, roots: [], historyDir: history.dir });
  // autoMemoryDirectory can put the auto memory anywhere, and the history knows every root it was told
  // of (memoryShelf.roots): both count by their real paths. Reading them costs a file per root, never per memory.
  const location = await resolveAutoMemory({ workspaceFolder: projectDir, homeDir: home, env: options.env, trusted: false }, nodeRootsHost);
  const known = (await history.roots()).map((root) => root.path);
  const roots = [...new Set(await Promise.all([join(projectDir, 'memory'), location.path, ...known].map(realish)))];
  const extraContext = { ...context, extraRoots: [location.path, ...known] };
  const collector = new WorkCollector({ context: extraContext, realContext: { ...realContext, extraRoots: roots }, roots, historyDir: await realish(history.dir) });
  if (input.filePath !== undefined) {
    await collector.fileTool(resolveShellWord(input.filePath, cwd, {}, home).replace(/^\/proc\/(?:self|thread-self|[0-9]+)\/cwd(?=\/|$)/, cwd));
    return collector;
  }
  if (reach) await collector.shell(reach, cwd);
  return collector;
}

/**
 * Records the current bytes of what `item` names (a missing file as deleted, when it was known); a
 * whole folder file by file until `deadline`, so a huge folder costs the call a bounded time.
 */
async function snapshot(root: RootHistory, item: RootWork, meta: RecordMeta, deadline: number): Promise<void> {
  if (item.whole && Date.now() < deadline) {
    const listing = await listMemoryFolder(item.folder);
    const files = listing.files;
    let complete = listing.complete;
    // Read and kept a batch at a time, so the time spent is the budget's whatever the folder holds; a
    // batch's reads at once stay well under a descriptor limit, and a read that still fails is left out
    // (its file unknown this time), never recorded as deleted.
    for (let i = 0; i < files.length; i += SNAPSHOT_BATCH) {
      if (Date.now() >= deadline) {
        complete = false;
        break;
      }
      const batch = files.slice(i, i + SNAPSHOT_BATCH);
      await root.recordAll(await readKnown(item.folder, batch), meta);
    }
    // After the command, what the history held and the folder no longer does was deleted by it; only
    // said when the whole folder was listed, else a file not reached in time would count as deleted.
    if (complete && meta.source === 'hook-post') {
      const present = new Set(files);
      const gone: { path: string; bytes: undefined }[] = [];
      for (const [path, event] of await root.latest()) if (event.hash !== '' && !present.has(path)) gone.push({ path, bytes: undefined });
      await root.recordAll(gone, meta);
    }
    return;
  }
  const paths = [...new Set([...item.deletes, ...item.writes, ...item.appends])];
  if (paths.length === 0) return;
  await root.recordAll(await readKnown(item.folder, paths), meta);
}

/** The bytes of each path (undefined: gone), leaving out the ones that could not be read. */
async function readKnown(folder: string, paths: readonly string[]): Promise<{ path: string; bytes: Uint8Array | undefined }[]> {
  const reads = await Promise.all(paths.map(async (path) => ({ path, read: await readMemory(join(folder, ...path.split('/'))) })));
  return reads.flatMap(({ path, read }) => (read.kind === 'unread' ? [] : [{ path, bytes: read.kind === 'bytes' ? read.bytes : undefined }]));
}

async function gate(root: RootHistory, item: RootWork, input: HookInput): Promise<GateVerdict> {
  if (item.whole || item.unread) {
    if ((await root.approvals()).size === 0) return { allow: true };
    return item.whole ? gateFolderVerdict(item.folder) : gateUnreadVerdict(item.folder);
  }
  const targets: GateTarget[] = [];
  const shownPath = (path: string): string => join(item.folder, ...path.split('/'));
  for (const path of item.deletes) targets.push({ path, op: 'delete', approvedHash: await root.approvedHash(path), shownPath: shownPath(path) });
  for (const path of item.appends) {
    // Appending lines to the index adds entries and takes none away.
    if (path !== 'MEMORY.md') targets.push({ path, op: 'write', approvedHash: await root.approvedHash(path), shownPath: shownPath(path) });
  }
  for (const path of item.writes) {
    const poisoned = await gatePoison(shownPath(path), input);
    if (!poisoned.allow) return poisoned;
    const approvedHash = await root.approvedHash(path);
    if (path === 'MEMORY.md' && approvedHash !== undefined) {
      const verdict = await gateIndex(root, item, input, approvedHash);
      if (!verdict.allow) return verdict;
      continue;
    }
    const newHash = input.content !== undefined ? hashBytes(Buffer.from(input.content, 'utf8')) : undefined;
    targets.push({ path, op: 'write', approvedHash, shownPath: shownPath(path), ...(newHash ? { newHash } : {}) });
  }
  return gateVerdict(targets);
}

/** A file tool's write whose new text is known: blocked when it adds poisoning the file did not hold. */
async function gatePoison(shown: string, input: HookInput): Promise<GateVerdict> {
  if (input.content === undefined && input.edits === undefined) return { allow: true };
  const bytes = await readMemoryBytes(shown);
  const current = bytes ? Buffer.from(bytes).toString('utf8') : '';
  const next = input.content !== undefined ? input.content : applyHookEdits(current, input.edits ?? []);
  if (next === undefined) return { allow: true };
  return gatePoisonVerdict(shown, addedPoisoning(current, next));
}

/** MEMORY.md line by line: the new text is known for Write, Edit and MultiEdit; anything else may rewrite any line. */
async function gateIndex(root: RootHistory, item: RootWork, input: HookInput, approvedHash: string): Promise<GateVerdict> {
  const shown = join(item.folder, 'MEMORY.md');
  const approvedBytes = await root.blob(approvedHash);
  const currentBytes = await readMemoryBytes(shown);
  if (!approvedBytes) return gateVerdict([{ path: 'MEMORY.md', op: 'write', approvedHash, shownPath: shown }]);
  const approved = Buffer.from(approvedBytes).toString('utf8');
  const current = currentBytes ? Buffer.from(currentBytes).toString('utf8') : '';
  const next = input.content !== undefined ? input.content : input.edits ? applyHookEdits(current, input.edits) : undefined;
  // An Edit whose old text is not there fails on its own; with no new text known, every approved line may go.
  if (input.edits && next === undefined) return { allow: true };
  const removed = removedApprovedLines(approved, current, next ?? '');
  return removed.length === 0 ? { allow: true } : gateIndexVerdict(shown, removed);
}

async function logSize(root: RootHistory): Promise<number> {
  return stat(join(root.folder, LOG_FILE)).then((info) => info.size, () => 0);
}
