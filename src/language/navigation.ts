import { contains, INDEX_FILE_NAME, linkAt, linksTo, linksToReservation, nameRange, type LinkOccurrence, type MemoryFile, type MemoryStore, type Position, type Range, type RootPath } from '../core';
import type { DocumentModel } from './documentModel';

/** What the navigation answers read of a door's root: its store. */
export interface StoreRoot {
  readonly store: MemoryStore;
}

/** A place in a file of the root: a door makes it its location with the URI it knows the file by. */
export interface RootLocation {
  readonly path: RootPath;
  readonly range: Range;
}

/** Where a `[[link]]` or an index entry leads: the range that leads and the memories there. */
export interface LinkTargets {
  readonly range: Range;
  readonly memories: readonly MemoryFile[];
}

/**
 * The memories a position leads to, and the range that leads there: a `[[link]]`'s targets (several
 * when it is ambiguous; the client lets the person pick) or a MEMORY.md entry's file. A dangling link
 * leads nowhere yet: its quick fix creates the memory.
 */
export function definitionAt(model: DocumentModel<StoreRoot>, at: Position): LinkTargets | undefined {
  const link = linkAt(model.links, at);
  if (link) {
    const resolution = model.root.store.resolveLink(link.target);
    return resolution.status === 'dangling' ? undefined : { range: link.range, memories: [...resolution.targets] };
  }
  const entry = model.index?.links.find((candidate) => contains(candidate.hrefRange, at));
  const memory = entry?.target === undefined ? undefined : model.root.store.get(entry.target);
  return entry && memory ? { range: entry.hrefRange, memories: [memory] } : undefined;
}

/** The links of a document that lead to one memory: each `[[link]]` resolving to it alone, and MEMORY.md's entries whose file is there. */
export function resolvedLinks(model: DocumentModel<StoreRoot>): RootLocation[] {
  const { store } = model.root;
  const links: RootLocation[] = [];
  for (const link of model.links) {
    const resolution = store.resolveLink(link.target);
    if (resolution.status === 'resolved') links.push({ range: link.range, path: resolution.targets[0].path });
  }
  for (const link of model.index?.links ?? []) {
    const memory = link.target === undefined ? undefined : store.get(link.target);
    if (memory) links.push({ range: link.hrefRange, path: memory.path });
  }
  return links;
}

/**
 * On a `[[link]]`, a memory's `name:` or a MEMORY.md entry, every link to that memory in the root
 * (memories and MEMORY.md), after its name when `declaration` is asked; on a dangling link, every link
 * reserving the same name. Undefined anywhere else.
 */
export function referencesAt(model: DocumentModel<StoreRoot>, at: Position, declaration: boolean): RootLocation[] | undefined {
  const { store } = model.root;
  const of = (memory: MemoryFile): RootLocation[] => [...(declaration ? [{ path: memory.path, range: nameRange(memory) }] : []), ...locations(linksTo(store, memory))];
  const link = linkAt(model.links, at);
  if (link) {
    const resolution = store.resolveLink(link.target);
    if (resolution.status === 'dangling') return locations(linksToReservation(store, link.target));
    return resolution.targets.flatMap(of);
  }
  const memory = onName(model, at) ?? onIndexEntry(model, at);
  return memory && of(memory);
}

/** A memory's whole text, from its first line to its last: where a definition's target lies. */
export function wholeFile(memory: MemoryFile): Range {
  return { start: { line: 0, character: 0 }, end: { line: Math.max(0, memory.lineCount - 1), character: 0 } };
}

function onName(model: DocumentModel<StoreRoot>, at: Position): MemoryFile | undefined {
  const field = model.memory?.frontmatter.fields.get('name');
  if (!model.memory || !field || !(contains(field.valueRange, at) || contains(field.keyRange, at))) return undefined;
  return model.root.store.get(model.path) ?? model.memory;
}

function onIndexEntry(model: DocumentModel<StoreRoot>, at: Position): MemoryFile | undefined {
  if (model.path !== INDEX_FILE_NAME) return undefined;
  return definitionAt(model, at)?.memories[0];
}

function locations(occurrences: readonly LinkOccurrence[]): RootLocation[] {
  return occurrences.map((occurrence) => ({ path: occurrence.path, range: occurrence.link.range }));
}
