import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { indexImporter, PROJECT_CLAUDE_FILES } from '../../core';
import type { AutoMemoryWarning } from '../../rootLocations/autoMemory';
import { discoverRootPlaces, nestedProjectPlaces, type RootPlace } from '../../language/rootPlaces';
import type { Settings } from '../../language/settings';
import { readBoundedText } from '../boundedRead';
import type { Log } from '../log';
import type { MemoryRootInfo, RootLoadStatus } from './memoryRoot';

/** Nested `memory/` folders are looked for this many at most; a monorepo can hold many. */
const MAX_NESTED_ROOTS = 50;
/** Files one search for nested memory folders lists at most. */
const FILES_PER_SEARCH = 1000;

/**
 * The memory roots of every workspace folder: Claude Code's auto memory folder, the project's
 * `memory/` folders and those named in `memoryShelf.roots`. Only folders that exist are shown.
 * `search: false` leaves out the `memory/` folders below the top, which only VS Code's file search
 * finds (its first search in a window took 1.7-2.3 s on a busy machine): what a window shows first.
 */
export async function discoverRoots(settings: Settings, log: Log, options: { readonly search?: boolean } = {}): Promise<MemoryRootInfo[]> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const multiRoot = folders.length > 1;
  const infos: MemoryRootInfo[] = [];
  const seen = new Set<string>();
  const add = (info: MemoryRootInfo): void => {
    const key = info.uri.toString();
    if (!seen.has(key)) {
      seen.add(key);
      infos.push(info);
    }
  };
  const labels = new Map<RootPlace, string>();
  const addPlace = (place: RootPlace, folder: vscode.WorkspaceFolder, suffix: string): void => {
    const info = describe(place, folder, suffix, labels);
    labels.set(place, info.label);
    add(info);
  };
  const claudeFileNotRead = (file: string): void => logNotRead(log, vscode.Uri.file(file));
  for (const folder of folders) {
    const suffix = multiRoot ? ` · ${folder.name}` : '';
    if (folder.uri.scheme === 'file') {
      // The roots every door finds (src/language); subagent definitions are read through the reader's checks.
      const places = await discoverRootPlaces([folder.uri.fsPath], { settings, trustClaudeSettings: vscode.workspace.isTrusted, confineConfigured: false, claudeFileNotRead });
      for (const place of places) addPlace(place, folder, suffix);
    }
    if (options.search === false) continue;
    for (const uri of await nestedMemoryFolders(folder)) {
      if (uri.scheme !== 'file') add({ uri, kind: 'workspace', label: relativeLabel(folder, uri) + suffix, load: await projectLoadStatus(folder, uri, log) });
      else for (const place of await nestedProjectPlaces(uri.fsPath, folder.uri.fsPath, { claudeFileNotRead })) addPlace(place, folder, suffix);
    }
  }
  return infos;
}

/** How the root list shows a found root: its kind, its label and how Claude Code loads it. */
function describe(place: RootPlace, folder: vscode.WorkspaceFolder, suffix: string, labels: ReadonlyMap<RootPlace, string>): MemoryRootInfo {
  const uri = vscode.Uri.file(place.folder);
  const exclude = place.exclude.length > 0 ? { exclude: place.exclude } : {};
  switch (place.kind) {
    case 'auto-memory':
      return { uri, kind: 'auto', label: vscode.l10n.t('Claude Code auto memory') + suffix, load: autoLoadStatus(place.notUsedBecause), warnings: place.warnings.map(describeWarning), ...exclude };
    case 'project-memory':
      return { uri, kind: 'workspace', label: relativeLabel(folder, uri) + suffix, load: importedStatus(vscode.l10n.t('project memory'), place.importedBy), ...exclude };
    case 'configured':
    case 'named':
      return { uri, kind: 'settings', label: relativeLabel(folder, uri) + suffix, load: namedLoadStatus(place), ...exclude };
    case 'agent':
      return { ...describeAgent(place), label: agentLabel(place) + suffix, ...exclude };
    case 'team': {
      const parent = place.teamOf!;
      const parentInfo = describe(parent, folder, suffix, labels);
      return { uri, kind: parentInfo.kind, label: vscode.l10n.t('Team memory · {0}', labels.get(parent) ?? parentInfo.label), load: parentInfo.load };
    }
  }
}

function agentLabel(place: RootPlace): string {
  const scope = place.agent?.scope === 'user' ? vscode.l10n.t('user') : place.agent?.scope === 'project' ? vscode.l10n.t('project') : vscode.l10n.t('local');
  return vscode.l10n.t('Subagent {0} ({1})', place.agent?.name ?? '', scope);
}

function describeAgent(place: RootPlace): Omit<MemoryRootInfo, 'label'> {
  const loads = place.indexLoad === 'entrypoint';
  const detail = loads
    ? vscode.l10n.t('{0} subagent · its first 200 lines of MEMORY.md load', place.agent?.name ?? '')
    : vscode.l10n.t('not loaded: no agent definition asks for memory: {0}', place.agent?.scope ?? '');
  return { uri: vscode.Uri.file(place.folder), kind: 'agent', load: { loadedByClaude: loads, index: loads ? 'entrypoint' : 'not-loaded', detail } };
}

function autoLoadStatus(reason: RootPlace['notUsedBecause']): RootLoadStatus {
  // Only the index loads, and only up to its cut: the memories are read when recalled.
  if (!reason) return { loadedByClaude: true, index: 'entrypoint', detail: vscode.l10n.t('MEMORY.md loads at session start, up to its limit; memories when recalled'), short: vscode.l10n.t('index loads at start') };
  const detail = reason.setting === 'autoMemoryEnabled'
    ? vscode.l10n.t('not used by Claude Code: autoMemoryEnabled is false')
    : reason.setting === 'CLAUDE_CODE_DISABLE_AUTO_MEMORY'
      ? vscode.l10n.t('not used by Claude Code: CLAUDE_CODE_DISABLE_AUTO_MEMORY is set')
      : vscode.l10n.t('not used by Claude Code: blockReadsOutsideWorkingDirectories makes the folder the project\'s settings chose inert');
  return { loadedByClaude: false, index: 'not-loaded', detail };
}

/** What was ignored on the way to the auto memory folder, said in the user's language. */
function describeWarning(warning: AutoMemoryWarning): string {
  const file = warning.file ?? 'settings.json';
  switch (warning.code) {
    case 'settings-invalid-json':
      return vscode.l10n.t('{0} is not valid JSON and was ignored.', file);
    case 'settings-not-object':
      return vscode.l10n.t('{0} does not hold a JSON object and was ignored.', file);
    case 'setting-wrong-type':
      return vscode.l10n.t('A setting in {0} has the wrong type and was ignored.', file);
    case 'directory-invalid':
      return vscode.l10n.t('autoMemoryDirectory in {0} is not a usable folder; the default folder is shown.', file);
    case 'directory-untrusted':
      return vscode.l10n.t('autoMemoryDirectory in {0} is ignored until this workspace is trusted.', file);
    case 'project-dir-name-invalid':
      return vscode.l10n.t('CLAUDE_CODE_PROJECT_DIR_NAME is not a usable folder name and was ignored.');
    case 'long-name-ambiguous':
      return vscode.l10n.t('Folders share the start of this project\'s long name but not its name (another project\'s, or an older Claude Code build\'s): {0}. Claude Code 2.1.224 and later do not read them for this project, so none is shown as its memory.', warning.others?.join(', ') ?? '');
  }
}

/** A project's memory folder loads only when one of its CLAUDE.md files imports its index. */
function importedStatus(origin: string, importer: string | undefined): RootLoadStatus {
  if (importer !== undefined) return { loadedByClaude: true, index: 'imported', detail: vscode.l10n.t('{0} · imported by {1}', origin, importer) };
  return { loadedByClaude: false, index: 'not-loaded', detail: vscode.l10n.t('{0} · not loaded by Claude Code', origin) };
}

/**
 * A project's memory folder is read by Claude Code only when a CLAUDE.md imports its index
 * (`@memory/MEMORY.md`); otherwise the agent sees it only if it goes looking. For a folder on a remote
 * file system, read through VS Code (a local folder is a place of src/language).
 */
async function projectLoadStatus(folder: vscode.WorkspaceFolder, root: vscode.Uri, log: Log): Promise<RootLoadStatus> {
  const relative = path.posix.relative(folder.uri.path, root.path);
  if (relative.startsWith('..')) return importedStatus(vscode.l10n.t('project memory'), undefined);
  const texts = new Map<string, string | undefined>();
  for (const name of PROJECT_CLAUDE_FILES) texts.set(name, await readText(vscode.Uri.joinPath(folder.uri, name), log));
  return importedStatus(vscode.l10n.t('project memory'), indexImporter(texts, relative ? `${relative}/MEMORY.md` : 'MEMORY.md'));
}

/**
 * A folder named in `memoryShelf.roots` loads as the same folder named to `memory-shelf check` or to the
 * language server does (see `namedFolderIndexLoad`): in no project (no CLAUDE.md, `.claude`, git checkout
 * or VS Code settings near it) it is held to an entrypoint's limits, so all three give it the same budget
 * findings (issue #39).
 */
function namedLoadStatus(place: RootPlace): RootLoadStatus {
  const status = importedStatus(vscode.l10n.t('from settings'), place.importedBy);
  if (status.index !== 'not-loaded') return status;
  if (place.indexLoad === 'entrypoint') return { loadedByClaude: false, index: 'entrypoint', detail: vscode.l10n.t('from settings · in no project: held to the limits of an index Claude Code loads') };
  if (place.indexLoad === 'imported') return { loadedByClaude: true, index: 'imported', detail: vscode.l10n.t('from settings · imported by the CLAUDE.md beside it') };
  return status;
}

/** `memory/` folders below the workspace folder's top, found through VS Code's file search. */
async function nestedMemoryFolders(folder: vscode.WorkspaceFolder): Promise<vscode.Uri[]> {
  const byFolder = new Map<string, vscode.Uri>();
  const excluded = ['**/node_modules/**'];
  // One root of a few thousand memories fills any cap on files by itself, hiding the roots after it:
  // each search leaves out the folders found so far, until one finds no new folder.
  for (let search = 0; search < MAX_NESTED_ROOTS && byFolder.size < MAX_NESTED_ROOTS; search++) {
    const files = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/memory/*.md'), `{${excluded.join(',')}}`, FILES_PER_SEARCH);
    const before = byFolder.size;
    for (const file of files) {
      const parent = vscode.Uri.joinPath(file, '..');
      const key = parent.toString();
      if (byFolder.has(key) || byFolder.size >= MAX_NESTED_ROOTS) continue;
      byFolder.set(key, parent);
      const relative = path.posix.relative(folder.uri.path, parent.path);
      // Only its own files: a memory folder nested deeper is still searched for. A folder whose name a
      // glob would misread stays in the search; it only costs a longer list.
      if (relative && !/[{}[\],*?!\\]/.test(relative)) excluded.push(`${relative}/*.md`);
    }
    if (files.length < FILES_PER_SEARCH || byFolder.size === before) break;
  }
  return [...byFolder.values()].sort((a, b) => a.path.localeCompare(b.path));
}

function relativeLabel(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string {
  const relative = path.posix.relative(folder.uri.path, uri.path);
  return relative && !relative.startsWith('..') ? relative : uri.fsPath.replace(os.homedir(), '~');
}

/**
 * A CLAUDE.md's text; most projects lack some of the three, so a missing one is only noted. It is the
 * repository's file: one that is a device, a FIFO or huge is not read (`CLAUDE.md -> /dev/zero` would
 * otherwise fill the extension host's memory on folder open).
 */
async function readText(uri: vscode.Uri, log: Log): Promise<string | undefined> {
  const text = await readBoundedText(uri);
  if (text === null) logNotRead(log, uri);
  return text ?? undefined;
}

/** The CLAUDE.md files said not read, per output channel: roots are found again on every refresh and CLAUDE.md edit. */
const toldNotRead = new WeakMap<Log, Set<string>>();

/** Says once in the output channel that a CLAUDE.md was not read, so a root shown as not loaded has its why. */
function logNotRead(log: Log, uri: vscode.Uri): void {
  let told = toldNotRead.get(log);
  if (!told) toldNotRead.set(log, (told = new Set()));
  const key = uri.toString();
  if (told.has(key)) return;
  told.add(key);
  log.warn(vscode.l10n.t('Not read: {0} is not a regular file of a readable size', key));
}
