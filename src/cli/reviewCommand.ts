import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { applyTextEdits, parseMemoryIndex, planIndexLine } from '../core';
import { isHistoryPath, type HistoryEvent } from '../core/history/historyEvent';
import { trustedApprovals } from '../core/history/approvalSeal';
import { indexLineChanges } from '../core/history/indexGate';
import { pendingChanges, previousVersion, type PendingChange } from '../core/history/pending';
import { hashBytes, History, type RootHistory } from '../history';
import { listMemoryFolder, readMemory } from '../history/hook/memoryFiles';
import { checkArgument, isDirectory } from './findDefaultRoot';
import { discoverCheckPlaces } from '../language/rootPlaces';
import { pathLandsInside } from '../language/editsStayInside';
import { createMemory, removeMemory, replaceMemory } from './memoryWrites';
import { terminalSafe } from './terminalText';

export interface ReviewOptions {
  readonly root: string | undefined;
  readonly format: 'text' | 'json';
  readonly action:
    | { readonly kind: 'list' }
    | { readonly kind: 'approve'; readonly path?: string; readonly all?: boolean; readonly session?: string }
    | { readonly kind: 'reject'; readonly path: string }
    | { readonly kind: 'restore'; readonly path: string; readonly version?: string };
}

export class ReviewUsageError extends Error {}

export const REVIEW_USAGE = `Usage: memory-shelf review [ROOT] [--format text|json]
       memory-shelf review [ROOT] --approve PATH | --approve --all | --approve --session ID
       memory-shelf review [ROOT] --reject PATH
       memory-shelf review [ROOT] --restore PATH [--version HASH]

Lists the memories that differ from what a person last approved: changed, created, or deleted, with
who made the change (agent or person), the Claude Code session and tool when the hook recorded it.
With no ROOT: ./memory if it exists, else Claude Code's auto memory folder of the current directory.

  --approve PATH      approve the memory as it is now (a deletion: accept it)
  --approve --all     approve everything listed; --session ID: everything that session changed
  --reject PATH       undo the change: an edit goes back to the approved version, a created file is
                      removed, a deleted memory comes back with its MEMORY.md line
  --restore PATH      bring back the version before the current one, or --version HASH (a prefix will do)
  --format json       one JSON object instead of text

Approvals and versions live in Memory Shelf's history, shared with the VS Code extension and the hook.
Writes land only inside the root, and never over a file changed since it was read.
Exit status: 0 done, 1 something could not be done, 2 usage error or no root.`;

export function parseReviewArgs(rest: readonly string[]): ReviewOptions | { readonly help: true } {
  let root: string | undefined;
  let format: 'text' | 'json' = 'text';
  let action: ReviewOptions['action'] = { kind: 'list' };
  let version: string | undefined;
  const take = (i: number, flag: string): string => {
    const value = rest[i];
    if (value === undefined || value.startsWith('--')) throw new ReviewUsageError(`${flag} needs a value`);
    return value;
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    switch (arg) {
      case '--help':
      case '-h':
        return { help: true };
      case '--json':
        format = 'json';
        break;
      case '--format': {
        const value = take(++i, arg);
        if (value !== 'text' && value !== 'json') throw new ReviewUsageError(`--format must be text or json, not "${value}"`);
        format = value;
        break;
      }
      case '--approve': {
        const next = rest[i + 1];
        if (next === '--all') {
          i++;
          action = { kind: 'approve', all: true };
        } else if (next === '--session') {
          i += 2;
          action = { kind: 'approve', session: take(i, '--session') };
        } else action = { kind: 'approve', path: take(++i, arg) };
        break;
      }
      case '--all':
        action = { kind: 'approve', all: true };
        break;
      case '--session':
        action = { kind: 'approve', session: take(++i, arg) };
        break;
      case '--reject':
        action = { kind: 'reject', path: take(++i, arg) };
        break;
      case '--restore':
        action = { kind: 'restore', path: take(++i, arg) };
        break;
      case '--version':
        version = take(++i, arg);
        break;
      default:
        if (arg.startsWith('-')) throw new ReviewUsageError(`unknown option "${arg}"`);
        if (root !== undefined) throw new ReviewUsageError('review takes one ROOT');
        root = arg;
    }
  }
  if (version !== undefined) {
    if (action.kind !== 'restore') throw new ReviewUsageError('--version goes with --restore');
    action = { ...action, version };
  }
  for (const path of 'path' in action && action.path !== undefined ? [action.path] : []) {
    if (!isHistoryPath(path.replace(/\\/g, '/'))) throw new ReviewUsageError(`"${path}" is not a path inside the root (like team/a.md)`);
  }
  return { root, format, action };
}

interface Printed {
  readonly path: string;
  readonly kind: string;
  readonly author?: string;
  readonly sessionId?: string;
  readonly tool?: string;
  readonly time?: string;
  /** For MEMORY.md: the index lines added and taken away since the approved version. */
  readonly lines?: { readonly added: readonly string[]; readonly removed: readonly string[] };
  /** Its approval record was added or altered by something other than Memory Shelf: not counted as approved. */
  readonly approvalChangedOutside?: true;
}

/** `memory-shelf review`; returns the exit status. */
export async function reviewCommand(options: ReviewOptions, cwd: string): Promise<number> {
  const place = options.root === undefined ? (await discoverCheckPlaces(cwd, false, { agents: false })).places[0] : undefined;
  const found = place && { root: checkArgument(place, cwd), writeBoundary: place.writeBoundary };
  const rootPath = options.root !== undefined ? resolve(cwd, options.root) : found?.root;
  if (rootPath === undefined || !(await isDirectory(resolve(cwd, rootPath)))) {
    process.stderr.write(`memory-shelf: ${options.root === undefined ? 'no memory folder here (./memory or Claude Code\'s auto memory); name one: memory-shelf review ROOT' : `${terminalSafe(options.root)}: not a readable folder`}\n`);
    return 2;
  }
  // A folder found rather than named stays inside the boundary `check --fix` keeps: a committed
  // `memory -> ../../.claude` would otherwise be listed, copied into the history and written to.
  if (found) {
    if (!(await pathLandsInside(resolve(cwd, found.writeBoundary), resolve(cwd, rootPath)))) {
      const real = await realpath(resolve(cwd, rootPath)).catch(() => undefined);
      process.stderr.write(`memory-shelf: ${terminalSafe(found.root)} leads outside the project (to ${terminalSafe(real ?? '?')}); not reviewing it. Name the folder if you mean it: memory-shelf review ROOT\n`);
      return 2;
    }
  }
  const history = History.open();
  const root = await history.root(resolve(cwd, rootPath));
  const state = await readState(root);
  const action = options.action;
  if (action.kind === 'list') return print(options, root, state, await Promise.all(state.pending.map(async (change) => ({ ...(await withIndexLines(root, state, change)), ...(state.changedOutside.has(change.path) ? { approvalChangedOutside: true as const } : {}) }))));

  const done: Printed[] = [];
  const failed: { path: string; why: string }[] = [];
  const targets = action.kind === 'approve' && action.path === undefined
    ? state.pending.filter((change) => action.all || (action.session !== undefined && change.event?.sessionId === action.session))
    : state.pending.filter((change) => change.path === normal(action.path!));
  if (action.kind === 'approve') {
    if (targets.length === 0 && action.path !== undefined) failed.push({ path: action.path, why: 'nothing waits for review there' });
    const versions: { path: string; bytes: Uint8Array }[] = [];
    const approvals: { path: string; hash: string; bytes?: Uint8Array }[] = [];
    for (const change of targets) {
      if (change.kind === 'deleted') approvals.push({ path: change.path, hash: '' });
      else {
        const bytes = state.bytes.get(change.path);
        if (!bytes) {
          failed.push({ path: change.path, why: 'unreadable' });
          continue;
        }
        versions.push({ path: change.path, bytes });
        approvals.push({ path: change.path, hash: hashBytes(bytes), bytes });
      }
      done.push({ ...printed(change), kind: `approved ${change.kind}` });
    }
    // `--all` on a root never approved lists every memory: one batch each, not a write per memory.
    if (versions.length > 0) await root.recordAll(versions, { author: 'unknown', source: 'cli' });
    await root.approveAll(approvals);
    // The first approval settles how this root started, as the extension's first-run question does.
    if (!(await root.settings()).mode && done.length > 0) await root.updateSettings({ mode: 'from-now' });
  } else if (action.kind === 'reject') {
    const change = targets[0];
    if (!change) failed.push({ path: action.path, why: 'nothing waits for review there' });
    else {
      const why = await reject(root, state, change);
      if (why) failed.push({ path: change.path, why });
      else done.push({ ...printed(change), kind: `rejected ${change.kind}` });
    }
  } else {
    const path = normal(action.path);
    const why = await restore(root, state, path, action.version);
    if (why) failed.push({ path, why });
    else done.push({ path, kind: 'restored' });
  }
  await history.prune().catch(() => undefined);
  if (options.format === 'json') process.stdout.write(JSON.stringify({ root: root.rootPath, done, failed }, undefined, 2) + '\n');
  else {
    for (const item of done) process.stdout.write(`${item.kind.padEnd(18)} ${terminalSafe(item.path)}\n`);
    for (const item of failed) process.stderr.write(`memory-shelf: ${terminalSafe(item.path)}: not done (${terminalSafe(item.why)})\n`);
  }
  return failed.length > 0 ? 1 : 0;
}

interface RootState {
  readonly pending: PendingChange[];
  readonly bytes: Map<string, Uint8Array>;
  readonly approvals: Map<string, string>;
  readonly neverApproved: boolean;
  /** Paths whose approval record changed outside Memory Shelf; they wait as if never approved. */
  readonly changedOutside: ReadonlySet<string>;
  /** Lines of the approval record were taken out outside Memory Shelf. */
  readonly linesRemoved: boolean;
}

/** What is on disk and what was approved; the disk's state is recorded as seen by the CLI first. */
async function readState(root: RootHistory): Promise<RootState> {
  const listing = await listMemoryFolder(root.rootPath);
  const bytes = new Map<string, Uint8Array>();
  // A file that could not be read (no permission, an I/O error) is unknown this time, never deleted.
  const unread = new Set<string>();
  for (const path of listing.files) {
    const read = await readMemory(resolve(root.rootPath, ...path.split('/')));
    if (read.kind === 'bytes') bytes.set(path, read.bytes);
    else if (read.kind === 'unread') {
      unread.add(path);
      process.stderr.write(`memory-shelf: ${terminalSafe(path)}: not read (${read.code}); left out of this review\n`);
    }
  }
  const latestBefore = await root.latest();
  // What the CLI sees is a version too; a file the history knew and a complete listing lost was deleted.
  const entries: { path: string; bytes: Uint8Array | undefined }[] = [...bytes].map(([path, content]) => ({ path, bytes: content }));
  if (listing.complete) for (const [path, event] of latestBefore) if (event.hash !== '' && !bytes.has(path) && !unread.has(path)) entries.push({ path, bytes: undefined });
  await root.recordAll(entries, { author: 'unknown', source: 'cli' });
  const reading = await root.approvalReading();
  const approvals = trustedApprovals(reading);
  // What is not known is not listed as waiting either (an unread approved memory is not "deleted").
  for (const path of unread) approvals.delete(path);
  if (!listing.complete) for (const path of [...approvals.keys()]) if (!bytes.has(path)) approvals.delete(path);
  const disk = new Map<string, string>();
  // MEMORY.md is reviewed like a memory: Claude Code loads every line of it at each session's start.
  for (const [path, content] of bytes) disk.set(path, hashBytes(content));
  // The event that made the current state: the one before the CLI's own sighting, when it had one.
  const pending = pendingChanges(disk, approvals, await authoredLatest(root));
  const neverApproved = approvals.size === 0 && reading.changedOutside.size === 0 && !reading.linesRemoved && !(await root.settings()).mode;
  return { pending, bytes, approvals, neverApproved, changedOutside: reading.changedOutside, linesRemoved: reading.linesRemoved };
}

/** The latest event of each path, skipping the CLI's own sightings in favour of the event that wrote the same bytes. */
async function authoredLatest(root: RootHistory): Promise<Map<string, HistoryEvent>> {
  const latest = new Map<string, HistoryEvent>();
  for (const event of await root.events()) {
    const before = latest.get(event.path);
    if (before && before.hash === event.hash && event.author === 'unknown') continue;
    latest.set(event.path, event);
  }
  return latest;
}

async function reject(root: RootHistory, state: RootState, change: PendingChange): Promise<string | undefined> {
  const current = state.bytes.get(change.path);
  if (change.kind === 'created') {
    if (!current) return 'unreadable';
    const why = await removeMemory(root.rootPath, change.path, current);
    if (!why) await root.record(change.path, undefined, { author: 'person', source: 'cli' });
    return why;
  }
  const approved = change.approvedHash ? await root.blob(change.approvedHash) : undefined;
  if (!approved) return 'the approved version is no longer in the history';
  return bringBack(root, state, change.path, approved, current);
}

async function restore(root: RootHistory, state: RootState, path: string, version: string | undefined): Promise<string | undefined> {
  const current = state.bytes.get(path);
  const versions = await root.versions(path);
  const chosen = version !== undefined
    ? versions.filter((event) => event.hash !== '' && event.hash.startsWith(version.toLowerCase()))
    : [previousVersion(versions, current ? hashBytes(current) : undefined)].filter((event): event is HistoryEvent => event !== undefined);
  const hashes = new Set(chosen.map((event) => event.hash));
  if (hashes.size === 0) return version !== undefined ? `no version ${version} in the history` : 'no earlier version in the history';
  if (hashes.size > 1) return `${version} names more than one version; give more of the hash`;
  const bytes = await root.blob([...hashes][0]);
  if (!bytes) return 'that version is no longer in the history (pruned)';
  return bringBack(root, state, path, bytes, current);
}

/** Writes `bytes` at `path` (over `current`, or as a new file with its index line back). */
async function bringBack(root: RootHistory, state: RootState, path: string, bytes: Uint8Array, current: Uint8Array | undefined): Promise<string | undefined> {
  const why = current ? await replaceMemory(root.rootPath, path, current, bytes) : await createMemory(root.rootPath, path, bytes);
  if (why) return why;
  await root.record(path, bytes, { author: 'person', source: 'restore' });
  if (!current && !isIndex(path)) {
    const indexWhy = await restoreIndexLine(root, state, path);
    if (indexWhy) return `restored, but its MEMORY.md line was not: ${indexWhy}`;
  }
  return undefined;
}

/**
 * Puts back the MEMORY.md line that listed `path`, taken from the newest version of the index in the
 * history that had one, when the index on disk no longer links it. A root without a MEMORY.md (its
 * index generated by Claude Code) gets none.
 */
async function restoreIndexLine(root: RootHistory, state: RootState, path: string): Promise<string | undefined> {
  const indexBytes = state.bytes.get('MEMORY.md');
  if (!indexBytes) return undefined;
  const indexText = Buffer.from(indexBytes).toString('utf8');
  const index = parseMemoryIndex(indexText);
  if (index.links.some((link) => link.target === path)) return undefined;
  let line: string | undefined;
  const versions = await root.versions('MEMORY.md');
  for (let i = versions.length - 1; i >= 0 && line === undefined; i--) {
    const old = versions[i].hash ? await root.blob(versions[i].hash) : undefined;
    if (!old) continue;
    line = parseMemoryIndex(Buffer.from(old).toString('utf8')).entries.find((entry) => entry.target === path)?.text;
  }
  if (line === undefined) return undefined;
  const edit = planIndexLine(index, line.trim(), { eol: index.eol });
  if (edit.kind !== 'edit') return undefined;
  const bom = index.hasBom ? '\ufeff' : '';
  const next = Buffer.from(bom + applyTextEdits(index.text, edit.edits), 'utf8');
  const why = await replaceMemory(root.rootPath, 'MEMORY.md', indexBytes, next);
  if (!why) await root.record('MEMORY.md', next, { author: 'person', source: 'restore' });
  return why;
}

function print(options: ReviewOptions, root: RootHistory, state: RootState, pending: readonly Printed[]): number {
  const { neverApproved, linesRemoved } = state;
  if (options.format === 'json') {
    process.stdout.write(JSON.stringify({ root: root.rootPath, neverApproved, ...(linesRemoved ? { approvalLinesRemoved: true } : {}), pending }, undefined, 2) + '\n');
    return 0;
  }
  if (linesRemoved) process.stdout.write('memory-shelf: lines of this folder\'s approval record were taken out or damaged outside Memory Shelf; the memories they approved wait for review again\n');
  if (state.changedOutside.size > 0) process.stdout.write(`memory-shelf: the approval record of ${state.changedOutside.size === 1 ? 'one memory' : `${state.changedOutside.size} memories`} changed outside Memory Shelf; ${state.changedOutside.size === 1 ? 'it waits' : 'they wait'} for review as if never approved\n`);
  if (pending.length === 0) {
    process.stdout.write(`memory-shelf: nothing waits for review in ${terminalSafe(root.rootPath)}\n`);
    return 0;
  }
  process.stdout.write(`memory-shelf: ${pending.length} ${pending.length === 1 ? 'memory waits' : 'memories wait'} for review in ${terminalSafe(root.rootPath)}\n`);
  if (neverApproved) process.stdout.write('Nothing here was approved yet, so every memory is listed; `memory-shelf review --approve --all` counts them as reviewed.\n');
  for (const item of pending) {
    const who = item.author && item.author !== 'unknown' ? ` by ${item.author}${item.sessionId ? ` in session ${item.sessionId.slice(0, 8)}` : ''}${item.tool ? ` (${item.tool})` : ''}` : '';
    const when = item.time ? `, ${item.time.slice(0, 16).replace('T', ' ')} UTC` : '';
    const outside = item.approvalChangedOutside ? ' (its approval record changed outside Memory Shelf)' : '';
    process.stdout.write(`  ${item.kind.padEnd(8)} ${terminalSafe(item.path)}${terminalSafe(who)}${when}${outside}\n`);
    for (const line of item.lines?.removed ?? []) process.stdout.write(`             - ${terminalSafe(line)}\n`);
    for (const line of item.lines?.added ?? []) process.stdout.write(`             + ${terminalSafe(line)}\n`);
  }
  return 0;
}

/** A changed MEMORY.md is shown line by line: what an approved index line became is what a person must see. */
async function withIndexLines(root: RootHistory, state: RootState, change: PendingChange): Promise<Printed> {
  const shown = printed(change);
  if (!isIndex(change.path) || change.kind !== 'changed' || !change.approvedHash) return shown;
  const approved = await root.blob(change.approvedHash);
  const current = state.bytes.get(change.path);
  if (!approved || !current) return shown;
  return { ...shown, lines: indexLineChanges(Buffer.from(approved).toString('utf8'), Buffer.from(current).toString('utf8')) };
}

function printed(change: PendingChange): Printed {
  const event = change.event;
  return {
    path: change.path,
    kind: change.kind,
    ...(event ? { author: event.author, time: event.time } : {}),
    ...(event?.sessionId ? { sessionId: event.sessionId } : {}),
    ...(event?.tool ? { tool: event.tool } : {}),
  };
}

function isIndex(path: string): boolean {
  return path === 'MEMORY.md';
}

function normal(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\.\//, '');
}
