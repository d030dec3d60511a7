import { termsOf, type Term } from './terms';

/** What the recall check knows of a memory: what Claude Code's selector sees, its file name and description. */
export interface RecallCandidate {
  /** The memory's identity shown to the person (its `name`, or the file stem). */
  readonly name: string;
  /** The file name, as the selector's list shows it. */
  readonly file: string;
  readonly description: string;
}

/** A term of the task found in a memory, and where. */
export interface RecallMatch {
  readonly term: string;
  readonly field: 'name' | 'description';
  /** `piece`: two syllables of a Korean word, a looser match. */
  readonly kind: Term['kind'];
}

export interface RecallHit {
  readonly candidate: RecallCandidate;
  readonly score: number;
  readonly matches: readonly RecallMatch[];
}

/** Claude Code attaches at most this many memory files to one query (selector prompt, 2.1.210). */
export const RECALL_LIMIT = 5;

const NAME_WEIGHT = 1.25;
const PIECE_WEIGHT = 0.4;

/**
 * A rehearsal of recall, not Claude's selector (which is a model reading the same list): each term of
 * the task found in a memory's name or description adds its rarity across the memories (a term in
 * every description tells none apart), more in the name, less for a Korean two-syllable piece.
 * Memories with no term in common score nothing and are left out. Ties keep file order.
 */
export function scoreRecall(task: string, candidates: readonly RecallCandidate[]): RecallHit[] {
  const indexed = candidates.map((candidate) => ({
    candidate,
    name: keyed(termsOf(`${candidate.name} ${candidate.file.replace(/\.md$/i, '')}`)),
    description: keyed(termsOf(candidate.description)),
  }));
  const documentFrequency = new Map<string, number>();
  for (const entry of indexed) {
    for (const term of new Set([...entry.name.keys(), ...entry.description.keys()])) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const rarity = (term: string): number => Math.log(1 + candidates.length / (documentFrequency.get(term) ?? 1));
  const asked = termsOf(task);
  const hits: RecallHit[] = [];
  for (const entry of indexed) {
    let score = 0;
    const matches: RecallMatch[] = [];
    for (const { term, kind: askedKind } of asked) {
      const inName = entry.name.get(term);
      const inDescription = entry.description.get(term);
      const found = inName ?? inDescription;
      if (found === undefined) continue;
      const kind = askedKind === 'piece' || found === 'piece' ? 'piece' : 'exact';
      score += rarity(term) * (inName !== undefined ? NAME_WEIGHT : 1) * (kind === 'piece' ? PIECE_WEIGHT : 1);
      matches.push({ term, field: inName !== undefined ? 'name' : 'description', kind });
    }
    if (score > 0) hits.push({ candidate: entry.candidate, score: Math.round(score * 100) / 100, matches });
  }
  return hits.sort((a, b) => b.score - a.score);
}

/** The memories no sample task ranks in its top {@link RECALL_LIMIT}: at risk of never being offered. */
export function unreachedBy(tasks: readonly string[], candidates: readonly RecallCandidate[]): RecallCandidate[] {
  const reached = new Set<RecallCandidate>();
  for (const task of tasks) for (const hit of scoreRecall(task, candidates).slice(0, RECALL_LIMIT)) reached.add(hit.candidate);
  return candidates.filter((candidate) => !reached.has(candidate));
}

function keyed(terms: readonly Term[]): Map<string, Term['kind']> {
  const map = new Map<string, Term['kind']>();
  for (const { term, kind } of terms) if (map.get(term) !== 'exact') map.set(term, kind);
  return map;
}

/** The memories that share no term with any sample task: nothing in their name or description answers what the person does. */
export function matchedByNone(tasks: readonly string[], candidates: readonly RecallCandidate[]): RecallCandidate[] {
  const matched = new Set<RecallCandidate>();
  for (const task of tasks) for (const hit of scoreRecall(task, candidates)) matched.add(hit.candidate);
  return candidates.filter((candidate) => !matched.has(candidate));
}
