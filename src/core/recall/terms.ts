/**
 * The words of a task or a description, as the recall check compares them: lower-cased words, a light
 * English stem, and for Korean and Japanese the segments `Intl.Segmenter` finds (no dictionary ships
 * with the extension; the runtime's ICU is the segmenter). Korean attaches particles to words
 * (파이프라인이, 파이프라인은), so a Hangul word also yields its stem without a common particle and its
 * two-syllable pieces, which match more loosely.
 */

/** One term of a text: `exact` for a word (or a stem), `piece` for a two-character piece of a Korean word. */
export interface Term {
  readonly term: string;
  readonly kind: 'exact' | 'piece';
}

const EN_STOP = new Set(
  'a an and are as at be but by can do does for from had has have how i if in into is it its me my no not of on or our so that the their then there these this to too was we were what when where which who why will with you your'.split(' '),
);
/** Japanese particles and auxiliaries the segmenter returns as words of their own. */
const JA_STOP = new Set('の に は を が で へ と も て た な だ する して い る から まで より や か ね よ です ます こと もの 用'.split(' '));
/** Korean particles and endings, longest first, stripped from the end of a Hangul word. */
const KO_ENDINGS = ['에서는', '에서', '으로', '에게', '까지', '부터', '하면', '했어', '해서', '하고', '은', '는', '이', '가', '을', '를', '에', '의', '도', '와', '과', '로', '할', '한', '다'];
const KO_STOP = new Set(['것', '수', '등', '및', '전에']);

/** The longest stop words: a longer word is none, and is not looked up. */
const EN_STOP_LONGEST = Math.max(...[...EN_STOP].map((word) => word.length));
const KO_STOP_LONGEST = Math.max(...[...KO_STOP].map((word) => word.length));

const HANGUL = /[\uac00-\ud7a3]/;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]/;

let segmenter: Intl.Segmenter | undefined;

function words(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const found: string[] = [];
  for (const segment of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (segment.isWordLike) found.push(segment.segment);
  }
  return found;
}

/** English plurals and verb endings folded, so "tables" meets "table" and "debugging" meets "debug". */
function stem(word: string): string {
  // Every ending below ends in g, d or s: most words end otherwise and are returned at once.
  const last = word.charCodeAt(word.length - 1);
  if (last !== 0x67 && last !== 0x64 && last !== 0x73) return word;
  if (word.length > 5 && word.endsWith('ing')) return undouble(word.slice(0, -3));
  if (word.length > 4 && word.endsWith('ed')) return undouble(word.slice(0, -2));
  if (word.length > 4 && word.endsWith('es') && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function undouble(word: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(word) ? word.slice(0, -1) : word;
}

/** The terms of a text, each once (an exact term wins over the same string as a piece). */
export function termsOf(text: string): Term[] {
  const exact = new Set<string>();
  const pieces = new Set<string>();
  for (const word of words(text.replace(/[-_/]+/g, ' '))) {
    if (!CJK.test(word)) {
      if (!EN_STOP.has(word) && (word.length > 1 || /\d/.test(word))) exact.add(stem(word));
      continue;
    }
    if (HANGUL.test(word)) {
      if (KO_STOP.has(word)) continue;
      const bare = stripEnding(word);
      if (bare.length >= 2) exact.add(bare);
      for (let i = 0; i + 2 <= bare.length; i++) pieces.add(bare.slice(i, i + 2));
      continue;
    }
    if (!JA_STOP.has(word) && (word.length > 1 || /[\u3400-\u9fff]/.test(word))) exact.add(word);
  }
  const terms: Term[] = [...exact].map((term) => ({ term, kind: 'exact' }));
  for (const piece of pieces) if (!exact.has(piece)) terms.push({ term: piece, kind: 'piece' });
  return terms;
}

/**
 * Some of the exact terms `termsOf(text)` finds, without segmenting: those of the space-separated words
 * made only of ASCII letters or only of Hangul syllables, which every word segmenter leaves whole (the
 * segmenter is most of the cost of reading a short text). Each term returned is one of `termsOf`'s, and
 * is part of the text's lower-cased form with `-`, `_` and `/` read as spaces.
 */
export function plainTermsOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of text.replace(/[-_/]+/g, ' ').split(' ')) {
    if (ASCII_LETTERS.test(word)) {
      const lower = word.toLowerCase();
      if (!EN_STOP.has(lower) && lower.length > 1) terms.push(stem(lower));
    } else if (HANGUL_SYLLABLES.test(word) && !KO_STOP.has(word)) {
      const bare = stripEnding(word);
      if (bare.length >= 2) terms.push(bare);
    }
  }
  return terms;
}

const ASCII_LETTERS = /^[A-Za-z]+$/;
const HANGUL_SYLLABLES = /^[\uac00-\ud7a3]+$/;

/** KO_ENDINGS by their last syllable, in their order: a word is compared only with the endings it could have. */
const KO_ENDINGS_BY_LAST = new Map<string, string[]>();
for (const ending of KO_ENDINGS) {
  const last = ending[ending.length - 1];
  KO_ENDINGS_BY_LAST.set(last, [...(KO_ENDINGS_BY_LAST.get(last) ?? []), ending]);
}

function stripEnding(word: string): string {
  const endings = KO_ENDINGS_BY_LAST.get(word[word.length - 1]);
  if (endings === undefined) return word;
  for (const ending of endings) {
    if (word.length > ending.length + 1 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
}

/** One content word of a long text, as {@link contentWords} reads it. */
export interface ContentWord {
  /** The word as {@link termsOf} folds it: lower case, English stem, Korean particle stripped. */
  readonly term: string;
  /** The word as the text writes it, for a message. */
  readonly surface: string;
  /** Offset of the word in the text, once NFKC-normalized (the same offset for a text that already is). */
  readonly at: number;
}

/**
 * Latin words (identifiers with their dots, `+` and `#`), Hangul words, and runs of katakana or of
 * kanji. Hiragana is left out: in Japanese it writes particles, endings and auxiliaries.
 */
const CONTENT_WORD = /[a-z0-9\u00c0-\u024f][a-z0-9\u00c0-\u024f+#]*(?:[.'][a-z0-9\u00c0-\u024f+#]+)*|[\uac00-\ud7a3]+|[\u30a1-\u30fa\u30fc]+|[\u3400-\u9fff\u3005]+/g;

/**
 * The content words of a text in order, repeats kept, folded as {@link termsOf} folds them, for texts
 * too long or too many to segment: a memory's body, every description of a 20,000-memory root.
 * `Intl.Segmenter` costs about 1 µs a character (5 for Japanese): 12 s over such a root's bodies, where
 * this reads them in well under a second. The one difference is Japanese, cut here at changes of script
 * (a kanji compound, a katakana word) rather than by the segmenter's dictionary; whoever compares its
 * words with {@link termsOf}'s matches Japanese and Korean by containment ({@link sameWord}).
 */
export function contentWords(text: string): ContentWord[] {
  const found: ContentWord[] = [];
  const normalized = text.normalize('NFKC');
  forEachContentWord(normalized, (term, at, length) => found.push({ term, surface: normalized.slice(at, at + length).replace(/[-_/]/g, ' '), at }));
  return found;
}

/**
 * {@link contentWords} without a word object each: `visit` gets each word's folded term and its offset
 * and length in `text`, which the caller has NFKC-normalized (a body of thousands of words makes no
 * garbage but the terms).
 */
export function forEachContentWord(text: string, visit: (term: string, at: number, length: number) => void): void {
  const lower = text.toLowerCase();
  // Lower-casing keeps offsets but for a few letters (İ): then each word is lower-cased alone.
  if (lower.length !== text.length) {
    forEachContentWordByPattern(text, visit);
    return;
  }
  // CONTENT_WORD's matches, found by hand: a regular expression's match arrays were much of a long
  // body's cost. `-`, `_` and `/` need no replacing with spaces: like a space, no word holds them.
  const length = lower.length;
  let i = 0;
  while (i < length) {
    const c = lower.charCodeAt(i);
    const start = i++;
    if (isLatin(c)) {
      let ascii = c < 0x80;
      for (;;) {
        while (i < length) {
          const d = lower.charCodeAt(i);
          if (!isLatinPart(d)) break;
          if (d >= 0x80) ascii = false;
          i++;
        }
        // An identifier's dot or a word's apostrophe joins it to the word after it.
        const d = lower.charCodeAt(i);
        if ((d === 0x2e || d === 0x27) && i + 1 < length && isLatinPart(lower.charCodeAt(i + 1))) {
          i++;
          continue;
        }
        break;
      }
      if (i - start < 2 && !(c >= 0x30 && c <= 0x39)) continue;
      const word = lower.slice(start, i);
      if (i - start <= EN_STOP_LONGEST && EN_STOP.has(word)) continue;
      // Accents folded (Kármán, karman): a name is written both ways.
      visit(stem(ascii ? word : word.normalize('NFD').replace(/\p{M}/gu, '')), start, i - start);
    } else if (c >= 0xac00 && c <= 0xd7a3) {
      while (i < length && isHangul(lower.charCodeAt(i))) i++;
      const word = lower.slice(start, i);
      if (i - start <= KO_STOP_LONGEST && KO_STOP.has(word)) continue;
      const term = stripEnding(word);
      if (term.length >= 2) visit(term, start, i - start);
    } else if (isKatakana(c) || isKanji(c)) {
      const same = isKatakana(c) ? isKatakana : isKanji;
      while (i < length && same(lower.charCodeAt(i))) i++;
      const word = lower.slice(start, i);
      if (i - start >= 2 && !JA_STOP.has(word)) visit(word, start, i - start);
    }
  }
}

/** The first character of a Latin word: `[a-z0-9\u00c0-\u024f]`. */
function isLatin(c: number): boolean {
  return c <= 0x7a ? c >= 0x61 || (c >= 0x30 && c <= 0x39) : c >= 0xc0 && c <= 0x24f;
}

/** A later character of a Latin word: `[a-z0-9\u00c0-\u024f+#]`. */
function isLatinPart(c: number): boolean {
  return isLatin(c) || c === 0x2b || c === 0x23;
}

function isHangul(c: number): boolean {
  return c >= 0xac00 && c <= 0xd7a3;
}

function isKatakana(c: number): boolean {
  return (c >= 0x30a1 && c <= 0x30fa) || c === 0x30fc;
}

function isKanji(c: number): boolean {
  return (c >= 0x3400 && c <= 0x9fff) || c === 0x3005;
}

/** {@link forEachContentWord} by CONTENT_WORD, for a text whose lower-casing moves offsets. */
function forEachContentWordByPattern(text: string, visit: (term: string, at: number, length: number) => void): void {
  const spaced = text.replace(/[-_/]/g, ' ');
  const pattern = new RegExp(CONTENT_WORD.source, 'gi');
  for (let match = pattern.exec(spaced); match !== null; match = pattern.exec(spaced)) {
    const word = match[0].toLowerCase();
    const first = word.charCodeAt(0);
    let term: string;
    if (first < 0x3000) {
      if (word.length < 2 ? !(first >= 0x30 && first <= 0x39) : EN_STOP.has(word)) continue;
      term = stem(first >= 0x80 || /[^\x00-\x7f]/.test(word) ? word.normalize('NFD').replace(/\p{M}/gu, '') : word);
    } else if (first >= 0xac00 && first <= 0xd7a3) {
      if (KO_STOP.has(word)) continue;
      term = stripEnding(word);
      if (term.length < 2) continue;
    } else {
      if (word.length < 2 || JA_STOP.has(word)) continue;
      term = word;
    }
    visit(term, match.index, match[0].length);
  }
}

/**
 * Whether two folded words are the same word: equal, or for Korean and Japanese one holding the other
 * (a kanji compound and the segmenter's part of it, a Hangul word with an ending left on it), and a
 * dotted identifier one of its parts.
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  // A dotted identifier holds its parts: console.log, maily.so.
  if (a.includes('.') || b.includes('.')) return a.split('.').includes(b) || b.split('.').includes(a);
  if (a.length < 2 || b.length < 2 || !CJK.test(a) || !CJK.test(b)) return false;
  return a.length > b.length ? a.includes(b) : b.includes(a);
}
