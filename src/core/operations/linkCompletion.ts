import type { MemoryFile } from '../memoryFile';
import { memoryLabel } from '../memoryLabel';
import type { MemoryStore, Reservation } from '../memoryStore';
import type { Position, Range, RootPath } from '../types';

/** Something a `[[` can link to: a memory that exists, or a name other links already reserve. */
export interface LinkCandidate {
  readonly kind: 'memory' | 'reservation';
  /** What the link writes: the memory's name (or stem), or the reserved name. */
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
}

export interface RankedCandidate<C extends LinkCandidate = LinkCandidate> {
  readonly candidate: C;
  /** Lower is better: where the typed text was found, memories before reservations. */
  readonly rank: number;
}

// Where the typed text matched, best first. A reservation ranks after every memory: it is a name
// nobody has written yet, so picking it links to nothing.
const NAME_PREFIX = 0;
const NAME = 1;
const TITLE = 2;
const DESCRIPTION = 3;
const RESERVATION = 10;

/**
 * The candidates whose name, title or description holds what was typed after `[[`, best first.
 * Case, width (NFKC) and spaces are ignored, so `[[수식` finds "수식 표기", `[[latex` finds a
 * description mentioning LaTeX and `[[コミット` a title of コミットの書き方. Ties keep the name order.
 */
export function rankLinkCandidates<C extends LinkCandidate>(typed: string, candidates: readonly C[]): RankedCandidate<C>[] {
  const query = normalize(typed);
  const ranked: RankedCandidate<C>[] = [];
  for (const candidate of candidates) {
    const rank = matchRank(query, candidate);
    if (rank === undefined) continue;
    ranked.push({ candidate, rank: rank + (candidate.kind === 'reservation' ? RESERVATION : 0) });
  }
  return ranked.sort((a, b) => a.rank - b.rank || compareNames(a.candidate.name, b.candidate.name));
}

function matchRank(query: string, candidate: LinkCandidate): number | undefined {
  if (query === '') return NAME_PREFIX;
  const name = normalize(candidate.name);
  if (name.startsWith(query)) return NAME_PREFIX;
  if (name.includes(query) || name.replace(/[-_]/g, '').includes(query.replace(/[-_]/g, ''))) return NAME;
  if (candidate.title && normalize(candidate.title).includes(query)) return TITLE;
  if (candidate.description && normalize(candidate.description).includes(query)) return DESCRIPTION;
  return undefined;
}

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One entry of the list after `[[`: what core matched comes first (`byCore`), the rest keep the name order. */
export interface LinkCompletion {
  readonly candidate: LinkCandidate;
  readonly rank: number;
  /** Matched on name, title or description by core; the others are left to the editor's own filter on the name. */
  readonly byCore: boolean;
  readonly memory?: MemoryFile;
  readonly reservation?: Reservation;
}

/**
 * What a `[[` typed at `position` of `path` offers: the root's memories (but the one being edited) and
 * the names other links reserve (not the link being typed itself), ranked by {@link rankLinkCandidates};
 * every editor shows this list, so both adapters build it here.
 */
export function linkCompletions(store: MemoryStore, path: RootPath, position: Position, typed: string, types: readonly string[]): LinkCompletion[] {
  type Candidate = LinkCandidate & { readonly memory?: MemoryFile; readonly reservation?: Reservation };
  const candidates: Candidate[] = [];
  for (const memory of store.memories()) {
    if (memory.path === path) continue;
    const title = store.indexEntriesFor(memory.path)[0]?.title;
    candidates.push({ kind: 'memory', name: memory.name ?? memory.stem, title: memoryLabel(memory, title, types), description: memory.description, memory });
  }
  for (const reservation of store.reservations()) {
    const others = reservation.references.filter((reference) => !(reference.source.path === path && reference.link.range.start.line === position.line
      && reference.link.range.start.character <= position.character && position.character <= reference.link.range.end.character));
    if (others.length > 0) candidates.push({ kind: 'reservation', name: reservation.name, reservation: { ...reservation, references: others } });
  }
  // What core matches on name, title or description comes first; the rest stay for the editor's own
  // fuzzy filter on the name (`[[fe` still finds user-profile), after them.
  const ranked = rankLinkCandidates(typed, candidates);
  const matched = new Set<Candidate>(ranked.map(({ candidate }) => candidate));
  const rest = candidates.filter((candidate) => !matched.has(candidate)).map((candidate) => ({ candidate, rank: candidate.kind === 'memory' ? 20 : 30, byCore: false }));
  return [...ranked.map((entry) => ({ ...entry, byCore: true })), ...rest].map(({ candidate, rank, byCore }) => ({
    candidate, rank, byCore, ...(candidate.memory ? { memory: candidate.memory } : {}), ...(candidate.reservation ? { reservation: candidate.reservation } : {}),
  }));
}

/** The title a person knows a memory by: its index entry's (unless that only names the file), else its name. */
export function memoryTitle(store: MemoryStore, memory: MemoryFile): string {
  // As the tree names it: an index title that is only the file's name is no title.
  return memoryLabel(memory, store.indexEntriesFor(memory.path)[0]?.title, []);
}

/** Where a link lands in its target: the `name` value, or the top of the file. */
export function nameRange(memory: MemoryFile): Range {
  const field = memory.frontmatter.fields.get('name');
  return field ? field.valueRange : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}
