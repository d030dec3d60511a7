import { LineIndex } from '../lineIndex';
import { findLinks, type MemoryLink } from '../wikiLinks';
import type { MemoryFile } from '../memoryFile';
import type { MemoryIndex } from '../memoryIndex';
import type { MemoryStore } from '../memoryStore';
import { foldName, INDEX_FILE_NAME } from '../rootPath';
import type { Position, Range, RootPath } from '../types';

/** One `[[link]]` in a file of the root: a memory, or MEMORY.md. */
export interface LinkOccurrence {
  readonly path: RootPath;
  readonly link: MemoryLink;
}

/** `[[links]]` written in MEMORY.md itself, which the store does not keep. */
export function indexLinks(index: MemoryIndex | undefined): MemoryLink[] {
  if (!index || !index.text.includes('[[')) return [];
  return findLinks(index.text, 0, new LineIndex(index.text));
}

/**
 * Every link that resolves to `memory`: from memories (the store's backlinks) and from MEMORY.md.
 * With `uniqueOnly`, links that are ambiguous between `memory` and another are left out: a rename
 * must not decide which of two memories a link meant.
 */
export function linksTo(store: MemoryStore, memory: MemoryFile, options: { readonly uniqueOnly?: boolean } = {}): LinkOccurrence[] {
  const accepts = (target: string): boolean => {
    const resolution = store.resolveLink(target);
    return resolution.targets.includes(memory) && (!options.uniqueOnly || resolution.status === 'resolved');
  };
  const occurrences: LinkOccurrence[] = store.backlinks(memory)
    .filter((reference) => !options.uniqueOnly || accepts(reference.link.target))
    .map((reference) => ({ path: reference.source.path, link: reference.link }));
  for (const link of indexLinks(store.index)) {
    if (accepts(link.target)) occurrences.push({ path: INDEX_FILE_NAME, link });
  }
  return occurrences.sort((a, b) => a.path.localeCompare(b.path) || comparePositions(a.link.range.start, b.link.range.start));
}

/** Every dangling link, in memories and MEMORY.md, that reserves `name` (case and `_`/`-` folded). */
export function linksToReservation(store: MemoryStore, name: string): LinkOccurrence[] {
  const key = foldName(name);
  if (store.resolveLink(name).status !== 'dangling') return [];
  const reservation = store.reservations().find((candidate) => foldName(candidate.name) === key);
  const occurrences: LinkOccurrence[] = (reservation?.references ?? []).map((reference) => ({ path: reference.source.path, link: reference.link }));
  for (const link of indexLinks(store.index)) {
    if (foldName(link.target) === key) occurrences.push({ path: INDEX_FILE_NAME, link });
  }
  return occurrences;
}

/** The link under `position`: the brackets count, so a click on `[[` finds it too. */
export function linkAt(links: readonly MemoryLink[], position: Position): MemoryLink | undefined {
  return links.find((link) => contains(link.range, position));
}

export function contains(range: Range, position: Position): boolean {
  return comparePositions(range.start, position) <= 0 && comparePositions(position, range.end) <= 0;
}

export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}
