import { FOLD, IS_WORD } from './minHash';

/**
 * A memory's passages: its sentences and list items, normalized (case, punctuation, list markers and
 * spacing dropped) so that a passage copied into another memory is the same passage there. Whether one
 * memory's passages are all inside another is what finds a memory copied whole into a newer one, which
 * a resemblance of shingle sets misses as soon as the newer one is a few times longer.
 */

/** A passage counts from this weight on (letters and digits, a Hangul, kana or kanji character counting two): shorter ones are labels. */
export const MIN_PASSAGE_WEIGHT = 16;

/**
 * A memory's distinct passages in one array: their hashes sorted (`count` of them), then their
 * weights in the same order, then the hashes again in the order the text first has them; and the
 * weights' sum. The index copies each memory's into one array it shares among all of them, so the
 * functions below read a set at an offset (`at`) of an array, `count` sorted hashes from there and
 * its text-order hashes up to `end`.
 */
export interface PassageSet {
  readonly data: Int32Array;
  readonly count: number;
  readonly total: number;
}

/** The distinct passages of `text`, for the index. */
export function passageSet(text: string): PassageSet {
  // Key and weight packed in one number, so one numeric sort orders them.
  const packed: number[] = [];
  scanPassages(text, (_start, _end, key, weight) => {
    packed.push(key * WEIGHT_SPAN + Math.min(weight, WEIGHT_SPAN - 1));
  });
  const inOrder = packed.map((value) => Math.floor(value / WEIGHT_SPAN));
  sortNumbers(packed);
  let count = 0;
  for (let i = 0; i < packed.length; i++) {
    if (i === 0 || Math.floor(packed[i - 1] / WEIGHT_SPAN) !== Math.floor(packed[i] / WEIGHT_SPAN)) count++;
  }
  const data = new Int32Array(2 * count + inOrder.length);
  let at = 0;
  let total = 0;
  for (const value of packed) {
    const key = Math.floor(value / WEIGHT_SPAN);
    if (at > 0 && data[at - 1] === key) continue;
    data[at] = key;
    total += data[count + at] = value - key * WEIGHT_SPAN;
    at++;
  }
  data.set(inOrder, 2 * count);
  return { data, count, total };
}

/** Ascending, in place: insertion sort for the few passages of a memory, the built-in sort for long files. */
function sortNumbers(values: number[]): void {
  if (values.length > 32) {
    values.sort((a, b) => a - b);
    return;
  }
  for (let i = 1; i < values.length; i++) {
    const value = values[i];
    let j = i - 1;
    for (; j >= 0 && values[j] > value; j--) values[j + 1] = values[j];
    values[j + 1] = value;
  }
}

/** Above any passage's weight in a 2 MB file, and small enough that key x span stays an exact integer. */
const WEIGHT_SPAN = 2 ** 22;

/** Whether `key` is one of the passages of the set at `at`: a binary search of its sorted keys. */
export function holdsPassage(data: Int32Array, at: number, count: number, key: number): boolean {
  let low = at;
  let high = at + count - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = data[middle];
    if (found === key) return true;
    if (found < key) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** The first passage of the set at `inner`, in its text's order, that the one at `outer` holds too. */
export function firstSharedKey(data: Int32Array, inner: number, innerCount: number, innerEnd: number, outer: number, outerCount: number): number | undefined {
  for (let i = inner + 2 * innerCount; i < innerEnd; i++) if (holdsPassage(data, outer, outerCount, data[i])) return data[i];
  return undefined;
}

/** The passage of `text` whose hash is `key`, as written. */
export function passageWithKey(text: string, key: number): string | undefined {
  let found: string | undefined;
  scanPassages(text, (start, end, passageKey) => {
    if (passageKey !== key) return false;
    found = text.slice(start, end).trim();
    return true;
  });
  return found;
}

/**
 * The weight the sets at `a` and `b` share: one merge of their sorted keys. Each passage counts the
 * lesser of its two weights, equal unless two passages' hashes collide, so the answer is the same
 * whichever set comes first (the index relies on being near-duplicates being mutual).
 */
export function sharedWeight(data: Int32Array, a: number, aCount: number, b: number, bCount: number): number {
  let shared = 0;
  for (let i = a, j = b, aEnd = a + aCount, bEnd = b + bCount; i < aEnd && j < bEnd; ) {
    if (data[i] === data[j]) {
      shared += Math.min(data[aCount + i], data[bCount + j]);
      i++;
      j++;
    } else if (data[i] < data[j]) i++;
    else j++;
  }
  return shared;
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Calls `visit` with each passage's range in `text`, the FNV-1a hash of its normalized form (folded
 * letters and digits, every run of anything else one space) and its weight. A passage ends at a line
 * break, at `.`, `!` or `?` before a space or the line's end, and at `。！？`, after which CJK puts no
 * space; a list item's marker and number are not part of it. One pass with no string built: it runs
 * over every memory at load. It stops when `visit` returns true.
 */
function scanPassages(text: string, visit: (start: number, end: number, key: number, weight: number) => boolean | void): void {
  let start = 0;
  let hash = FNV_OFFSET;
  let weight = 0;
  let pendingSpace = false;
  let atStart = true;
  let stopped = false;
  // Inside a [[link]]: its words name another memory, so they weigh nothing ("See [[x]]; mind [[y]]"
  // in two memories is two pointers to one rule, not the rule written twice).
  let inLink = false;
  const finish = (end: number, next: number): void => {
    if (weight >= MIN_PASSAGE_WEIGHT && visit(start, end, hash, weight) === true) stopped = true;
    start = next;
    hash = FNV_OFFSET;
    weight = 0;
    pendingSpace = false;
    atStart = true;
    inLink = false;
  };
  for (let i = 0; i < text.length && !stopped; i++) {
    const c = text.charCodeAt(i);
    // Letters and digits first, as most characters are: none of them ends a passage.
    if (IS_WORD[c]) {
      if (atStart) {
        atStart = false;
        const skip = listNumberLength(text, i);
        if (skip > 0) {
          i += skip - 1;
          continue;
        }
      }
      if (pendingSpace && weight > 0) hash = Math.imul(hash ^ 32, FNV_PRIME);
      pendingSpace = false;
      hash = Math.imul(hash ^ FOLD[c], FNV_PRIME);
      if (!inLink) weight += c >= 0x2e80 ? 2 : 1;
    } else if (c === 10 || c === 13) {
      finish(i, i + 1);
    } else if (c === 0x3002 || c === 0xff01 || c === 0xff1f) {
      finish(i + 1, i + 1);
    } else if ((c === 46 || c === 33 || c === 63) && endsSentence(text, i + 1)) {
      finish(i + 1, i + 1);
    } else {
      if ((c === 91 || c === 93) && text.charCodeAt(i + 1) === c) inLink = c === 91;
      pendingSpace = true;
    }
  }
  if (!stopped) finish(text.length, text.length);
}

function endsSentence(text: string, next: number): boolean {
  if (next >= text.length) return true;
  const c = text.charCodeAt(next);
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** `1. ` or `12) ` starting a list item: renumbered in a copy, so not part of the passage. */
function listNumberLength(text: string, at: number): number {
  let i = at;
  while (i < text.length && i - at < 3 && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  if (i === at || i + 1 >= text.length) return 0;
  const mark = text.charCodeAt(i);
  const after = text.charCodeAt(i + 1);
  return (mark === 46 || mark === 41) && (after === 32 || after === 9) ? i + 1 - at : 0;
}
