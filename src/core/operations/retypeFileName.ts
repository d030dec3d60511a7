import type { MemoryFile } from '../memoryFile';
import type { MemoryStore } from '../memoryStore';
import type { FileEdit } from '../problems';
import { dirName } from '../rootPath';
import type { RootPath } from '../types';
import { linksTo } from './references';
import { planIndexMove } from './rename';

/** The rename a retype makes sensible, when the file name still announces the old type. */
export interface RetypeFileRename {
  readonly newPath: RootPath;
  /** MEMORY.md's links follow the file, then the file is renamed. */
  readonly edits: readonly FileEdit[];
}

/**
 * `feedback_report-format.md` retyped to `project` would read as `project_report-format.md`: the file
 * name's type prefix (with its `_` or `-`, in its case) swapped for the new type. Only offered: Claude
 * Code names files this way but never reads the type from the name. Undefined when the file name has
 * no prefix of `oldType`, when links find the memory by its file name (it has no `name`), or when the
 * new file name is taken.
 */
export function planRetypeFileName(store: MemoryStore, memory: MemoryFile, oldType: string, newType: string): RetypeFileRename | undefined {
  if (oldType === newType) return undefined;
  // Without a name, links find the memory by its file stem: a new stem would leave them dangling.
  if (!memory.name && linksTo(store, memory).length > 0) return undefined;
  const stem = memory.stem;
  const separator = stem.charAt(oldType.length);
  if (stem.length <= oldType.length + 1 || stem.slice(0, oldType.length).toLowerCase() !== oldType.toLowerCase() || (separator !== '_' && separator !== '-')) return undefined;
  const prefix = stem.slice(0, oldType.length) === oldType.toUpperCase() ? newType.toUpperCase() : newType;
  const file = `${prefix}${separator}${stem.slice(oldType.length + 1)}${memory.path.slice(memory.path.lastIndexOf('/') + 1 + stem.length)}`;
  const folder = dirName(memory.path);
  const newPath = folder ? `${folder}/${file}` : file;
  if (newPath === memory.path) return undefined;
  if ([...store.memories()].some((other) => other !== memory && other.path.toLowerCase() === newPath.toLowerCase())) return undefined;
  const indexEdit = planIndexMove(store.index, [{ from: memory.path, to: newPath }]);
  return { newPath, edits: [...(indexEdit ? [indexEdit] : []), { kind: 'rename', path: memory.path, newPath }] };
}
