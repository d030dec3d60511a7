import type { MemoryIndex } from '../memoryIndex';
import type { MemoryFile } from '../memoryFile';
import type { MemoryStore } from '../memoryStore';
import type { FileEdit } from '../problems';
import { dirName, foldName, INDEX_FILE_NAME } from '../rootPath';
import { replaceValueEdit } from '../edits/frontmatterEdits';
import type { RootPath, TextEdit } from '../types';
import { memoryFileName, rootConventions, separatorOf, type RootConventions } from '../conventions';
import { checkMemoryName, type NameCheck } from './nameSafety';
import { linksTo, linksToReservation } from './references';
import { yamlScalar } from '../edits/yamlScalar';
import { indexTitleText, retargetIndexHref, writtenIndexLink } from '../edits/indexEntry';

export type RenamePlan =
  | {
      readonly ok: true;
      /** Text edits first (positioned in the files as they are now), then the file rename if any. */
      readonly edits: readonly FileEdit[];
      readonly newPath: RootPath | undefined;
    }
  | { readonly ok: false; readonly reason: 'unsafe-name'; readonly check: Extract<NameCheck, { ok: false }> }
  | { readonly ok: false; readonly reason: 'unchanged' | 'frontmatter-invalid' }
  | { readonly ok: false; readonly reason: 'name-taken' | 'file-taken'; readonly path: RootPath };

/**
 * The file name a memory would get with `newName`: same folder, the separator its file name already
 * uses (the root's when it has none). Undefined when the name would not change the file name.
 */
export function renamedPath(memory: MemoryFile, newName: string, conventions: RootConventions): RootPath | undefined {
  const folder = dirName(memory.path);
  const file = memoryFileName(newName.trim(), separatorOf(memory.path) ?? conventions.fileSeparator);
  const path = folder ? `${folder}/${file}` : file;
  return path === memory.path ? undefined : path;
}

/** Whether the file name follows the name today, so renaming it too keeps them matched. */
export function fileFollowsName(memory: MemoryFile): boolean {
  return memory.name === undefined || foldName(memory.stem) === foldName(memory.name);
}

/**
 * Renames a memory: its `name` value, every `[[link]]` that resolves to it alone (aliases and headings
 * kept: only the target text changes), its MEMORY.md entry's title when the title was the old name,
 * and with `renameFile` the file and the entry's path.
 */
export function planRename(
  store: MemoryStore,
  memory: MemoryFile,
  newName: string,
  options: { readonly renameFile: boolean; readonly conventions?: RootConventions },
): RenamePlan {
  const name = newName.trim();
  const check = checkMemoryName(name);
  if (!check.ok) return { ok: false, reason: 'unsafe-name', check };
  const oldName = memory.name ?? memory.stem;
  if (name === memory.name) return { ok: false, reason: 'unchanged' };
  if (memory.frontmatter.status === 'invalid') return { ok: false, reason: 'frontmatter-invalid' };
  const other = [...store.findByName(name), ...store.resolveLink(name).targets].find((candidate) => candidate !== memory);
  if (other) return { ok: false, reason: 'name-taken', path: other.path };

  const conventions = options.conventions ?? rootConventions(store);
  const newPath = options.renameFile ? renamedPath(memory, name, conventions) : undefined;
  if (newPath) {
    const clash = [...store.memories()].find((candidate) => candidate !== memory && candidate.path.toLowerCase() === newPath.toLowerCase());
    if (clash) return { ok: false, reason: 'file-taken', path: clash.path };
  }

  const edits = new Map<RootPath, TextEdit[]>();
  const add = (path: RootPath, edit: TextEdit): void => {
    const list = edits.get(path) ?? [];
    list.push(edit);
    edits.set(path, list);
  };

  const nameField = memory.frontmatter.fields.get('name');
  if (nameField) {
    // A value spanning lines is replaced whole; one on its line keeps its quotes, and an empty one gets its space.
    add(memory.path, replaceValueEdit(memory, nameField, name) ?? { range: nameField.valueRange, newText: yamlScalar(name) });
  } else if (memory.frontmatter.status === 'ok') {
    const start = { line: 1, character: 0 };
    add(memory.path, { range: { start, end: start }, newText: `name: ${yamlScalar(name)}${memory.eol}` });
  } else {
    const start = { line: 0, character: 0 };
    add(memory.path, { range: { start, end: start }, newText: `---${memory.eol}name: ${yamlScalar(name)}${memory.eol}---${memory.eol}` });
  }

  for (const occurrence of linksTo(store, memory, { uniqueOnly: true })) {
    add(occurrence.path, { range: occurrence.link.targetRange, newText: name });
  }

  for (const entry of store.indexEntriesFor(memory.path)) {
    if (entry.title === oldName || entry.title === memory.stem) add(INDEX_FILE_NAME, { range: entry.titleRange, newText: indexTitleText(name) });
  }
  // Every link of MEMORY.md to the file follows it, not only the entries': a memory linked in prose or a
  // table would otherwise turn into a missing file.
  const index = store.index;
  if (newPath && index) {
    for (const link of index.links) {
      if (link.target === memory.path) add(INDEX_FILE_NAME, { range: link.hrefRange, newText: retargetIndexHref(writtenIndexLink(index, link), newPath) });
    }
  }

  const result: FileEdit[] = [];
  // The memory first, MEMORY.md last: the order a preview lists them in.
  const order = [...edits.keys()].sort((a, b) => rank(a, memory.path) - rank(b, memory.path) || a.localeCompare(b));
  for (const path of order) result.push({ kind: 'edit', path, edits: edits.get(path)! });
  if (newPath) result.push({ kind: 'rename', path: memory.path, newPath });
  return { ok: true, edits: result, newPath };
}

/**
 * Renames a reservation: every dangling link that reserves `name` (case and `_`/`-` folded) gets the
 * new target, aliases and headings kept. No file exists to rename.
 */
export function planReservationRename(store: MemoryStore, name: string, newName: string): RenamePlan {
  const target = newName.trim();
  const check = checkMemoryName(target);
  if (!check.ok) return { ok: false, reason: 'unsafe-name', check };
  if (target === name) return { ok: false, reason: 'unchanged' };
  const edits = new Map<RootPath, TextEdit[]>();
  for (const occurrence of linksToReservation(store, name)) {
    const list = edits.get(occurrence.path) ?? [];
    list.push({ range: occurrence.link.targetRange, newText: target });
    edits.set(occurrence.path, list);
  }
  return { ok: true, edits: [...edits].map(([path, list]) => ({ kind: 'edit', path, edits: list })), newPath: undefined };
}

/**
 * Keeps MEMORY.md pointing at files that move: every link whose target is `from` (or lies under it,
 * when `from` is a folder) gets the new path, in entries, prose, tables and reference definitions
 * alike. Paths are root-relative; moves out of the root are the caller's to leave alone.
 */
export function planIndexMove(index: MemoryIndex | undefined, moves: readonly { readonly from: RootPath; readonly to: RootPath }[]): FileEdit | undefined {
  if (!index) return undefined;
  const edits: TextEdit[] = [];
  for (const link of index.links) {
    const target = link.target;
    if (target === undefined) continue;
    for (const move of moves) {
      const moved = target === move.from
        ? move.to
        : target.startsWith(move.from + '/') ? move.to + target.slice(move.from.length) : undefined;
      if (moved === undefined) continue;
      edits.push({ range: link.hrefRange, newText: retargetIndexHref(writtenIndexLink(index, link), moved) });
      break;
    }
  }
  return edits.length > 0 ? { kind: 'edit', path: INDEX_FILE_NAME, edits } : undefined;
}

function rank(path: RootPath, memoryPath: RootPath): number {
  return path === memoryPath ? 0 : path === INDEX_FILE_NAME ? 2 : 1;
}
