import type { MemoryFile } from '../../memoryFile';
import { forEachContentWord } from '../../recall/terms';
import { looksGenerated } from '../secret/credentialShape';
import { GENERIC } from '../frontmatter/descriptionQuality';
import { blankElsewhere, withoutFencedCode } from './bodyMasks';

/** A word the body keeps coming back to. */
export interface Topic {
  readonly term: string;
  /** As the body first writes it, for a message. */
  readonly surface: string;
  /** Its uses, a heading's or the first line's counting double. */
  readonly weight: number;
}

/**
 * Words every memory body uses whatever it is about: the labels of Claude Code's scaffolding (Why:,
 * How to apply:) and the verbs and adverbs of rules and advice in the three languages, folded as
 * `contentWords` folds them.
 */
const BODY_STOP = new Set([
  'why', 'apply', 'reason', 'use', 'using', 'always', 'never', 'don\'t', 'doesn\'t', 'should', 'must', 'need', 'make', 'also', 'only', 'just',
  'instead', 'than', 'before', 'after', 'each', 'every', 'any', 'all', 'same', 'one', 'two', 'new', 'like', 'because', 'get', 'see', 'set',
  'want', 'ask', 'says', 'say', 'user', 'e.g', 'i.e', 'via', 'etc', 'more', 'less', 'first', 'then', 'now', 'still', 'even', 'other',
  '이유', '적용', '방법', '사용', '사용자', '경우', '항상', '반드시', '때', '위해', '대신', '먼저', '모든', '그리고', '하지만', '이런', '그런', '하지', '않는다', '않고',
  '理由', '適用', '方法', '使用', 'ユーザー', '場合', '必ず', '常', '前', '後', '全', '時',
]);

/** Words that name no subject, looked up once per word. */
const IGNORED: ReadonlySet<string> = new Set([...BODY_STOP, ...GENERIC]);

/** What a body is about: its words by weight, heaviest first (ties in order of appearance), and how many words it has. */
export function bodyTopics(memory: MemoryFile): { readonly topics: readonly Topic[]; readonly words: number } {
  const read = readBody(memory);
  return { topics: read.heaviest(read.terms.length), words: read.words };
}

/**
 * A body's words as {@link bodyTopics} weighs them, in order of first use, with the heaviest picked
 * out on demand: a rule reads the few heaviest, and sorting every word of every body was much of its cost.
 */
export interface BodyReading {
  /** Each subject word once, in order of first use. */
  readonly terms: readonly string[];
  /** The weight of each of `terms`. */
  readonly weights: readonly number[];
  /** How many content words the body has. */
  readonly words: number;
  /** The `count` heaviest topics, heaviest first, ties in order of first use. */
  heaviest(count: number): Topic[];
}

export function readBody(memory: MemoryFile): BodyReading {
  let body = memory.text.slice(memory.frontmatter.bodyStart);
  // Code is the example, not the subject: its keywords would outweigh the prose around it.
  if (body.includes('```') || body.includes('~~~')) body = withoutFencedCode(body);
  // Links to other memories and addresses (a site's, a database's: postgres://, s3://) name the other
  // memory's subject, or where something lives rather than what the memory is about.
  // Normalized here so that the words' offsets, in the text as `contentWords` normalizes it, are offsets in this.
  if (body.includes('[[') || body.includes('](') || body.includes('://')) body = blankElsewhere(body);
  body = body.normalize('NFKC');
  const stated = statingRanges(body);
  const indexOf = new Map<string, number>();
  const terms: string[] = [];
  const weights: number[] = [];
  // Where each term was first written (its surface, for a message), sliced only for the heaviest.
  const surfaces: (string | number)[] = [];
  let words = 0;
  let range = 0;
  forEachContentWord(body, (term, at, length) => {
    words++;
    const first = term.charCodeAt(0);
    // Numbers and versions are no subject.
    if ((first >= 0x30 && first <= 0x39 && /^[\d.,:']+$/.test(term)) || IGNORED.has(term)) return;
    while (range < stated.length && stated[range + 1] <= at) range += 2;
    // The heading and the first line state the subject.
    const weight = range < stated.length && stated[range] <= at ? 2 : 1;
    const held = indexOf.get(term);
    if (held !== undefined) {
      weights[held] += weight;
      return;
    }
    // A Korean word is named without the particle the sentence gave it (태그로 -> 태그).
    const korean = first >= 0xac00 && first <= 0xd7a3;
    if (korean ? !tellable(term) : length >= SHORT_SURFACE && !tellable(body.slice(at, at + length))) return;
    indexOf.set(term, terms.length);
    terms.push(term);
    weights.push(weight);
    surfaces.push(korean ? term : at * SURFACE_LENGTHS + Math.min(length, SURFACE_LENGTHS - 1));
  });
  return {
    terms,
    weights,
    words,
    heaviest(count) {
      const order = heaviestFirst(weights, count);
      return order.map((at) => {
        const surface = surfaces[at];
        return { term: terms[at], surface: typeof surface === 'string' ? surface : body.slice(Math.floor(surface / SURFACE_LENGTHS), Math.floor(surface / SURFACE_LENGTHS) + (surface % SURFACE_LENGTHS)), weight: weights[at] };
      });
    },
  };
}

/** A surface this short is always tellable (see {@link tellable}): it need not be sliced to be judged. */
const SHORT_SURFACE = 16;
/**
 * A surface's offset and length are held as one number, offset * SURFACE_LENGTHS + length: a tellable
 * surface is at most 40 characters long.
 */
const SURFACE_LENGTHS = 64;

/** The positions of the `count` largest weights, largest first, ties in order of position (a stable sort's first `count`). */
function heaviestFirst(weights: readonly number[], count: number): number[] {
  if (count >= weights.length) return weights.map((_, at) => at).sort((a, b) => weights[b] - weights[a] || a - b);
  const picked: number[] = [];
  for (let at = 0; at < weights.length; at++) {
    const weight = weights[at];
    if (picked.length === count && weight <= weights[picked[count - 1]]) continue;
    let place = picked.length < count ? picked.length : count - 1;
    while (place > 0 && weights[picked[place - 1]] < weight) place--;
    if (picked.length < count) picked.splice(place, 0, at);
    else {
      picked.pop();
      picked.splice(place, 0, at);
    }
  }
  return picked;
}

/** Start and end offsets, in pairs, of the lines that state a body's subject: its headings and its first line of prose. */
function statingRanges(body: string): number[] {
  const ranges: number[] = [];
  let firstLine = true;
  let start = 0;
  while (start < body.length) {
    let end = body.indexOf('\n', start);
    if (end < 0) end = body.length;
    // Read in place rather than sliced: a blank line is all white space (as trim() sees it), a heading
    // is up to three spaces, one to six #, and a white space character (/^ {0,3}#{1,6}\s/).
    let at = start;
    while (at < end && isWhiteSpace(body.charCodeAt(at))) at++;
    if (at < end) {
      let hashes = start;
      while (hashes < end && hashes - start < 3 && body.charCodeAt(hashes) === 0x20) hashes++;
      let after = hashes;
      while (after < end && body.charCodeAt(after) === 0x23) after++;
      const heading = after > hashes && after - hashes <= 6 && after < end && isWhiteSpace(body.charCodeAt(after));
      if (heading || firstLine) ranges.push(start, end);
      if (!heading) firstLine = false;
    }
    start = end + 1;
  }
  return ranges;
}

/** What `trim()` removes and `\s` matches: white space and line terminators. */
function isWhiteSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** A word a message may repeat: never a key or a generated run the secret rule would hide. */
function tellable(surface: string): boolean {
  return surface.length <= 40 && !(surface.length >= 16 && looksGenerated(surface));
}
