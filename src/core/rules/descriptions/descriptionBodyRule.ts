import type { MemoryFile } from '../../memoryFile';
import { ProblemCode, type Problem } from '../../problems';
import { msg } from '../../text';
import { fieldAnchor } from '../shared/problemAnchors';
import { makeProblem } from '../shared/makeProblem';
import { readBody, type Topic } from './bodyTopics';
import type { BodyTopic } from '../shared/fileMemo';
import { descriptionTerms, recallKey, wordMatcher } from './descriptionWords';

/** The body's heaviest words compared with the name and description: its subject, as far as words say. */
const TOPICS = 6;
/** A body shorter than this says too little for its heaviest words to be its subject. */
const MIN_WORDS = 30;
/** The heaviest word is used at least this often (a heading's or first line's use counting double)... */
const MIN_TOP_WEIGHT = 3;
/** ...and at least this many of the subject's words, each used twice or more, are missing. */
const MIN_MISSING = 3;
const MIN_WEIGHT = 2;
/**
 * The body's uses of the name's and description's words weigh at most this part of its heaviest words'
 * (an accurate summary over a detailed body names the subject a few times among many details).
 */
const MAX_KEY_SHARE = 1 / 8;
/** How many of the missing words a message names. */
const NAMED = 4;

export interface BodyMismatch {
  /** Set when the body's subject is in neither name nor description: its words, whose being common in the root decides the finding. */
  readonly subject?: readonly string[];
  readonly problem?: Problem;
}

const NONE: BodyMismatch = {};

/**
 * `description-body-mismatch`: the words the body keeps coming back to (its heading, its first line,
 * what it repeats) are in neither the name nor the description, so Claude Code, which picks memories
 * by those alone, does not recall the memory for what it holds. Only where no word of the subject is
 * in the name or description, the body uses their words little or not at all (a summary description
 * over a detailed body is right), the body is long enough to have a subject, and three or more of
 * its words are missing that are not common across the root's descriptions (`isCommon`): naming those
 * would tell this memory apart. A description in another language than the body is not judged: words
 * cannot show that it disagrees. `said` is the description's words ({@link descriptionTerms}), when the
 * caller has them already (in any order).
 */
export function checkDescriptionBody(memory: MemoryFile, isCommon: (term: string) => boolean, said: readonly string[] = descriptionTerms(memory.description?.trim() ?? '')): BodyMismatch {
  return bodyMismatch(memory, bodySubject(memory, said), isCommon);
}

/**
 * The part of {@link checkDescriptionBody} that reads the memory alone (the costly part): the body's
 * subject when it is long enough to have one and neither the name nor the description names it, else null.
 */
export function bodySubject(memory: MemoryFile, said: readonly string[]): readonly BodyTopic[] | null {
  if (said.length < 2) return null;
  // A description that only repeats the name is description-vague's to report.
  if (mayRepeatName(said, memory.name ?? '')) {
    const named = new Set(descriptionTerms(memory.name ?? ''));
    if (said.every((term) => named.has(term))) return null;
  }
  // Thirty words take sixty characters at the least: a shorter body is not read.
  if (memory.text.length - memory.frontmatter.bodyStart < 2 * MIN_WORDS) return null;
  const body = readBody(memory);
  if (body.words < MIN_WORDS || body.terms.length === 0) return null;
  const subject = body.heaviest(TOPICS);
  if (subject[0].weight < MIN_TOP_WEIGHT) return null;
  const key = recallKey(memory, said);
  const inKey = wordMatcher(key);
  if (subject.some((topic) => inKey(topic.term))) return null;
  let keyWeight = 0;
  for (let at = 0; at < body.terms.length; at++) if (inKey(body.terms[at])) keyWeight += body.weights[at];
  if (keyWeight > MAX_KEY_SHARE * subject.reduce((sum, topic) => sum + topic.weight, 0)) return null;
  if (!sharesAScript(subject, key)) return null;
  return subject.map(({ term, surface, weight }) => ({ term, surface, weight }));
}

/** The rest of {@link checkDescriptionBody}: whether enough of the subject's words are rare in the root to make it a finding. */
export function bodyMismatch(memory: MemoryFile, subject: readonly BodyTopic[] | null, isCommon: (term: string) => boolean): BodyMismatch {
  if (!subject) return NONE;
  const missing = subject.filter((topic) => topic.weight >= MIN_WEIGHT && !isCommon(topic.term));
  const terms = subject.map((topic) => topic.term);
  if (missing.length < MIN_MISSING) return { subject: terms };
  const missingWords = missing.slice(0, NAMED).map((topic) => topic.surface).join(', ');
  const problem = makeProblem(
    ProblemCode.DescriptionBodyMismatch,
    memory.path,
    fieldAnchor(memory, 'description'),
    msg('The body is mostly about {0}, which neither the name nor the description mentions: Claude Code recalls a memory by its name and description only, so say it there (or split a memory that holds two things).', missingWords),
  );
  return { subject: terms, problem };
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Whether every one of `said` may be a word of `name`. A word of a name in ASCII is part of its lower-cased
 * text (a stem is a word's start): a description word that is not says more than the name, and the name
 * need not be read for words (most names are slugs, and most descriptions say more).
 */
function mayRepeatName(said: readonly string[], name: string): boolean {
  if (!ASCII.test(name)) return true;
  const lower = name.toLowerCase();
  return said.every((term) => lower.includes(term));
}

type Script = 'latin' | 'hangul' | 'japanese';

function scriptOf(term: string): Script {
  if (/[\uac00-\ud7a3]/.test(term)) return 'hangul';
  return /[\u3040-\u30ff\u3400-\u9fff]/.test(term) ? 'japanese' : 'latin';
}

/** Whether the body's subject and the recall key are written, at least in part, in the same script. */
function sharesAScript(subject: readonly Topic[], key: readonly string[]): boolean {
  const scripts = new Set(key.map(scriptOf));
  return subject.some((topic) => scripts.has(scriptOf(topic.term)));
}
