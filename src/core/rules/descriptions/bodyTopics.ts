import type { MemoryFile } from '../../memoryFile';
import { contentWords } from '../../recall/terms';
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
  body = body.replace(ELSEWHERE, ' ');
  const weights = new Map<string, { surface: string; weight: number }>();
  let words = 0;
  let firstLine = true;
  for (const line of body.split(/\r?\n|\r/)) {
    if (line.trim() === '') continue;
    // The heading and the first line state the subject.
    const weight = HEADING.test(line) || firstLine ? 2 : 1;
    if (!HEADING.test(line)) firstLine = false;
    for (const { term, surface: written } of contentWords(line)) {
      // A Korean word is named without the particle the sentence gave it (태그로 -> 태그).
      const surface = /[\uac00-\ud7a3]/.test(term) ? term : written;
      words++;
      if (BODY_STOP.has(term) || GENERIC.has(term) || /^[\d.,:']+$/.test(term) || !tellable(surface)) continue;
      const held = weights.get(term);
      if (held) held.weight += weight;
      else weights.set(term, { surface, weight });
    }
  }
  const topics = [...weights].map(([term, { surface, weight }]) => ({ term, surface, weight }));
  // Stable: equal weights keep the order the body first used them in.
  topics.sort((a, b) => b.weight - a.weight);
  return { topics, words };
}

/** A word a message may repeat: never a key or a generated run the secret rule would hide. */
function tellable(surface: string): boolean {
  return surface.length <= 40 && !(surface.length >= 16 && looksGenerated(surface));
}
