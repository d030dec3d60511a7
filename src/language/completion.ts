import { linkCompletions, linkTypingAt, memoryTitle, type MemoryStore, type Position, type Range, type RootPath } from '../core';

/** One name offered after `[[`, before a door makes it its completion item. */
export interface LinkCompletion {
  readonly name: string;
  /** What the door's own filter matches: what was typed leads it for a title or description match, so the filter keeps it. */
  readonly filterText: string;
  /** Core's rank, then its order: the list as core sorted it. */
  readonly sortText: string;
  /** The text that replaces what was typed: the name, and `]]` when the link is not closed yet. */
  readonly newText: string;
  readonly memory?: { readonly type: string | undefined; readonly title: string; readonly description: string | undefined; readonly path: RootPath };
  /** A name reserved by links, with how many memories link to it. */
  readonly reservation?: { readonly linkedFrom: number };
}

/** The names offered while a `[[link]]` is typed at `position` on `line`, with the ranges a door inserts over or replaces. */
export interface LinkCompletionList {
  /** From `[[` to the cursor. */
  readonly inserting: Range;
  /** From `[[` to the end of the name typed, the cursor inside it. */
  readonly replacing: Range;
  readonly items: readonly LinkCompletion[];
}

/**
 * After `[[`: the root's memories and reserved names, matched on name, title and description and
 * ranked by core ({@link linkCompletions}). `line` is the text of the cursor's line as the editor shows it.
 */
export function linkCompletionList(store: MemoryStore, path: RootPath, line: string, position: Position, types: readonly string[]): LinkCompletionList | undefined {
  const typing = linkTypingAt(line, position.character);
  if (!typing) return undefined;
  const closing = typing.closed ? '' : ']]';
  const items = linkCompletions(store, path, position, typing.prefix, types).map(({ candidate, rank, byCore, memory, reservation }, order): LinkCompletion => ({
    name: candidate.name,
    filterText: byCore ? typing.prefix + candidate.name : candidate.name,
    sortText: `${String(rank).padStart(2, '0')}${String(order).padStart(6, '0')}`,
    newText: candidate.name + closing,
    ...(memory ? { memory: { type: memory.type, title: memoryTitle(store, memory), description: memory.description, path: memory.path } } : {}),
    ...(!memory && reservation ? { reservation: { linkedFrom: new Set(reservation.references.map((reference) => reference.source.path)).size } } : {}),
  }));
  return {
    inserting: { start: { line: position.line, character: typing.start }, end: position },
    replacing: { start: { line: position.line, character: typing.start }, end: { line: position.line, character: typing.end } },
    items,
  };
}
