/**
 * A memory's passages: its sentences and list items, normalized (case, punctuation, list markers and
 * spacing dropped) so that a passage copied into another memory is the same passage there. Whether one
 * memory's passages are all inside another is what finds a memory copied whole into a newer one, which
 * a resemblance of shingle sets misses as soon as the newer one is a few times longer.
 */

/** A passage counts from this weight on (letters and digits, a Hangul, kana or kanji character counting two): shorter ones are labels. */
export const MIN_PASSAGE_WEIGHT = 16;

/** One passage as a person reads it, and its normalized form. */
export interface Passage {
  readonly text: string;
  readonly normalized: string;
  readonly weight: number;
}

/** A memory's distinct passages as sorted hashes with their weights, and the weights' sum. */
export interface PassageSet {
  readonly keys: Int32Array;
  readonly weights: Int32Array;
  readonly total: number;
}

/** The passages of `text` in order, duplicates included. */
export function passagesOf(text: string): Passage[] {
  const found: Passage[] = [];
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.trim() === '') continue;
    for (const sentence of splitSentences(line)) {
      const normalized = normalize(sentence);
      const weight = weightOf(normalized);
      if (weight >= MIN_PASSAGE_WEIGHT) found.push({ text: sentence.trim(), normalized, weight });
    }
  }
  return found;
}

/** The distinct passages of `text`, for the index. */
export function passageSet(text: string): PassageSet {
  const byKey = new Map<number, number>();
  for (const passage of passagesOf(text)) byKey.set(hashOf(passage.normalized), passage.weight);
  const keys = Int32Array.from(byKey.keys()).sort();
  const weights = new Int32Array(keys.length);
  let total = 0;
  keys.forEach((key, i) => {
    weights[i] = byKey.get(key)!;
    total += weights[i];
  });
  return { keys, weights, total };
}

/** The weight two passage sets share: one merge of their sorted keys. */
export function sharedWeight(a: PassageSet, b: PassageSet): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.keys.length && j < b.keys.length; ) {
    if (a.keys[i] === b.keys[j]) {
      shared += a.weights[i];
      i++;
      j++;
    } else if (a.keys[i] < b.keys[j]) i++;
    else j++;
  }
  return shared;
}

/** Sentences end at `.`, `!` or `?` before a space or the line's end, and at `。！？`, after which CJK puts no space. */
function splitSentences(line: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    const ends = c === '。' || c === '！' || c === '？' || ((c === '.' || c === '!' || c === '?') && (i + 1 === line.length || line[i + 1] === ' ' || line[i + 1] === '\t'));
    if (ends) {
      sentences.push(line.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < line.length) sentences.push(line.slice(start));
  return sentences;
}

/** Lower case, list markers and numbering off, every run of non-letters and non-digits one space. */
function normalize(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/^[\s>*+\-]*(?:\d{1,3}[.)][ \t]+)?(?:\[[ x]\][ \t]+)?/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function weightOf(normalized: string): number {
  let weight = 0;
  for (let i = 0; i < normalized.length; i++) {
    const c = normalized.charCodeAt(i);
    if (c !== 32) weight += c >= 0x2e80 ? 2 : 1;
  }
  return weight;
}

/** FNV-1a over the UTF-16 code units; two different passages share a hash about once in four billion pairs. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}
