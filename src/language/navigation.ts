import { contains, INDEX_FILE_NAME, linkAt, linksTo, linksToReservation, memoryTitle, nameRange, probableTarget, type LinkOccurrence, type MemoryFile, type MemoryStore, type Position, type Range, type RootPath } from '../core';
import type { MemoryMention } from './hover';
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
  /** What leads there: a `[[link]]`, or a MEMORY.md entry's Markdown link (which an editor's Markdown support may already follow). */
  readonly from: 'link' | 'entry';
}

/** A `[[link]]` that leads to no one memory: a door may offer to create it, or to choose among its memories. */
export type UnresolvedLink = { readonly range: Range; readonly target: string } & (
  | { readonly kind: 'dangling'; readonly meant: MemoryMention | undefined }
  | { readonly kind: 'ambiguous'; readonly candidates: number }
);

/**
 * The memories a position leads to, and the range that leads there: a `[[link]]`'s targets (several
 * when it is ambiguous; the client lets the person pick) or a MEMORY.md entry's file. A dangling link
 * leads nowhere yet: its quick fix creates the memory.
 */
export function definitionAt(model: DocumentModel<StoreRoot>, at: Position): LinkTargets | undefined {
  const link = linkAt(model.links, at);
  if (link) {
    const resolution = model.root.store.resolveLink(link.target);
    return resolution.status === 'dangling' ? undefined : { range: link.range, memories: [...resolution.targets], from: 'link' };
  }
  const entry = model.index?.links.find((candidate) => contains(candidate.hrefRange, at));
  const memory = entry?.target === undefined ? undefined : model.root.store.get(entry.target);
  return entry && memory ? { range: entry.hrefRange, memories: [memory], from: 'entry' } : undefined;
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

/** The `[[links]]` of a document that lead to no one memory: dangling ones with the memory they probably meant, ambiguous ones with how many answer. */
export function unresolvedLinks(model: DocumentModel<StoreRoot>): UnresolvedLink[] {
  const { store } = model.root;
  const links: UnresolvedLink[] = [];
  for (const link of model.links) {
    const resolution = store.resolveLink(link.target);
    if (resolution.status === 'ambiguous') links.push({ range: link.range, target: link.target, kind: 'ambiguous', candidates: resolution.targets.length });
    if (resolution.status !== 'dangling') continue;
    const meant = probableTarget(link.target, store)?.candidate;
    links.push({ range: link.range, target: link.target, kind: 'dangling', meant: meant && { title: memoryTitle(store, meant), path: meant.path } });
  }
  return links;
}

/**
 * On a `[[link]]`, a memory's `name:` or a MEMORY.md entry, every link to that memory in the root
 * (memories and MEMORY.md), after its name when `declaration` is asked; on a dangling link, every link
 * reserving the same name. Undefined anywhere else. On a `name:`, the declaration is that value as the
 * document shows it now, the text the person is looking at, which may be ahead of the root's.
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
  const name = onName(model, at);
  if (name) return [...(declaration ? [{ path: model.path, range: name.declaration }] : []), ...locations(linksTo(store, name.memory))];
  const memory = onIndexEntry(model, at);
  return memory && of(memory);
}

/** A memory's whole text, from its first line to its last: where a definition's target lies. */
export function wholeFile(memory: MemoryFile): Range {
  return { start: { line: 0, character: 0 }, end: { line: Math.max(0, memory.lineCount - 1), character: 0 } };
}

/** The memory whose `name:` is at `at` (the root's, whose links are counted) and the value's range in the document. */
function onName(model: DocumentModel<StoreRoot>, at: Position): { memory: MemoryFile; declaration: Range } | undefined {
  const field = model.memory?.frontmatter.fields.get('name');
  if (!model.memory || !field || !(contains(field.valueRange, at) || contains(field.keyRange, at))) return undefined;
  return { memory: model.root.store.get(model.path) ?? model.memory, declaration: field.valueRange };
}

function onIndexEntry(model: DocumentModel<StoreRoot>, at: Position): MemoryFile | undefined {
  if (model.path !== INDEX_FILE_NAME) return undefined;
  return definitionAt(model, at)?.memories[0];
}

function locations(occurrences: readonly LinkOccurrence[]): RootLocation[] {
  return occurrences.map((occurrence) => ({ path: occurrence.path, range: occurrence.link.range }));
}
