import type { MemoryFile } from '../../memoryFile';
import { forEachContentWord } from '../../recall/terms';
import { looksGenerated } from '../secret/credentialShape';
import { GENERIC } from '../frontmatter/descriptionQuality';

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

const FENCE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[ \t]*$/gm;
/** Links to other memories and addresses: what they name is the other memory's or a site's. */
const ELSEWHERE = /\[\[[^\]\n]*\]\]|\]\([^)\n]*\)|\bhttps?:\/\/\S+/g;
const HEADING = /^ {0,3}#{1,6}\s/;

/** What a body is about: its words by weight, heaviest first (ties in order of appearance), and how many words it has. */
export function bodyTopics(memory: MemoryFile): { readonly topics: readonly Topic[]; readonly words: number } {
  let body = memory.text.slice(memory.frontmatter.bodyStart);
  // Code is the example, not the subject: its keywords would outweigh the prose around it.
  if (body.includes('```') || body.includes('~~~')) body = body.replace(FENCE, '');
  // Normalized here so that the words' offsets, in the text as `contentWords` normalizes it, are offsets in this.
  body = body.replace(ELSEWHERE, ' ').normalize('NFKC');
  const stated = statingRanges(body);
  const weights = new Map<string, { surface: string; weight: number }>();
  let words = 0;
  let range = 0;
  forEachContentWord(body, (term, at, length) => {
    words++;
    const first = term.charCodeAt(0);
    // Numbers and versions are no subject.
    if ((first >= 0x30 && first <= 0x39 && /^[\d.,:']+$/.test(term)) || BODY_STOP.has(term) || GENERIC.has(term)) return;
    while (range < stated.length && stated[range + 1] <= at) range += 2;
    // The heading and the first line state the subject.
    const weight = range < stated.length && stated[range] <= at ? 2 : 1;
    const held = weights.get(term);
    if (held) {
      held.weight += weight;
      return;
    }
    // A Korean word is named without the particle the sentence gave it (태그로 -> 태그).
    const surface = first >= 0xac00 && first <= 0xd7a3 ? term : body.slice(at, at + length);
    if (tellable(surface)) weights.set(term, { surface, weight });
  });
  const topics = [...weights].map(([term, { surface, weight }]) => ({ term, surface, weight }));
  // Stable: equal weights keep the order the body first used them in.
  topics.sort((a, b) => b.weight - a.weight);
  return { topics, words };
}

/** Start and end offsets, in pairs, of the lines that state a body's subject: its headings and its first line of prose. */
function statingRanges(body: string): number[] {
  const ranges: number[] = [];
  let firstLine = true;
  let start = 0;
  while (start < body.length) {
    let end = body.indexOf('\n', start);
    if (end < 0) end = body.length;
    const line = body.slice(start, end);
    if (line.trim() !== '') {
      const heading = HEADING.test(line);
      if (heading || firstLine) ranges.push(start, end);
      if (!heading) firstLine = false;
    }
    start = end + 1;
  }
  return ranges;
}

/** A word a message may repeat: never a key or a generated run the secret rule would hide. */
function tellable(surface: string): boolean {
  return surface.length <= 40 && !(surface.length >= 16 && looksGenerated(surface));
}
