import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { CheckedRoot } from './checkRoot';

/** The memory folders holding some given files, each with the files inside it (root-relative, `/`-separated). */
export type FilesByRoot = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The memory folder a file belongs to: the nearest folder above it holding a `MEMORY.md`, or named
 * `memory`, or one agent's folder under `agent-memory/`; never above `cwd` when the file is inside it
 * (a repository's own root is not taken for a memory folder because a parent happens to hold one).
 * Files in no memory folder (a README, a changelog) are left out: a hook is handed every staged file.
 */
export async function rootsOfFiles(files: readonly string[], cwd: string): Promise<FilesByRoot> {
  const byRoot = new Map<string, Set<string>>();
  for (const file of files) {
    const absolute = resolve(cwd, file);
    if (!(await isFile(absolute))) continue;
    const root = await memoryFolderOf(absolute, cwd);
    if (root === undefined) continue;
    const argument = isAbsolute(file) ? root : relative(cwd, root) || '.';
    const inside = relative(root, absolute).split(sep).join('/');
    let set = byRoot.get(argument);
    if (!set) byRoot.set(argument, (set = new Set()));
    set.add(inside);
  }
  return byRoot;
}

async function memoryFolderOf(file: string, cwd: string): Promise<string | undefined> {
  const stopAt = isInside(cwd, file) ? cwd : undefined;
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    if (await isFile(join(folder, 'MEMORY.md'))) return folder;
    if (basename(folder) === 'memory' || basename(dirname(folder)) === 'agent-memory') return folder;
    if (folder === stopAt || dirname(folder) === folder) return undefined;
  }
}

/** The root's result with only the given files' problems and skips. */
export function onlyFiles(root: CheckedRoot, files: ReadonlySet<string>): CheckedRoot {
  return {
    ...root,
    problems: root.problems.filter((problem) => files.has(problem.path)),
    skipped: root.skipped.filter((skip) => files.has(skip.path)),
  };
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
