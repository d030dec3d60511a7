import type { MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import { ProblemCode, titleOf, type Problem, type ProblemFix } from '../../problems';
import { foldName } from '../../rootPath';
import { msg } from '../../text';
import type { MemoryLink } from '../../wikiLinks';
import { memoryAnchor } from '../shared/problemAnchors';
import { makeProblem, relatedAt } from '../shared/makeProblem';

/**
 * `link-dangling` and `link-ambiguous` for each `[[link]]` of a memory. A dangling link is a
 * reservation, a deliberate TODO, and says so; an ambiguous one lists its candidates. A dangling link
 * that one memory answers to once Claude Code's `<type>_` prefix is dropped from its file name or name
 * (`[[no-fabrication]]`, with `feedback_no-fabrication.md` named otherwise) is not a reservation but a
 * slip: the problem names that memory and offers to relink to it.
 */
export function checkLinks(memory: MemoryFile, store: MemoryStore): Problem[] {
  const problems: Problem[] = [];
  for (const link of memory.links) {
    const resolution = store.resolveLink(link.target);
    if (resolution.status === 'dangling') {
      problems.push(danglingProblem(memory, link, store));
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

function danglingProblem(memory: MemoryFile, link: MemoryLink, store: MemoryStore): Problem {
  const meant = probableTarget(link.target, store);
  if (!meant) {
    return makeProblem(ProblemCode.LinkDangling, memory.path, link.range, msg('Reservation: no memory is named "{0}" yet. A TODO to write it, not an error.', link.target));
  }
  const { candidate, newTarget } = meant;
  const fix: ProblemFix = {
    ...titleOf(msg('Link to {0} instead', newTarget)),
    preferred: true,
    edits: [{ kind: 'edit', path: memory.path, edits: [{ range: link.targetRange, newText: newTarget }] }],
  };
  return makeProblem(
    ProblemCode.LinkDangling,
    memory.path,
    link.range,
    msg('No memory is named "{0}", but {1} is probably the one meant: link to "{2}".', link.target, candidate.path, newTarget),
    [relatedAt(candidate.path, memoryAnchor(candidate), msg('Probably meant by [[{0}]]', link.target))],
    [fix],
  );
}

/**
 * The one memory whose stem or name, without its first word, is the link's target, and what to write
 * in the link: its name where that is one plain word or slug, else its stem. Chosen from the memory
 * alone, so the answer changes only when a memory with that topic comes, goes or is renamed.
 */
export function probableTarget(target: string, store: MemoryStore): { candidate: MemoryFile; newTarget: string } | undefined {
  const candidates = store.withTopicKey(foldName(target));
  if (candidates.length !== 1) return undefined;
  const candidate = candidates[0];
  const name = candidate.name;
  const newTarget = name !== undefined && /^[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)*$/u.test(name) ? name : candidate.stem;
  return { candidate, newTarget };
}
