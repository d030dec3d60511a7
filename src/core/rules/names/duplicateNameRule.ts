import type { MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import { ProblemCode, type Problem } from '../../problems';
import { msg } from '../../text';
import { memoryAnchor } from '../shared/problemAnchors';
import { makeProblem, relatedAt } from '../shared/makeProblem';

/**
 * `duplicate-name`: other memories carry this memory's exact name. Reported on each of them, naming
 * the others, so whichever file a person opens says where the twin is.
 */
export function checkDuplicateName(memory: MemoryFile, store: MemoryStore): Problem[] {
  const name = memory.name;
  if (name === undefined) return [];
  const others = store.findByName(name).filter((other) => other.path !== memory.path);
  if (others.length === 0) return [];
  const paths = others.map((other) => other.path).join(', ');
  const message = others.length === 1
    ? msg('Another memory has the name "{0}": {1}.', name, paths)
    : msg('{0} other memories have the name "{1}": {2}.', others.length, name, paths);
  const related = others.map((other) => relatedAt(other.path, memoryAnchor(other), msg('Also named "{0}"', name)));
  return [makeProblem(ProblemCode.DuplicateName, memory.path, memoryAnchor(memory), message, related)];
}
