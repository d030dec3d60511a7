import { displayName, type MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import { ProblemCode, type Problem } from '../../problems';
import { msg } from '../../text';
import { fieldAnchor } from '../engine/anchors';
import { makeProblem, relatedAt } from '../engine/makeProblem';
import type { NearDuplicate } from './nearDuplicateIndex';

/** The near-duplicates a problem lists as related: enough to act on, bounded in a template-made root. */
export const MAX_NEAR_DUPLICATES_RELATED = 3;

const HEADING_LINE = /^ {0,3}#{1,6}(?:[ \t][^\r\n]*)?$/gm;

/**
 * What a memory says, for comparing facts: its description and body. The name and other keys are
 * left out, since duplicates are usually saved under different names and every file shares the keys;
 * so are headings, which in memories are mostly a template's (`## Why`, `## How to apply`): without
 * that, every stub made from the same template would be a near-duplicate of every other.
 */
export function similarityText(memory: MemoryFile): string {
  let body = memory.text.slice(memory.frontmatter.bodyStart);
  if (body.includes('#')) body = body.replace(HEADING_LINE, '');
  return memory.description === undefined ? body : `${memory.description}\n${body}`;
}

/**
 * The `near-duplicate` problem of `memory`, at its description: one per memory however many copies
 * there are, naming the closest and listing the closest few as related locations.
 */
export function nearDuplicateProblems(memory: MemoryFile, neighbors: readonly NearDuplicate[], store: MemoryStore): Problem[] {
  const others = neighbors.slice(0, MAX_NEAR_DUPLICATES_RELATED).map((neighbor) => ({ neighbor, other: store.get(neighbor.path)! }));
  if (others.length === 0) return [];
  const { neighbor, other } = others[0];
  const more = neighbors.length - 1;
  const name = displayName(other);
  const message = more === 0
    ? msg('Nearly the same as "{0}" ({1}, {2}% alike): update one memory rather than keep both.', name, other.path, percent(neighbor))
    : more === 1
      ? msg('Nearly the same as "{0}" ({1}, {2}% alike) and 1 other memory: update one memory rather than keep both.', name, other.path, percent(neighbor))
      : msg('Nearly the same as "{0}" ({1}, {2}% alike) and {3} other memories: update one memory rather than keep both.', name, other.path, percent(neighbor), more);
  const related = others.map(({ neighbor, other }) => relatedAt(other.path, fieldAnchor(other, 'description'), msg('"{0}", {1}% alike', displayName(other), percent(neighbor))));
  return [makeProblem(ProblemCode.NearDuplicate, memory.path, fieldAnchor(memory, 'description'), message, related)];
}

function percent(neighbor: NearDuplicate): number {
  return Math.round(neighbor.similarity * 100);
}
