import * as nodePath from 'node:path';
import { isPinned, parseMemoryFile, loadedContent, type MemoryFile } from '../core';
import { findImports, generatedIndexText, MAX_IMPORT_HOPS, resolveImport, sessionCandidates, type SessionEntry, type SessionInput, type SourceFile } from '../core/sessionLoad';
import { decodeText } from '../reader/decodeText';
import type { ReaderHost } from '../reader/readerHost';
import { discoverAgentMemory } from './agentMemory';
import { claudeConfigDir, resolveAutoMemory, type AutoMemoryLocation, type RootsHost } from './autoMemory';

/** A CLAUDE.md, rule or index is read up to this size; Claude Code warns far below it. */
export const MAX_SESSION_FILE_BYTES = 1024 * 1024;
/** Files one preview reads at most, imports and rules included: a folder of thousands of rules is cut, not read whole. */
export const MAX_SESSION_FILES = 2000;
/** Characters of text one preview holds at most; Claude Code's own context is far smaller. */
export const MAX_SESSION_BYTES = 8 * 1024 * 1024;

export interface SessionFilesInput {
  readonly folder: string;
  readonly homeDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: string;
  /** Workspace trust; gates the project's `autoMemoryDirectory` as in auto memory discovery. */
  readonly trusted: boolean;
}

/** The session's files as read, ready for `buildSessionLoad`, and where auto memory was looked for. */
export interface SessionFiles {
  readonly input: SessionInput;
  readonly autoMemory: AutoMemoryLocation;
}

/**
 * Gathers what Claude Code would load for a folder. Every file goes through the reader host's
 * checks (a regular file, under {@link MAX_SESSION_FILE_BYTES}, UTF-8 text); imports are followed to
 * one hop past Claude Code's limit so the preview can show where it stops.
 */
export async function gatherSessionFiles(request: SessionFilesInput, host: ReaderHost, rootsHost: RootsHost): Promise<SessionFiles> {
  const style = host.pathStyle;
  const path = style === 'win32' ? nodePath.win32 : nodePath.posix;
  const files = new Map<string, SourceFile>();
  const budget = new SessionBudget(host);
  const read = async (file: string): Promise<SourceFile> => {
    const known = files.get(file);
    if (known) return known;
    const got = await budget.read(file, files);
    files.set(file, got);
    return got;
  };
  const entries: SessionEntry[] = [];
  const candidates = sessionCandidates({ folder: request.folder, homeDir: request.homeDir, env: request.env, platform: request.platform, pathStyle: style });
  for (const slot of candidates.slots) {
    if (slot.kind === 'rules') {
      for (const file of await markdownFiles(host, slot.folder, path)) {
        await read(file);
        entries.push({ kind: slot.ruleKind, path: file, ...(slot.disabledBy ? { disabledBy: slot.disabledBy } : {}) });
      }
      continue;
    }
    await read(slot.path);
    entries.push(slot);
  }

  const autoMemory = await resolveAutoMemory({ workspaceFolder: request.folder, homeDir: request.homeDir, env: request.env, trusted: request.trusted, pathStyle: style }, rootsHost);
  const generatedIndex = autoMemory.exists ? await addAutoMemory(autoMemory, host, path, read, files, entries) : undefined;

  const agents = await discoverAgentMemory({ workspaceFolder: request.folder, homeDir: request.homeDir, env: request.env }, host);
  for (const root of agents) {
    if (!root.exists || !root.loads) continue;
    const index = path.join(root.path, 'MEMORY.md');
    await read(index);
    entries.push({ kind: 'agent-index', path: index, agent: root.agent });
  }

  await readImports(entries, files, read, request.homeDir, style, budget.sameFile);
  const teamStores = (request.env['CLAUDE_MEMORY_STORES'] ?? '').trim() !== '';
  const externalImportsApproved = await externalImportsApprovedFor(host, path, request);
  const projectRealRoot = host.resolvesLinks ? await host.realPath(request.folder).catch(() => undefined) : undefined;
  return {
    input: {
      entries,
      files,
      homeDir: request.homeDir,
      pathStyle: style,
      projectRoot: request.folder,
      ...(projectRealRoot !== undefined ? { projectRealRoot } : {}),
      sameFile: budget.sameFile,
      teamStores,
      externalImportsApproved,
      ...(generatedIndex !== undefined ? { generatedIndex } : {}),
    },
    autoMemory,
  };
}

/** Adds the auto memory's index, pinned lessons and team index; returns the index Claude Code will write when the folder has none. */
async function addAutoMemory(
  location: AutoMemoryLocation,
  host: ReaderHost,
  path: typeof nodePath.posix,
  read: (file: string) => Promise<SourceFile>,
  files: Map<string, SourceFile>,
  entries: SessionEntry[],
): Promise<string | undefined> {
  const disabledBy = location.reason
    ? location.reason.by === 'environment'
      ? ({ by: 'environment', variable: location.reason.setting } as const)
      : ({ by: 'setting', setting: location.reason.setting, ...(location.reason.file !== undefined ? { file: location.reason.file } : {}) } as const)
    : undefined;
  const extra = disabledBy ? { disabledBy } : {};
  const index = path.join(location.path, 'MEMORY.md');
  const indexFile = await read(index);
  // Each memory parsed once: the backfill wants its description, the pinned list its metadata.
  const memories: { path: string; relative: string; memory: MemoryFile; mtimeMs: number }[] = [];
  for (const file of await markdownFiles(host, location.path, path)) {
    if (file === index) continue;
    const source = await read(file);
    const relative = path.relative(location.path, file).split(path.sep).join('/');
    if (source.text !== undefined) memories.push({ path: file, relative, memory: parseMemoryFile(relative, source.text), mtimeMs: source.mtimeMs ?? 0 });
  }
  let generated: string | undefined;
  if (indexFile.text === undefined && indexFile.problem === 'missing') {
    const text = generatedIndexText(memories.map(({ relative, mtimeMs, memory }) => ({ path: relative, mtimeMs, ...(memory.description !== undefined ? { description: memory.description } : {}) })));
    if (text !== '') {
      files.set(index, { path: index, text });
      generated = text;
    }
  }
  entries.push({ kind: 'auto-index', path: index, ...extra });
  for (const { path: file, relative, memory } of memories) {
    const top = relative.split('/')[0];
    if (top === 'team' || top === 'agents' || path.basename(file).toLowerCase() === 'readme.md') continue;
    if (isPinned(memory)) entries.push({ kind: 'pinned', path: file, ...extra });
  }
  const team = path.join(location.path, 'team', 'MEMORY.md');
  await read(team);
  entries.push({ kind: 'team-index', path: team, ...extra });
  return generated;
}

/**
 * Whether the project approved CLAUDE.md imports from outside it: Claude Code keeps the answer in its
 * global config (`~/.claude.json`, or `.claude.json` in `CLAUDE_CONFIG_DIR`) under the project's path.
 */
async function externalImportsApprovedFor(host: ReaderHost, path: typeof nodePath.posix, request: SessionFilesInput): Promise<boolean> {
  // A relative CLAUDE_CONFIG_DIR is the project's, read through the one place that resolves it.
  const file = request.env['CLAUDE_CONFIG_DIR'] ? path.join(claudeConfigDir(request.env, request.homeDir, request.folder, host.pathStyle), '.claude.json') : path.join(request.homeDir, '.claude.json');
  const source = await readSource(host, file, MAX_CLAUDE_CONFIG_BYTES);
  if (source.text === undefined) return false;
  try {
    const config = JSON.parse(source.text) as { projects?: Record<string, { hasClaudeMdExternalIncludesApproved?: unknown }> };
    const project = config.projects && Object.prototype.hasOwnProperty.call(config.projects, request.folder) ? config.projects[request.folder] : undefined;
    return project?.hasClaudeMdExternalIncludesApproved === true;
  } catch {
    return false;
  }
}

/** Reads every file the loaded entries import, hop by hop, one hop past Claude Code's limit. */
async function readImports(entries: readonly SessionEntry[], files: Map<string, SourceFile>, read: (file: string) => Promise<SourceFile>, homeDir: string, style: 'posix' | 'win32', sameFile: ReadonlyMap<string, string>): Promise<void> {
  let frontier = entries.filter((entry) => entry.kind !== 'auto-index' && entry.kind !== 'team-index' && entry.kind !== 'agent-index' && entry.kind !== 'pinned').map((entry) => entry.path);
  const seen = new Set(frontier);
  for (let hop = 1; hop <= MAX_IMPORT_HOPS && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const importer of frontier) {
      // A second name for a file already read loads nothing of its own, so its imports are not followed again.
      if (sameFile.has(importer)) continue;
      const text = files.get(importer)?.text;
      if (text === undefined) continue;
      for (const { ref } of findImports(loadedContent(text.replace(/\r\n?/g, '\n')).text)) {
        const target = resolveImport(ref, importer, homeDir, style);
        if (seen.has(target)) continue;
        seen.add(target);
        await read(target);
        next.push(target);
      }
    }
    frontier = next;
  }
}

/**
 * What one preview may read: each real file once (a second name for it, through a link, is recorded
 * in `sameFile` and shown as a duplicate), at most {@link MAX_SESSION_FILES} files and
 * {@link MAX_SESSION_BYTES} characters, never a folder. A CLAUDE.md importing its own folder under many
 * names costs one read, not thousands.
 */
class SessionBudget {
  /** A path -> the path the same real file was first read under. */
  readonly sameFile = new Map<string, string>();
  private readonly byReal = new Map<string, string>();
  private reads = 0;
  private chars = 0;

  constructor(private readonly host: ReaderHost) {}

  async read(file: string, files: ReadonlyMap<string, SourceFile>): Promise<SourceFile> {
    if (this.reads >= MAX_SESSION_FILES) return { path: file, problem: 'too-large' };
    this.reads++;
    if ((await this.host.kindOf(file).catch(() => undefined)) === 'directory') return { path: file, problem: 'unreadable' };
    const real = this.host.resolvesLinks ? await this.host.realPath(file).catch(() => undefined) : undefined;
    const first = real === undefined ? undefined : this.byReal.get(real);
    if (first !== undefined && first !== file) {
      this.sameFile.set(file, first);
      return { ...(files.get(first) ?? { path: first, problem: 'missing' }), path: file };
    }
    if (this.chars >= MAX_SESSION_BYTES) return { path: file, problem: 'too-large' };
    const got = await readSource(this.host, file);
    if (real !== undefined) this.byReal.set(real, file);
    if (got.text === undefined) return got;
    if (this.chars + got.text.length > MAX_SESSION_BYTES) {
      this.chars = MAX_SESSION_BYTES;
      return { path: file, problem: 'too-large' };
    }
    this.chars += got.text.length;
    return real === undefined ? got : { ...got, realPath: real };
  }
}

/**
 * Claude Code's global config keeps every project's history besides the approval, and grows to
 * several MB on a machine used for long; it is the user's own file, read still only as a regular file.
 */
const MAX_CLAUDE_CONFIG_BYTES = 32 * 1024 * 1024;

async function readSource(host: ReaderHost, file: string, maxBytes = MAX_SESSION_FILE_BYTES): Promise<SourceFile> {
  const got = await host.readRegularFile(file, { maxBytes, prefixWhenLarger: false });
  switch (got.kind) {
    case 'read': {
      const decoded = decodeText(got.bytes);
      if ('text' in decoded) return { path: file, text: decoded.text.replace(/^\uFEFF/, ''), mtimeMs: got.stamp.mtimeMs };
      return { path: file, problem: decoded.reason === 'binary' ? 'binary' : 'unreadable' };
    }
    case 'missing':
      return { path: file, problem: 'missing' };
    case 'too-large':
      return { path: file, problem: 'too-large' };
    default:
      return { path: file, problem: 'unreadable' };
  }
}

/** The `*.md` files under a folder, recursively, sorted by path; links are not followed into folders. */
async function markdownFiles(host: ReaderHost, folder: string, path: typeof nodePath.posix, descend: (name: string) => boolean = () => true): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    let listed;
    try {
      listed = await host.readDirectory(dir);
    } catch {
      return;
    }
    for (const entry of [...listed].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.nameNotUtf8 || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.kind === 'directory' && depth < 8 && (depth > 0 || descend(entry.name))) await walk(full, depth + 1);
      else if ((entry.kind === 'file' || entry.kind === 'symlink') && entry.name.toLowerCase().endsWith('.md')) found.push(full);
    }
  };
  await walk(folder, 0);
  return found;
}
