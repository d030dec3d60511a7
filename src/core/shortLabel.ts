/**
 * A long text cut to about a label's width, at the best boundary that leaves enough to read: the end
 * of a clause, else the end of a word, else (Japanese has no spaces) where a run of kana particles
 * ends before the next word, else between two wide characters; never inside a Latin word or number
 * when any boundary is there. A CJK character counts two columns. A text, or a clause, a word or so
 * longer than the width is kept whole rather than losing its last word ("…reference docs live",
 * "…retired on 2026-03-01").
 */
export function shortenedLabel(text: string, maxColumns: number): string {
  const stretched = fittingLength(text, maxColumns + Math.round(maxColumns / 5));
  if (stretched >= text.length) return text;
  const fit = fittingLength(text, maxColumns);
  // Half the width is the least a cut label keeps when a boundary further on exists.
  const least = maxColumns / 2;
  const at = lastBoundary(text, stretched, clauseEnd, least)
    ?? lastBoundary(text, fit, wordEnd, least)
    ?? lastBoundary(text, fit, phraseEnd, least)
    ?? lastBoundary(text, fit, wordEnd, 1)
    ?? lastBoundary(text, fit, wideEnd, 1)
    ?? fit;
  return `${text.slice(0, at).replace(TRAILING, '')}…`;
}

/** How many UTF-16 units of `text` fit in `maxColumns`, never splitting a surrogate pair. */
function fittingLength(text: string, maxColumns: number): number {
  let columns = 0;
  let index = 0;
  for (const char of text) {
    columns += columnsOf(char);
    if (columns > maxColumns) return index;
    index += char.length;
  }
  return text.length;
}

/** What a cut label must not end with: spaces, clause punctuation, dashes and opening brackets. */
const TRAILING = /[\s,;:、。，；：—–\-(（「『[]+$/u;

type Boundary = (text: string, at: number) => boolean;

/** The last `at <= fit` (after at least `least` columns) where `boundary` says a label may end. */
function lastBoundary(text: string, fit: number, boundary: Boundary, least: number): number | undefined {
  for (let at = fit; at > 0; at--) {
    if (isLowSurrogate(text.charCodeAt(at))) continue;
    if (boundary(text, at) && columnsIn(text.slice(0, at).replace(TRAILING, '')) >= least) return at;
  }
  return undefined;
}

/** Before `;` `,` `、` `。` and their full-width forms, a dash between spaces, `: ` or `. `, or ` (`. */
const clauseEnd: Boundary = (text, at) => {
  const next = text[at];
  const after = text[at + 1];
  if (next === undefined) return false;
  if ('；;、。，；！？'.includes(next)) return true;
  // "1,000", "10:00" and "e.g." are not clause ends: the punctuation must be followed by a space.
  if (',:.!?'.includes(next)) return after === ' ' && !(next === '.' && text[at - 2] === '.');
  return next === ' ' && (after === '—' || after === '–' || after === '(' || (after === '-' && text[at + 2] === ' '));
};

/** At a space, or between a Latin word and a wide character. */
const wordEnd: Boundary = (text, at) => {
  const before = text[at - 1];
  const next = text[at];
  if (next === undefined || /\s/.test(next) || /\s/.test(before)) return true;
  return isWideChar(before) !== isWideChar(next) && !isLowSurrogate(next.charCodeAt(0));
};

/**
 * Japanese: after the particles and endings in hiragana, before the kanji or katakana that starts
 * the next phrase (`結果を|毎朝`), or after a closing bracket.
 */
const phraseEnd: Boundary = (text, at) => {
  const before = text[at - 1];
  const next = text[at];
  if (next === undefined) return false;
  if ('」』）】'.includes(before)) return true;
  return isHiragana(before) && (isKanji(next) || isKatakana(next));
};

/** Between two wide characters, where no word is split in scripts written without spaces. */
const wideEnd: Boundary = (text, at) => {
  const next = text[at];
  return next !== undefined && isWideChar(text[at - 1]) && isWideChar(next);
};

function columnsIn(text: string): number {
  let columns = 0;
  for (const char of text) columns += columnsOf(char);
  return columns;
}

function columnsOf(char: string): number {
  return isWide(char.codePointAt(0) ?? 0) ? 2 : 1;
}

function isWideChar(char: string | undefined): boolean {
  return char !== undefined && isWide(char.codePointAt(0) ?? 0);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function isHiragana(char: string | undefined): boolean {
  return char !== undefined && char >= '\u3041' && char <= '\u309f';
}

function isKatakana(char: string): boolean {
  return char >= '\u30a0' && char <= '\u30ff';
}

function isKanji(char: string): boolean {
  return (char >= '\u4e00' && char <= '\u9fff') || (char >= '\u3400' && char <= '\u4dbf');
}

/** Hangul, kana, CJK ideographs and full-width forms take two columns. */
function isWide(code: number): boolean {
  return (code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3)
    || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) || (code >= 0xffe0 && code <= 0xffe6)
    || (code >= 0x20000 && code <= 0x3fffd);
}
