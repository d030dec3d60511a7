import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CalendarDate, LineHistory, LineRecord, RootPath } from '../core';
import { oneCommitHistories } from './gitOneCommitFiles';

/** Blame of a 2 MB memory is a few MB of porcelain; anything past this is not a memory's history. */
const MAX_OUTPUT = 64 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
/** The log and blobs of a whole root; past this the root's files are blamed one by one. */
const MAX_ROOT_OUTPUT = 256 * 1024 * 1024;
const UNCOMMITTED = /^0{40}$/;
/** Blames asked for before the whole root's one-commit files are worked out: that costs about as much as this many blames. */
const BLAMES_BEFORE_SHORTCUT = 8;

const providers = new Map<string, (path: RootPath) => LineHistory | undefined>();
const shortcutsForgotten = new Map<string, () => void>();
const blamesForgotten = new Map<string, (path: RootPath) => void>();

/**
 * Files of the root were written (`--fix`): the one-commit shortcut, which read the work tree once,
 * is worked out again before it answers for any file not asked about yet. Files already answered keep
 * their answer, as they did when every file was blamed.
 */
export function forgetWorkTree(root: string): void {
  shortcutsForgotten.get(root)?.();
}

/**
 * `path` of `root` changed on disk (a long-running language server hears of it): it is blamed again
 * when next asked, and the one-commit shortcut, which read the work tree once, is worked out again.
 */
export function forgetFile(root: string, path: RootPath): void {
  blamesForgotten.get(root)?.(path);
  forgetWorkTree(root);
}

/**
 * The version history of each line of a root's files, from `git blame`: the relative-date rule's
 * anchor after the text's own dates and before the file time. One blame per file, run the first time
 * the rule asks for it (only files with a relative date nothing else dates) and kept for the run; a
 * root outside a git work tree, a file git does not track, or git missing give undefined. The same
 * provider is returned for the same root, so a second check after `--fix` blames nothing again.
 * Past a few blames, the files git would blame to one commit are answered for the whole root at once
 * ({@link oneCommitHistories}).
 */
export function gitBlameHistory(root: string): (path: RootPath) => LineHistory | undefined {
  const known = providers.get(root);
  if (known) return known;
  let inWorkTree: boolean | undefined;
  let shortcut: ((path: RootPath) => LineHistory | undefined) | null | undefined;
  const blamed = new Map<RootPath, LineHistory | undefined>();
  const provider = (path: RootPath): LineHistory | undefined => {
    if (blamed.has(path)) return blamed.get(path);
    inWorkTree ??= mayBeInWorkTree(root) && git(root, ['rev-parse', '--is-inside-work-tree'])?.trim() === 'true';
    if (inWorkTree && shortcut === undefined && blamed.size >= BLAMES_BEFORE_SHORTCUT) {
      shortcut = oneCommitHistories((args, input) => gitBytes(root, args, input), authorDay) ?? null;
    }
    const history = inWorkTree ? (shortcut?.(path) ?? parseBlamePorcelain(git(root, ['blame', '--porcelain', '--', path]))) : undefined;
    blamed.set(path, history);
    return history;
  };
  providers.set(root, provider);
  shortcutsForgotten.set(root, () => void (shortcut = undefined));
  blamesForgotten.set(root, (path) => void blamed.delete(path));
  return provider;
}

/** Variables that point git at a repository from anywhere; with one set, only git can say. */
const REPOSITORY_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR'];

/**
 * False only when git cannot find a work tree from `root`: no `.git` in it or any folder above it
 * (walked from where it is and from where its links lead, as git starts from the real path) and no
 * variable naming a repository. Spares a process of a 300 MB CLI in a root outside git, the usual case.
 */
/**
 * What the line dates of `root` depend on beyond the files' own bytes: the commit checked out (and the
 * variables that point git elsewhere). Empty outside a repository.
 */
export function repositoryState(root: string): string {
  if (!mayBeInWorkTree(root)) return '';
  const variables = REPOSITORY_VARIABLES.map((name) => `${name}=${process.env[name] ?? ''}`).join('\n');
  return `${variables}\n${git(root, ['rev-parse', 'HEAD'])?.trim() ?? 'no commit'}`;
}

function mayBeInWorkTree(root: string): boolean {
  if (REPOSITORY_VARIABLES.some((name) => process.env[name] !== undefined)) return true;
  const starts = [resolve(root)];
  try {
    starts.push(realpathSync(root));
  } catch {
    // A root that cannot be resolved is walked as given.
  }
  for (const start of starts) {
    for (let folder = start; ; folder = dirname(folder)) {
      if (existsSync(join(folder, '.git'))) return true;
      if (dirname(folder) === folder) break;
    }
  }
  return false;
}

function git(cwd: string, args: string[]): string | undefined {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: MAX_OUTPUT, timeout: TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'] });
  return result.status === 0 ? result.stdout : undefined;
}

function gitBytes(cwd: string, args: readonly string[], input?: string): Buffer | undefined {
  const result = spawnSync('git', args, { cwd, input, maxBuffer: MAX_ROOT_OUTPUT, timeout: 6 * TIMEOUT_MS, stdio: ['pipe', 'pipe', 'ignore'] });
  return result.status === 0 ? result.stdout : undefined;
}

/**
 * `git blame --porcelain` as each line's text and the day its author wrote it, in the author's own
 * zone (what their "today" meant). Lines not yet committed have no record. Exported for its tests.
 */
export function parseBlamePorcelain(output: string | undefined): LineHistory | undefined {
  if (output === undefined) return undefined;
  const commits = new Map<string, { time?: number; zone?: string }>();
  const records: (LineRecord | undefined)[] = [];
  let commit = '';
  let finalLine = 0;
  for (const line of output.split('\n')) {
    if (line.startsWith('\t')) {
      const info = commits.get(commit);
      const day = UNCOMMITTED.test(commit) || info?.time === undefined ? undefined : authorDay(info.time, info.zone);
      records[finalLine - 1] = day && { text: line.slice(1).replace(/\r$/, ''), day };
      continue;
    }
    const header = /^([0-9a-f]{40}) \d+ (\d+)/.exec(line);
    if (header) {
      commit = header[1];
      finalLine = Number(header[2]);
      if (!commits.has(commit)) commits.set(commit, {});
      continue;
    }
    const info = commits.get(commit);
    if (!info) continue;
    if (line.startsWith('author-time ')) info.time = Number(line.slice('author-time '.length));
    else if (line.startsWith('author-tz ')) info.zone = line.slice('author-tz '.length);
  }
  return records;
}

/** The calendar day of a Unix time in a `+0900`-style zone. */
function authorDay(seconds: number, zone: string | undefined): CalendarDate | undefined {
  if (!Number.isFinite(seconds)) return undefined;
  const match = /^([+-])(\d{2})(\d{2})$/.exec(zone ?? '+0000');
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  const shifted = new Date(seconds * 1000 + minutes * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** {@link gitBlameHistory} for a session that lives on while files change: a changed file is blamed afresh. */
export function gitLineHistory(root: string): { historyOf(path: RootPath): LineHistory | undefined; forget(path: RootPath): void } {
  const historyOf = gitBlameHistory(root);
  return { historyOf, forget: (path) => forgetFile(root, path) };
}
