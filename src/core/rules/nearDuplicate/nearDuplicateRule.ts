import { displayName, type MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import { ProblemCode, type Problem } from '../../problems';
import { msg, type Text } from '../../text';
import type { Range } from '../../types';
import { fieldAnchor } from '../shared/problemAnchors';
import { makeProblem, relatedAt } from '../shared/makeProblem';
import { factText, type FactText } from './factText';
import type { NearDuplicate } from './nearDuplicateIndex';
import { quotedPassage, sharedDescriptionWords } from './sharedText';

/** The near-duplicates a problem lists as related: enough to act on, bounded in a template-made root. */
export const MAX_NEAR_DUPLICATES_RELATED = 3;

/** What the index compares of a memory: its description and its body's distinctive content. */
export function similarityText(memory: MemoryFile): FactText {
  return factText(memory);
}

/**
 * The `near-duplicate` problem of `memory`, at its description: one per memory however many copies
 * there are, naming the closest, saying what the two share, and listing the closest few as related
 * locations.
 */
export function nearDuplicateProblems(memory: MemoryFile, neighbors: readonly NearDuplicate[], store: MemoryStore): Problem[] {
  const others = neighbors.slice(0, MAX_NEAR_DUPLICATES_RELATED).map((neighbor) => ({ neighbor, other: store.get(neighbor.path)! }));
  if (others.length === 0) return [];
  const { neighbor, other } = others[0];
  const related = others.map(({ neighbor, other }) => relatedAt(other.path, descriptionAnchor(other), relatedMessage(neighbor, displayName(other))));
  return [makeProblem(ProblemCode.NearDuplicate, memory.path, descriptionAnchor(memory), message(memory, other, neighbor), related)];
}

/**
 * A memory's description range. A memory with near-duplicates is named by its own problem and by each
 * of theirs (stress corpus: 15,000 problems, 60,000 ranges, a few thousand distinct): makeProblem and
 * relatedAt share equal ranges, so none is kept per memory here (a table of them cost 40 bytes a memory).
 */
function descriptionAnchor(memory: MemoryFile): Range {
  return fieldAnchor(memory, 'description');
}

function message(memory: MemoryFile, other: MemoryFile, neighbor: NearDuplicate): Text {
  const name = displayName(other);
  const key = neighbor.sharedPassage;
  if (neighbor.relation === 'inside') {
    return msg('Everything this memory says is also in "{0}" ({1}), from "{2}" on: keep one of them.', name, other.path, quoted(memory, key));
  }
  if (neighbor.relation === 'holds') {
    return msg('Holds all of "{0}" ({1}), from "{2}" on: delete that memory or this copy of it.', name, other.path, quoted(other, key));
  }
  if (neighbor.relation === 'shares') {
    return msg('Repeats word for word what "{0}" ({1}) says: "{2}". Keep it in one memory and link to it from the other.', name, other.path, quoted(memory, key));
  }
  const alike = percent(neighbor);
  if (key !== undefined) {
    return msg('Nearly the same as "{0}" ({1}, {2}% alike; both say "{3}"): update one memory rather than keep both.', name, other.path, alike, quoted(memory, key));
  }
  const words = sharedDescriptionWords(memory.description ?? '', other.description ?? '');
  if (words.length > 0) {
    return msg('Nearly the same as "{0}" ({1}, {2}% alike; both descriptions name {3}): update one memory rather than keep both.', name, other.path, alike, words.join(', '));
  }
  return msg('Nearly the same as "{0}" ({1}, {2}% alike): update one memory rather than keep both.', name, other.path, alike);
}

/** The shared passage as `memory`'s body has it; the index found it there, so only a hash collision leaves it empty. */
function quoted(memory: MemoryFile, key: number | undefined): string {
  return (key === undefined ? undefined : quotedPassage(factText(memory).body, key)) ?? '';
}

function relatedMessage(neighbor: NearDuplicate, name: string): Text {
  if (neighbor.relation === 'inside') return msg('"{0}", which holds all of this memory', name);
  if (neighbor.relation === 'holds') return msg('"{0}", held whole in this memory', name);
  if (neighbor.relation === 'shares') return msg('"{0}", which says the same word for word', name);
  return msg('"{0}", {1}% alike', name, percent(neighbor));
}

function percent(neighbor: NearDuplicate): number {
  return Math.round(neighbor.similarity * 100);
}
