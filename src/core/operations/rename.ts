import type { MemoryIndex } from '../memoryIndex';
import type { MemoryFile } from '../memoryFile';
import type { MemoryStore } from '../memoryStore';
import type { FileEdit } from '../problems';
import { dirName, foldName, INDEX_FILE_NAME } from '../rootPath';
import { replaceValueEdit } from '../edits/frontmatterEdits';
import type { Position, Range, RootPath, TextEdit } from '../types';
import { memoryFileName, rootConventions, separatorOf, type RootConventions } from '../conventions';
import { checkMemoryName, type NameCheck } from './nameSafety';
import { msg, type Text } from '../text';
import { contains, linkAt, linksTo, linksToReservation } from './references';
import type { MemoryLink } from '../wikiLinks';
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

/** What a rename at a position means: a memory, a reservation (a dangling link's name), or a link to several memories. */
export type RenameTarget =
  | { readonly kind: 'memory'; readonly memory: MemoryFile; readonly range: Range; readonly placeholder: string }
  | { readonly kind: 'reservation'; readonly range: Range; readonly placeholder: string }
  | { readonly kind: 'ambiguous'; readonly range: Range; readonly placeholder: string; readonly candidates: number };

/**
 * The rename at `at` in a file showing `links` (and, for a memory, `memory`): on a `[[link]]` its
 * target, on the memory's `name:` (key or value) the memory itself; undefined anywhere else. The range
 * is the text a rename box covers. The memory returned is the store's copy, so backlinks and index
 * entries are found by identity.
 */
export function renameTargetAt(store: MemoryStore, document: { readonly memory: MemoryFile | undefined; readonly links: readonly MemoryLink[] }, at: Position): RenameTarget | undefined {
  const link = linkAt(document.links, at);
  if (link) {
    const range = link.targetRange;
    const resolution = store.resolveLink(link.target);
    if (resolution.status === 'dangling') return { kind: 'reservation', range, placeholder: link.target };
    if (resolution.status === 'ambiguous') return { kind: 'ambiguous', range, placeholder: link.target, candidates: resolution.targets.length };
    const memory = resolution.targets[0];
    return { kind: 'memory', memory, range, placeholder: memory.name ?? memory.stem };
  }
  const memory = document.memory;
  const field = memory?.frontmatter.fields.get('name');
  if (memory && field && (contains(field.valueRange, at) || contains(field.keyRange, at))) {
    const held = store.get(memory.path) ?? memory;
    return { kind: 'memory', memory: held, range: field.valueRange, placeholder: held.name ?? held.stem };
  }
  return undefined;
}

/** Why a memory name was refused, for a person. */
export function nameRefusalText(name: string, check: Extract<NameCheck, { ok: false }>): Text {
  switch (check.reason) {
    case 'empty':
      return msg('A memory name cannot be empty.');
    case 'absolute':
      return msg('"{0}" is an absolute path. A memory name is a plain name inside the memory folder.', name);
    case 'traversal':
      return msg('"{0}" contains "..", which could lead outside the memory folder.', name);
    case 'separator':
      return msg('"{0}" contains a path separator. A memory name cannot point into another folder.', name);
    case 'hidden':
      return msg('"{0}" starts with a dot: the file would be hidden and never read as a memory.', name);
    case 'control-character':
      return msg('The name contains the control character {0}.', check.detail ?? '');
    case 'invalid-character':
      return msg('The name contains "{0}", which file names cannot hold on Windows.', check.detail ?? '');
    case 'reserved-device':
      return msg('"{0}" is a reserved device name on Windows and cannot be a file name.', check.detail ?? name);
    case 'reserved-file':
      return msg('"{0}" would be the file {1}, which is not a memory (the folder\'s index, README or CLAUDE.md). Choose another name.', name, check.detail ?? name);
    case 'trailing-dot-or-space':
      return msg('"{0}" ends with a dot or a space, which Windows drops from file names.', name);
    case 'too-long':
      return msg('The name is too long for a file name.');
  }
}

/** Why a rename was refused, for a person. */
export function renameRefusalText(newName: string, plan: Extract<RenamePlan, { ok: false }>): Text {
  switch (plan.reason) {
    case 'unsafe-name':
      return nameRefusalText(newName.trim(), plan.check);
    case 'unchanged':
      return msg('The memory already has this name.');
    case 'frontmatter-invalid':
      return msg('The frontmatter of this memory does not parse; fix it before renaming.');
    case 'name-taken':
      return msg('"{0}" is already the name of {1}.', newName.trim(), plan.path);
    case 'file-taken':
      return msg('{0} already exists in the memory folder.', plan.path);
  }
}
