/**
 * Characters that change what the agent reads without changing what a person sees: zero-width
 * characters splitting or hiding words, Unicode tag characters (each an invisible copy of an ASCII
 * letter, so a whole sentence can ride along unseen), bidi overrides and isolates that reorder what is
 * shown, and control characters. Claude Code removes them from the auto memory index only; every other
 * file it loads reaches the model as written.
 */

/** A run of hidden characters next to each other: removing `start`..`end` removes them all and nothing else. */
export interface HiddenRun {
  readonly start: number;
  readonly end: number;
  /** The distinct code points of the run, in order of first appearance. */
  readonly codePoints: readonly number[];
  /** How many hidden characters (code points) the run holds. */
  readonly count: number;
}

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BOM = 0xfeff;

/**
 * Whether `code` hides something wherever it stands. ZWNJ and ZWJ are decided by their neighbours (see
 * {@link isLegitimateJoiner}); U+200E/U+200F (the direction marks) are left out: Hebrew and Arabic text
 * uses them to place punctuation, and they reorder nothing by themselves. A single variation selector
 * is how emoji and CJK variants are chosen; only a run of them hides data (see {@link hiddenRuns}).
 */
function alwaysHidden(code: number): boolean {
  if (code < 0x20) return code !== 0x09 && code !== 0x0a && code !== 0x0d;
  if (code < 0x7f) return false;
  if (code <= 0x9f) return true; // DEL and the C1 controls
  if (code < 0x180e) return false;
  return code === 0x180e // Mongolian vowel separator, zero-width since Unicode 6.3
    || code === 0x200b
    || (code >= 0x202a && code <= 0x202e) // bidi embeddings and overrides
    || (code >= 0x2060 && code <= 0x2064) // word joiner, invisible operators
    || (code >= 0x2066 && code <= 0x2069) // bidi isolates
    || code === BOM
    || (code >= 0xe0000 && code <= 0xe007f); // tag characters
}

function isVariationSelector(code: number): boolean {
  return (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef);
}

// Scripts whose writing needs ZWNJ and ZWJ to choose a joined or unjoined form: Persian and Urdu in
// Arabic letters (می‌خواهم), the Indic scripts (conjuncts and half forms), Syriac, N'Ko, Mongolian,
// and Southeast Asian scripts that use them the same way.
const JOINING_SCRIPT = /[\p{Script_Extensions=Arabic}\p{Script_Extensions=Syriac}\p{Script_Extensions=Nko}\p{Script_Extensions=Mongolian}\p{Script_Extensions=Devanagari}\p{Script_Extensions=Bengali}\p{Script_Extensions=Gurmukhi}\p{Script_Extensions=Gujarati}\p{Script_Extensions=Oriya}\p{Script_Extensions=Tamil}\p{Script_Extensions=Telugu}\p{Script_Extensions=Kannada}\p{Script_Extensions=Malayalam}\p{Script_Extensions=Sinhala}\p{Script_Extensions=Tibetan}\p{Script_Extensions=Myanmar}\p{Script_Extensions=Khmer}\p{Script_Extensions=Thaana}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** What may stand between an emoji and the ZWJ after it: VS16, a skin tone, a keycap, tag-free. */
function isEmojiTrailer(code: number): boolean {
  return code === 0xfe0f || code === 0xfe0e || (code >= 0x1f3fb && code <= 0x1f3ff) || code === 0x20e3;
}

/** The code point ending just before `index`, or -1. */
function codePointBefore(text: string, index: number): number {
  if (index <= 0) return -1;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return ((high - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
  }
  return low;
}

function width(code: number): number {
  return code > 0xffff ? 2 : 1;
}

/**
 * Whether the joiner at `index` does a writing system's job: ZWJ inside an emoji sequence (👨‍👩‍👧,
 * 🏳️‍🌈) or either joiner between letters of a script that needs it. Looks at most a few characters
 * either side, so the scan stays linear.
 */
function isLegitimateJoiner(text: string, index: number, code: number): boolean {
  let before = index;
  let previous = codePointBefore(text, before);
  // An emoji's modifiers sit between it and the ZWJ: skip a bounded few.
  for (let skipped = 0; code === ZWJ && skipped < 3 && isEmojiTrailer(previous); skipped++) {
    before -= width(previous);
    previous = codePointBefore(text, before);
  }
  const next = text.codePointAt(index + 1) ?? -1;
  if (previous < 0 || next < 0) return false;
  const previousChar = String.fromCodePoint(previous);
  const nextChar = String.fromCodePoint(next);
  if (code === ZWJ && PICTOGRAPHIC.test(previousChar) && PICTOGRAPHIC.test(nextChar)) return true;
  return JOINING_SCRIPT.test(previousChar) && JOINING_SCRIPT.test(nextChar);
}

const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
/** Longest tag spelling of a subdivision flag: a region code and a subdivision, `gbsct`, up to 6 letters. */
const MAX_FLAG_TAGS = 7;

/**
 * The length in UTF-16 units of the subdivision flag's tags at `from` (tag digits and lower-case tag
 * letters, ended by CANCEL TAG), or 0 when what follows is no such sequence.
 */
function flagTagLength(text: string, from: number): number {
  let at = from;
  for (let tags = 0; tags <= MAX_FLAG_TAGS; tags++) {
    const code = text.codePointAt(at) ?? -1;
    if (code === CANCEL_TAG) return tags >= 2 ? at + 2 - from : 0;
    const isTagDigit = code >= 0xe0030 && code <= 0xe0039;
    const isTagLower = code >= 0xe0061 && code <= 0xe007a;
    if (!isTagDigit && !isTagLower) return 0;
    at += 2;
  }
  return 0;
}

/** Most variation selectors in a row that choosing one glyph needs; more carry data. */
const MAX_SELECTORS = 1;

/**
 * Every run of hidden characters in `text`, in order. One pass; each joiner looks at a bounded number
 * of neighbours. A byte order mark at offset 0 is the file's, not hidden text.
 */
export function hiddenRuns(text: string): HiddenRun[] {
  const runs: HiddenRun[] = [];
  let runStart = -1;
  let runEnd = -1;
  let codes: number[] = [];
  let count = 0;
  let selectorsStart = -1;
  let selectors = 0;
  const flush = (): void => {
    if (runStart < 0) return;
    runs.push({ start: runStart, end: runEnd, codePoints: codes, count });
    runStart = -1;
    codes = [];
    count = 0;
  };
  const add = (start: number, end: number, code: number): void => {
    if (runStart >= 0 && start !== runEnd) flush();
    if (runStart < 0) runStart = start;
    runEnd = end;
    if (!codes.includes(code)) codes.push(code);
    count++;
  };
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    const size = width(code);
    if (isVariationSelector(code)) {
      if (selectors === 0) selectorsStart = i;
      selectors++;
      // The run's first selector is the glyph's; from the second on, every selector is data.
      if (selectors === MAX_SELECTORS + 1) {
        const first = text.codePointAt(selectorsStart)!;
        add(selectorsStart, selectorsStart + width(first), first);
      }
      if (selectors > MAX_SELECTORS) add(i, i + size, code);
      i += size;
      continue;
    }
    selectors = 0;
    // A subdivision flag (🏴 then tag letters then CANCEL TAG: Scotland, Wales, England) is an emoji.
    if (code === BLACK_FLAG) {
      i += size + flagTagLength(text, i + size);
      continue;
    }
    const hidden = (code === ZWNJ || code === ZWJ)
      ? !isLegitimateJoiner(text, i, code)
      : alwaysHidden(code) && !(code === BOM && i === 0);
    if (hidden) add(i, i + size, code);
    i += size;
  }
  flush();
  return runs;
}

/** `U+202E`: how a message names a character, never the character itself. */
export function codePointName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Whether `code` is a Unicode tag character (U+E0000–U+E007F). */
export function isTagCharacter(code: number): boolean {
  return code >= 0xe0000 && code <= 0xe007f;
}

/**
 * `text` with each run of hidden characters written as what it is, `[U+202E]`, `[U+E0069, U+E0067, … ×28]`:
 * for a hover or a diff that shows a memory's lines to a person, who must see what the agent would read.
 */
export function withHiddenShown(text: string): string {
  const runs = hiddenRuns(text);
  if (runs.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const run of runs) {
    const names = run.codePoints.slice(0, 3).map(codePointName).join(', ') + (run.codePoints.length > 3 ? ', …' : '');
    parts.push(text.slice(at, run.start), run.count === 1 ? `[${names}]` : `[${names} ×${run.count}]`);
    at = run.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
