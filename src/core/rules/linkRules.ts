import type { MemoryFile } from '../memoryFile';
import type { MemoryStore } from '../memoryStore';
import { ProblemCode, type Problem } from '../problems';
import { memoryAnchor } from './anchors';
import { makeProblem } from './makeProblem';

/**
 * `link-dangling` and `link-ambiguous` for each `[[link]]` of a memory. A dangling link is a
 * reservation, a deliberate TODO, and says so; an ambiguous one lists its candidates.
 */
export function checkLinks(memory: MemoryFile, store: MemoryStore): Problem[] {
  const problems: Problem[] = [];
  for (const link of memory.links) {
    const resolution = store.resolveLink(link.target);
    if (resolution.status === 'dangling') {
      problems.push(makeProblem(ProblemCode.LinkDangling, memory.path, link.range, `Reservation: no memory is named "${link.target}" yet. A TODO to write it, not an error.`));
    } else if (resolution.status === 'ambiguous') {
      const candidates = resolution.targets;
      const related = candidates.map((candidate) => ({ path: candidate.path, range: memoryAnchor(candidate), message: `Candidate for [[${link.target}]]` }));
      problems.push(makeProblem(
        ProblemCode.LinkAmbiguous,
        memory.path,
        link.range,
        `[[${link.target}]] matches ${candidates.length} memories: ${candidates.map((candidate) => candidate.path).join(', ')}.`,
        related,
      ));
    }
  }
  return problems;
}
