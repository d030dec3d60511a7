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
