import { displayName, type MemoryFile } from '../../memoryFile';
import { ProblemCode, type Problem } from '../../problems';
import { msg } from '../../text';
import { fieldAnchor } from '../shared/problemAnchors';
import { makeProblem, relatedAt } from '../shared/makeProblem';
import { bodyTopics } from './bodyTopics';

/** The alike memories a problem lists as related: enough to act on. */
const MAX_RELATED = 3;
/** Bodies sharing this share of the smaller one's words say much the same: `near-duplicate`'s to judge. */
const SAME_BODY = 0.5;
/** A body of fewer words cannot be told to say something else. */
const MIN_BODY_WORDS = 3;

/**
 * `description-alike`: `memory`'s description shares nearly all its words with those of `alike` (the
 * index found them), while the bodies say different things, so a task matching one matches the other
 * just as well and nothing tells Claude Code's selector which holds what the task needs. Pairs whose
 * bodies share half their words are left to `near-duplicate`.
 */
export function checkDescriptionAlike(memory: MemoryFile, alike: readonly MemoryFile[]): Problem[] {
  if (alike.length === 0) return [];
  const own = bodyWords(memory);
  if (own.size < MIN_BODY_WORDS) return [];
  const others = alike.filter((other) => differ(own, bodyWords(other)));
  if (others.length === 0) return [];
  const [first] = others;
  const related = others.slice(0, MAX_RELATED).map((other) => relatedAt(other.path, fieldAnchor(other, 'description'), msg('"{0}", described nearly the same', displayName(other))));
  return [
    makeProblem(
      ProblemCode.DescriptionAlike,
      memory.path,
      fieldAnchor(memory, 'description'),
      msg('The description is nearly the same as that of "{0}" ({1}), whose body says something else: recall cannot tell the two apart. Say in each what sets it apart.', displayName(first), first.path),
      related,
    ),
  ];
}

function bodyWords(memory: MemoryFile): ReadonlySet<string> {
  return new Set(bodyTopics(memory).topics.map((topic) => topic.term));
}

function differ(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (b.size < MIN_BODY_WORDS) return false;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared < SAME_BODY * Math.min(a.size, b.size);
}
