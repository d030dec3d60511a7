import type { MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import { ProblemCode, type Problem } from '../../problems';
import { msg } from '../../text';
import { memoryAnchor } from '../engine/anchors';
import { makeProblem, relatedAt } from '../engine/makeProblem';

/**
 * `link-dangling` and `link-ambiguous` for each `[[link]]` of a memory. A dangling link is a
 * reservation, a deliberate TODO, and says so; an ambiguous one lists its candidates.
 */
export function checkLinks(memory: MemoryFile, store: MemoryStore): Problem[] {
  const problems: Problem[] = [];
  for (const link of memory.links) {
    const resolution = store.resolveLink(link.target);
    if (resolution.status === 'dangling') {
      problems.push(makeProblem(ProblemCode.LinkDangling, memory.path, link.range, msg('Reservation: no memory is named "{0}" yet. A TODO to write it, not an error.', link.target)));
    } else if (resolution.status === 'ambiguous') {
      const candidates = resolution.targets;
      const related = candidates.map((candidate) => relatedAt(candidate.path, memoryAnchor(candidate), msg('Candidate for [[{0}]]', link.target)));
      problems.push(makeProblem(
        ProblemCode.LinkAmbiguous,
        memory.path,
        link.range,
        msg('[[{0}]] matches {1} memories: {2}.', link.target, candidates.length, candidates.map((candidate) => candidate.path).join(', ')),
        related,
      ));
    }
  }
  return problems;
}
