import type { MemoryFile } from '../memoryFile';
import type { MemoryStore } from '../memoryStore';
import { ProblemCode, type Problem } from '../problems';
import { memoryAnchor } from './anchors';
import { makeProblem } from './makeProblem';

/**
 * `duplicate-name`: other memories carry this memory's exact name. Reported on each of them, naming
 * the others, so whichever file a person opens says where the twin is.
 */
export function checkDuplicateName(memory: MemoryFile, store: MemoryStore): Problem[] {
  if (memory.name === undefined) return [];
  const others = store.findByName(memory.name).filter((other) => other.path !== memory.path);
  if (others.length === 0) return [];
  const paths = others.map((other) => other.path).join(', ');
  const message = others.length === 1
    ? `Another memory has the name "${memory.name}": ${paths}.`
    : `${others.length} other memories have the name "${memory.name}": ${paths}.`;
  const related = others.map((other) => ({ path: other.path, range: memoryAnchor(other), message: `Also named "${memory.name}"` }));
  return [makeProblem(ProblemCode.DuplicateName, memory.path, memoryAnchor(memory), message, related)];
}
