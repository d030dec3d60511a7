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
  if (word.length > 5 && word.endsWith('ing')) return undouble(word.slice(0, -3));
  if (word.length > 4 && word.endsWith('ed')) return undouble(word.slice(0, -2));
  if (word.length > 4 && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
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

function stripEnding(word: string): string {
  for (const ending of KO_ENDINGS) {
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
  /** Offset of the word in the text. */
  readonly at: number;
}

/**
 * Latin words (identifiers with their dots, `+` and `#`), Hangul words, and runs of katakana or of
 * kanji. Hiragana is left out: in Japanese it writes particles, endings and auxiliaries.
 */
const CONTENT_WORD = /[\p{Script=Latin}0-9][\p{Script=Latin}0-9+#]*(?:[.'][\p{Script=Latin}0-9+#]+)*|[\uac00-\ud7a3]+|[\u30a1-\u30fa\u30fc]+|[\u3400-\u9fff\u3005]+/gu;

/**
 * The content words of a text in order, repeats kept, folded as {@link termsOf} folds them, for texts
 * too long or too many to segment: a memory's body, every description of a 20,000-memory root.
 * `Intl.Segmenter` costs about 1 µs a character (5 for Japanese): 12 s over such a root's bodies, where
 * this reads them in 0.2 s. The one difference is Japanese, cut here at changes of script (a kanji
 * compound, a katakana word) rather than by the segmenter's dictionary; whoever compares its words
 * with {@link termsOf}'s matches Japanese and Korean by containment ({@link sameWord}).
 */
export function contentWords(text: string): ContentWord[] {
  const found: ContentWord[] = [];
  const normalized = text.normalize('NFKC').replace(/[-_/]+/g, ' ');
  for (const match of normalized.matchAll(CONTENT_WORD)) {
    const surface = match[0];
    const lower = surface.toLowerCase();
    let term: string;
    if (!CJK.test(lower)) {
      if (EN_STOP.has(lower) || (lower.length < 2 && !/\d/.test(lower))) continue;
      // Accents folded (Kármán, karman): a name is written both ways.
      term = stem(/[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower);
    } else if (HANGUL.test(lower)) {
      if (KO_STOP.has(lower)) continue;
      term = stripEnding(lower);
      if (term.length < 2) continue;
    } else {
      if (lower.length < 2 || JA_STOP.has(lower)) continue;
      term = lower;
    }
    found.push({ term, surface, at: match.index });
  }
  return found;
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
