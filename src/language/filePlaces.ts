import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { namedPlace } from './namedPlaces';
import type { RootPlace } from './rootPlaces';

/** The place of some files given as arguments, and those files in it (root-relative, `/`-separated). */
export interface FilesPlace {
  readonly place: RootPlace;
  readonly files: ReadonlySet<string>;
  /** Whether its files were named by absolute paths: a door then names the folder so too. */
  readonly absolute: boolean;
}

/**
 * The memory folders holding some files (as a pre-commit hook passes them, relative to
 * `workspaceFolder` or absolute), in the order first met, each taken as named (see {@link namedPlace}).
 * A file's folder is the nearest above it holding a `MEMORY.md`, or named `memory`, or one agent's
 * folder under `agent-memory/`; never above `workspaceFolder` when the file is inside it (a repository's
 * own root is not taken for a memory folder because a parent happens to hold one). Files that are not
 * regular files or lie in no memory folder (a README, a changelog) are left out: a hook is handed every
 * staged file.
 */
export async function placesOfFiles(files: readonly string[], workspaceFolder: string): Promise<FilesPlace[]> {
  const groups = new Map<string, { folder: string; absolute: boolean; files: Set<string> }>();
  for (const file of files) {
    const path = resolve(workspaceFolder, file);
    if (!(await isFile(path))) continue;
    const folder = await memoryFolderOf(path, workspaceFolder);
    if (folder === undefined) continue;
    const absolute = isAbsolute(file);
    const key = `${absolute ? 'a' : 'r'}${folder}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { folder, absolute, files: new Set() }));
    group.files.add(relative(folder, path).split(sep).join('/'));
  }
  const places: FilesPlace[] = [];
  for (const group of groups.values()) places.push({ place: await namedPlace(group.folder, workspaceFolder), files: group.files, absolute: group.absolute });
  return places;
}

async function memoryFolderOf(file: string, workspaceFolder: string): Promise<string | undefined> {
  const stopAt = isInside(workspaceFolder, file) ? workspaceFolder : undefined;
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    if (await isFile(join(folder, 'MEMORY.md'))) return folder;
    if (basename(folder) === 'memory' || basename(dirname(folder)) === 'agent-memory') return folder;
    if (folder === stopAt || dirname(folder) === folder) return undefined;
  }
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
