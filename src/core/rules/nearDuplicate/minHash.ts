/**
 * MinHash signatures of a text's character shingles, for near-duplicate search without a tokenizer.
 *
 * Shingles: the text is lowercased and every run of punctuation, symbols and spaces becomes one space;
 * a shingle is then the window of characters ending at each position, two long where that character
 * is CJK (Hangul, kana, kanji: one character carries about a word's part) and four long elsewhere
 * (Latin letters and digits, where shorter windows are shared by unrelated English text). On real-shaped
 * memories this keeps rewordings of one fact at a Jaccard similarity of 0.45-0.75 in all three languages
 * while different facts on the same subject stay under 0.15.
 *
 * Signature: one-permutation hashing (each shingle hashed once into one of 128 bins, the bin keeping
 * its least hash) with optimal densification for empty bins (Shrivastava, ICML 2017): the same
 * estimator as 128 independent MinHashes at the cost of one hash per character.
 */

/** Number of bins, and so of values in a signature. */
export const SIGNATURE_SIZE = 128;
const BIN_SHIFT = 25; // 32 - log2(SIGNATURE_SIZE)

/** Below this many shingles (about a short sentence) a text is too short to call anything a duplicate of it. */
export const MIN_SHINGLES = 16;

// A multiplier (the golden ratio's) and seeds that keep 2- and 4-character windows apart.
const PRIME = 0x9e3779b1 | 0;
const SEED_CJK = 0x3c6ef372;
const SEED_OTHER = 0x1e3779b9;
/** An empty bin: above every hash but one. */
const EMPTY = 0x7fffffff;

/**
 * The signature of `text`, or undefined when it has fewer than MIN_SHINGLES shingles. Equal values in
 * the same bin of two signatures estimate the Jaccard similarity of their shingle sets.
 */
export function minHashSignature(text: string): Int32Array | undefined {
  const signature = new Int32Array(SIGNATURE_SIZE);
  return writeSignature(text, signature, 0) > 0 ? signature : undefined;
}

/**
 * Writes the signature of `text` into `target` at `offset` (SIGNATURE_SIZE values) and returns the
 * number of shingles it read; 0, with the values undefined, when the text is too short. With `rest`,
 * the text is `text`, a line break and `rest`, read from the two strings rather than joined into a
 * third. One pass with the last three characters held in variables: it runs over every memory at load,
 * so it does not copy the text (no toLowerCase, no normalized buffer, no concatenation).
 */
export function writeSignature(text: string, target: Int32Array, offset: number, rest?: string): number {
  target.fill(EMPTY, offset, offset + SIGNATURE_SIZE);
  const textLength = text.length;
  const end = rest === undefined ? textLength : textLength + 1 + rest.length;
  let shingles = 0;
  // The normalized text seen so far: its length and last three characters (c1 the latest).
  let length = 0;
  let c1 = 0;
  let c2 = 0;
  let c3 = 0;
  let inSeparator = false;
  // The end of the text counts as a separator, so "diffs" and "diffs!" end alike.
  for (let i = 0; i <= end; i++) {
    const raw = i < textLength ? text.charCodeAt(i) : i === end ? 32 : i === textLength ? 10 : rest!.charCodeAt(i - textLength - 1);
    let code: number;
    if (IS_WORD[raw]) {
      code = FOLD[raw];
      inSeparator = false;
    } else {
      // A run of separators is one space, and none before the first word.
      if (inSeparator || length === 0) continue;
      code = 32;
      inSeparator = true;
    }
    length++;
    // The window's 16-bit codes packed two to a word, the older pair scrambled by one multiplication;
    // the finalizer below does the mixing.
    let h = 0;
    if (code >= CJK_START) {
      if (length >= 2) h = ((c1 << 16) | code) ^ SEED_CJK;
    } else if (length >= 4) {
      h = ((c1 << 16) | code) ^ Math.imul((c3 << 16) | c2, PRIME) ^ SEED_OTHER;
    }
    c3 = c2;
    c2 = c1;
    c1 = code;
    if (h === 0) continue;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    const bin = offset + (h >>> BIN_SHIFT);
    if (h < target[bin]) target[bin] = h;
    shingles++;
  }
  if (shingles < MIN_SHINGLES) return 0;
  densify(target, offset);
  return shingles;
}

/**
 * Fills each empty bin from the first filled bin along a probe sequence that depends only on the bin,
 * so two texts with the same shingles in the same bins borrow the same values. A bin whose least hash
 * happens to be EMPTY counts as empty, the same way in every text.
 */
function densify(signature: Int32Array, offset: number): void {
  const filled = FILLED;
  for (let bin = 0; bin < SIGNATURE_SIZE; bin++) filled[bin] = signature[offset + bin] === EMPTY ? 0 : 1;
  for (let bin = 0; bin < SIGNATURE_SIZE; bin++) {
    if (filled[bin]) continue;
    for (let attempt = 1; ; attempt++) {
      const probe = mix(Math.imul(bin + 1, 0x85ebca6b) ^ Math.imul(attempt, 0xc2b2ae35)) >>> BIN_SHIFT;
      if (filled[probe]) {
        signature[offset + bin] = signature[offset + probe];
        break;
      }
    }
  }
}

/** Which bins of the signature being densified hold a value: one array for every call, not one per memory. */
const FILLED = new Uint8Array(SIGNATURE_SIZE);

/** Where the two-character windows begin: CJK radicals, kana, Hangul, kanji and everything after. */
const CJK_START = 0x2e80;

/**
 * Which UTF-16 code units are letters or digits (of any script), and their lowercase forms: tables
 * built once at load, because the loop above runs over every character of every memory. Punctuation,
 * symbols, spaces and emoji (surrogates) are separators.
 */
export const IS_WORD = new Uint8Array(0x10000);
export const FOLD = new Uint16Array(0x10000);
for (let c = 0; c < 0x10000; c++) {
  IS_WORD[c] = isWordCharacter(c) ? 1 : 0;
  const lower = c < 0x2000 ? String.fromCharCode(c).toLowerCase() : '';
  FOLD[c] = lower.length === 1 ? lower.charCodeAt(0) : c >= 0xff21 && c <= 0xff3a ? c + 32 : c;
}

function isWordCharacter(c: number): boolean {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
  if (c < 0xc0) return false; // Latin-1 punctuation and symbols
  if (c >= 0x2000 && c <= 0x2bff) return false; // general punctuation, arrows, math, box drawing
  if (c >= 0x3000 && c <= 0x303f) return false; // CJK punctuation
  if (c === 0x30fb) return false; // katakana middle dot: a list bullet in Japanese (・本番DB…), or a word joiner
  if (c >= 0xd800 && c <= 0xdfff) return false; // surrogates: emoji and rare symbols
  if (c >= 0xfe00 && c <= 0xfe0f) return false; // variation selectors
  if (c >= 0xff00 && c <= 0xff0f) return false; // fullwidth punctuation
  if (c >= 0xff1a && c <= 0xff20) return false;
  if (c >= 0xff3b && c <= 0xff40) return false;
  if (c >= 0xff5b && c <= 0xff65) return false;
  return c !== 0xfeff && c !== 0xd7 && c !== 0xf7;
}

/** MurmurHash3's finalizer: spreads every input bit over the whole 32-bit result. */
export function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * How many bins of two signatures (in `a` at `aOffset`, in `b` at `bOffset`) agree, or -1 when fewer
 * than `needed` do. Counted without a branch per bin (a near-duplicate's bins agree and differ at
 * random, which a branch predictor cannot follow) and given up, every 16 bins, once too many differ:
 * most candidate pairs are far from similar.
 */
export function agreeingBins(a: Int32Array, aOffset: number, b: Int32Array, bOffset: number, needed: number): number {
  let misses = 0;
  const slack = SIGNATURE_SIZE - needed;
  for (let block = 0; block < SIGNATURE_SIZE; block += 16) {
    for (let i = block; i < block + 16; i++) {
      const difference = a[aOffset + i] ^ b[bOffset + i];
      // 1 when the values differ: the sign bit of d | -d is set for every d but 0.
      misses += (difference | -difference) >>> 31;
    }
    if (misses > slack) return -1;
  }
  return SIGNATURE_SIZE - misses;
}

/** Words in a sketch: four bits of each of a signature's values, eight to a word. */
export const SKETCH_SIZE = SIGNATURE_SIZE / 8;

/**
 * Writes the sketch of the signature in `signature` at `offset` into `target` at `targetOffset`: the
 * low four bits of every value. Two values that agree agree in their sketch too, so the sketch's count
 * of agreeing nibbles is never below the signature's count of agreeing bins, and it reads one cache
 * line rather than eight.
 */
export function writeSketch(signature: Int32Array, offset: number, target: Int32Array, targetOffset: number): void {
  for (let word = 0; word < SKETCH_SIZE; word++) {
    let packed = 0;
    for (let nibble = 0; nibble < 8; nibble++) packed |= (signature[offset + word * 8 + nibble] & 15) << (nibble * 4);
    target[targetOffset + word] = packed;
  }
}

/**
 * In how many nibbles two sketches (in `sketches` at `a` and `b`) agree: never fewer than the bins
 * their signatures agree in, so below `needed` `agreeingBins` would return -1. Unrelated texts agree
 * in one nibble of sixteen by chance, far below any threshold, so most candidates stop here.
 */
export function sketchAgreement(sketches: Int32Array, a: number, b: number): number {
  let differing = 0;
  for (let word = 0; word < SKETCH_SIZE; word++) {
    let x = sketches[a + word] ^ sketches[b + word];
    // One bit per nibble that differs, then their count by one multiplication (at most 8 per word).
    x |= x >>> 1;
    x |= x >>> 2;
    differing += Math.imul(x & 0x11111111, 0x11111111) >>> 28;
  }
  return SIGNATURE_SIZE - differing;
}
