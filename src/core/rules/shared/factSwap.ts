/**
 * One fact changed between a short statement (a description, an index hook) and a sentence that says
 * the same thing otherwise: `Dana` where it now says `Priya`, `30분` where `60분`, `木曜` where `金曜`,
 * "allowed" where "not allowed". Word for word, by a diff of tokens: every other word of the statement
 * must be in the sentence, in order, so a sentence about something else (two words changed, another
 * subject) is no swap. Only facts count: numbers, times and dates, names (a capitalised Latin word, a
 * Korean name after a surname, a Japanese name before さん, katakana), weekdays and a negation; a
 * changed common word ("unit" for "e2e", 테스트 for 린트) is wording, not a fact.
 */
export interface FactSwap {
  readonly kind: 'number' | 'name' | 'weekday' | 'negation';
  /** As the statement writes it. */
  readonly old: string;
  /** As the sentence writes it. */
  readonly now: string;
}

type TokenClass = 'digit' | 'latin' | 'hangul' | 'hiragana' | 'katakana' | 'han' | 'other';

interface Token {
  readonly text: string;
  /** Lower-cased: what the diff compares. */
  readonly key: string;
  readonly cls: TokenClass;
  /** The first word of its text or clause, capitalised whether or not it names anything. */
  readonly first: boolean;
}

// Times, dates and versions are one token (`09:30`, `2026-12-07`, `1.5`): a changed part is one changed fact.
// Each alternative is captured, so which one matched is the token's class (one match, no second reading).
const TOKEN = /(\d+(?:[:./-]\d+)*)|([\p{Script=Latin}]+(?:['’][\p{Script=Latin}]+)*)|(\p{Script=Hangul}+)|(\p{Script=Hiragana}+)|([\p{Script=Katakana}ー]+)|(\p{Script=Han}+)|[^\s\p{L}\p{N}*_`#>~]/gu;
const CLASSES: readonly TokenClass[] = ['other', 'digit', 'latin', 'hangul', 'hiragana', 'katakana', 'han'];

/** Tokens of a statement longer than this are not compared: it is no short statement of one fact. */
const MAX_STATEMENT_TOKENS = 40;
const MAX_SENTENCE_TOKENS = 100;
/** The statement's content tokens the sentence must hold, apart from the changed one. */
const MIN_ANCHORS = 2;

// Korean writes its particles onto the word (`캐시는`, `60분으로`, `김하늘이`): a word is compared by its stem.
const PARTICLE = /(?:으로|에서|에게|한테|까지|부터|이다|은|는|이|가|을|를|에|로|와|과|의|도|만)$/u;

export function tokenize(text: string): Token[] {
  const normal = text.normalize('NFKC');
  // A surrogate pair is one character to TOKEN's classes: such a text is read by the pattern itself.
  return SURROGATE.test(normal) ? tokenizeByPattern(normal) : tokenizeBmp(normal);
}

const SURROGATE = /[\ud800-\udfff]/;

/** TOKEN's matches, one match array each: for texts with surrogate pairs, and what the reading by hand is tested against. */
export function tokenizeByPattern(normal: string): Token[] {
  const tokens: Token[] = [];
  let first = true;
  for (const match of normal.matchAll(TOKEN)) {
    const word = match[0];
    let group = 1;
    while (group < 7 && match[group] === undefined) group++;
    const cls = CLASSES[group === 7 ? 0 : group];
    first = pushToken(tokens, word, cls, first);
  }
  return tokens;
}

/** Adds one token; returns whether the next word is a first one. */
function pushToken(tokens: Token[], word: string, cls: TokenClass, first: boolean): boolean {
  const key = cls === 'hangul' && word.length > 2 ? word.replace(PARTICLE, '') : word.toLowerCase();
  tokens.push({ text: word, key, cls, first: first && cls !== 'other' });
  if (cls !== 'other') return false;
  return word === '.' || word === ':' || word === ';' || word === '!' || word === '?' ? true : first;
}

/**
 * What each character (no surrogate) starts or continues in TOKEN: its class there (an index into
 * CLASSES, 0 for a one-character `other` token), SKIPPED for one no token holds, UNKNOWN until met.
 * Asked of TOKEN's own classes once per character, so the reading by hand below finds TOKEN's tokens
 * exactly; TOKEN's match arrays were most of the rule's cost over 20,000 descriptions.
 */
const charClass = new Uint8Array(0x10000);
const UNKNOWN = 0;
const SKIPPED = 8;
const OTHER_CLASS = 7;
const CHAR_CLASSES: readonly [number, RegExp][] = [
  [1, /^\d$/u],
  [2, /^\p{Script=Latin}$/u],
  [3, /^\p{Script=Hangul}$/u],
  [4, /^\p{Script=Hiragana}$/u],
  [5, /^[\p{Script=Katakana}ー]$/u],
  [6, /^\p{Script=Han}$/u],
  [OTHER_CLASS, /^[^\s\p{L}\p{N}*_`#>~]$/u],
];

function classOf(code: number): number {
  let cls = charClass[code];
  if (cls === UNKNOWN) {
    const char = String.fromCharCode(code);
    cls = CHAR_CLASSES.find(([, pattern]) => pattern.test(char))?.[0] ?? SKIPPED;
    charClass[code] = cls;
  }
  return cls;
}

/** TOKEN's tokens of a text without surrogates: a number's `[:./-]` and a Latin word's apostrophe join what follows. */
function tokenizeBmp(normal: string): Token[] {
  const tokens: Token[] = [];
  const length = normal.length;
  let first = true;
  let i = 0;
  while (i < length) {
    const start = i;
    const cls = classOf(normal.charCodeAt(i++));
    if (cls === SKIPPED) continue;
    if (cls === OTHER_CLASS) {
      first = pushToken(tokens, normal[start], 'other', first);
      continue;
    }
    for (;;) {
      while (i < length && classOf(normal.charCodeAt(i)) === cls) i++;
      if (i + 1 >= length || classOf(normal.charCodeAt(i + 1)) !== cls) break;
      const joiner = normal.charCodeAt(i);
      if (cls === 1 ? joiner === 0x3a || joiner === 0x2e || joiner === 0x2f || joiner === 0x2d : cls === 2 && (joiner === 0x27 || joiner === 0x2019)) i++;
      else break;
    }
    first = pushToken(tokens, normal.slice(start, i), CLASSES[cls], first);
  }
  return tokens;
}

const isContent = (token: Token): boolean => token.cls !== 'other';

/**
 * The one fact `statement` holds that `sentence` holds otherwise, when every other content word of the
 * statement is in the sentence in order; undefined when there is none, or more than one change.
 */
export function factSwap(statement: readonly Token[], sentence: readonly Token[]): FactSwap | undefined {
  if (statement.length > MAX_STATEMENT_TOKENS || sentence.length > MAX_SENTENCE_TOKENS) return undefined;
  const pairs = lcs(statement, sentence);
  const matched = new Set(pairs.map(([i]) => i));
  const content = statement.filter(isContent).length;
  const anchors = pairs.filter(([i]) => isContent(statement[i])).length;
  const missing = statement.map((_, i) => i).filter((i) => !matched.has(i) && isContent(statement[i]));
  // Every other word of the statement is in the sentence: at least two, or the one a two-word statement has.
  if (missing.length > 2 || anchors < Math.min(MIN_ANCHORS, content - missing.length) || anchors < 1) return undefined;
  if (missing.length === 0) return insertedNegation(statement, sentence, pairs);
  // One changed place: the statement's unmatched content words in one run between two anchors (or an end).
  const first = missing[0];
  const last = missing[missing.length - 1];
  if (pairs.some(([i]) => i > first && i < last)) return undefined;
  const before = pairs.filter(([i]) => i < first).at(-1);
  const after = pairs.find(([i]) => i > last);
  if (!before && !after) return undefined;
  const width = last - first + 3;
  const from = before ? before[1] + 1 : Math.max(0, after![1] - width);
  // Without an anchor after it, the changed place runs to the end of the sentence's clause.
  let to = after ? after[1] : Math.min(sentence.length, from + width);
  if (!after) for (let j = from; j < to; j++) if (sentence[j].cls === 'other') to = j;
  const old = statement.slice(first, last + 1).filter(isContent);
  const now = sentence.slice(from, to).filter(isContent);
  if (now.length === 0) return undefined;
  // A Japanese verb's ending changed: named with its stem (触らない, 触ってよい).
  const stem = old[0].cls === 'hiragana' && before ? statement[before[0]].text : '';
  return negationFlip(old, now, stem) ?? (old.length === 1 ? swappedFact(old[0], now[0], statement[last + 1], sentence[from + 1]) : undefined);
}

/** The longest common subsequence of two token lists, as index pairs in order. */
function lcs(a: readonly Token[], b: readonly Token[]): [number, number][] {
  const width = b.length + 1;
  const table = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] = a[i].key === b[j].key ? table[(i + 1) * width + j + 1] + 1 : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i].key === b[j].key) pairs.push([i++, j++]);
    else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) i++;
    else j++;
  }
  return pairs;
}

const NEGATION_WORDS = new Set(['not', 'never', 'no', "don't", "doesn't", "didn't", "isn't", "aren't", "won't", "can't", 'cannot', "shouldn't", "mustn't", 'do', 'does']);
const NEGATED = /않|못|말[고라]|금지|ない|ません|ず$|禁止/u;

function negated(tokens: readonly Token[]): boolean {
  return tokens.some((token) => (token.cls === 'latin' ? NEGATION_WORDS.has(token.key) && token.key !== 'do' && token.key !== 'does' : NEGATED.test(token.text)) || ['안', '못'].includes(token.text));
}

/** "allowed" against "not allowed": the sentence adds only negation words inside the statement's words. */
function insertedNegation(statement: readonly Token[], sentence: readonly Token[], pairs: readonly [number, number][]): FactSwap | undefined {
  for (let k = 0; k + 1 < pairs.length; k++) {
    const inserted = sentence.slice(pairs[k][1] + 1, pairs[k + 1][1]).filter(isContent);
    if (inserted.length === 0 || inserted.length > 2) continue;
    const onlyNegation = inserted.every((token) => (token.cls === 'latin' ? NEGATION_WORDS.has(token.key) : ['안', '못'].includes(token.text)));
    if (!onlyNegation || !negated(inserted) || negated(statement)) continue;
    const word = statement[pairs[k + 1][0]].text;
    return { kind: 'negation', old: word, now: `${inserted.map((token) => token.text).join(' ')} ${word}` };
  }
  return undefined;
}

/** 배포한다 against 배포하지 않는다, 触らない against 触ってよい: the changed words differ in being negated, and only in that. */
function negationFlip(old: readonly Token[], now: readonly Token[], stem: string): FactSwap | undefined {
  if (old.length > 2 || now.length > 3 || negated(old) === negated(now)) return undefined;
  // Verb endings only: a changed name or number beside the negation is more than a flip.
  if ([...old, ...now].some((token) => token.cls !== 'hangul' && token.cls !== 'hiragana' && token.cls !== 'latin')) return undefined;
  if ([...old, ...now].some((token) => token.cls === 'latin' && !NEGATION_WORDS.has(token.key))) return undefined;
  // One verb, negated or not: a Korean one keeps its stem's first syllable (배포한다, 배포하지 않는다), a
  // Japanese ending follows the same kanji (触らない, 触ってよい). "Edit 유실" against "Edit이 반영 안 되는" is rewording.
  if (old[0].cls === 'hangul' && (now[0].cls !== 'hangul' || old[0].text[0] !== now[0].text[0])) return undefined;
  if (old[0].cls === 'hiragana' && (now[0].cls !== 'hiragana' || !/^\p{Script=Han}/u.test(stem))) return undefined;
  const joined = (tokens: readonly Token[]): string => stem + tokens.map((token) => token.text).join(stem ? '' : ' ');
  return { kind: 'negation', old: joined(old), now: joined(now) };
}

// Words that start English sentences and descriptions without naming anything: verbs in the third person
// ("Owns", "Maintains") and the imperatives and function words a rule begins with ("Use", "Prefer", "The").
const SENTENCE_STARTS = new Set([
  'a', 'an', 'the', 'no', 'not', 'never', 'always', 'do', 'use', 'ask', 'keep', 'prefer', 'avoid', 'write', 'run', 'put', 'when',
  'if', 'for', 'in', 'on', 'at', 'after', 'before', 'every', 'each', 'all', 'only', 'this', 'that', 'these', 'it', 'we', 'i', 'you',
  'they', 'our', 'my', 'check', 'send', 'add', 'make', 'set', 'see', 'read', 'follow', 'from', 'to', 'owner', 'lead', 'review', 'test',
]);

/** Whether a capitalised word at a sentence's start may be a name: no common first word, no verb or plural ending. */
function startsAsName(key: string): boolean {
  return !SENTENCE_STARTS.has(key) && !/(?:s|ed|ing|ly)$/u.test(key);
}

// The most common Korean surnames: a Hangul word of two to four syllables starting with one reads as a name.
const SURNAMES = new Set([...'김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용']);
// What follows a Korean name in a sentence: the particle is written onto it.
const KOREAN_PARTICLE = /(?:이|가|은|는|을|를|의|와|과|에게|한테|께서|님|씨|이다|이고|이며)$/u;
const HONORIFIC = /^(?:さん|氏|様|くん|君|先生)/u;
const WEEKDAY = /^(?:[월화수목금토일]요일|[月火水木金土日]曜日?)/u;

/** Whether `a` (the statement's word) and `b` (the sentence's in its place) are two values of one kind of fact. */
function swappedFact(a: Token, b: Token | undefined, afterA: Token | undefined, afterB: Token | undefined): FactSwap | undefined {
  if (!b || a.cls !== b.cls || a.key === b.key) return undefined;
  const swap = (kind: FactSwap['kind'], old = a.text, now = b.text): FactSwap => ({ kind, old, now });
  switch (a.cls) {
    case 'digit':
      return swap('number');
    case 'latin': {
      const name = (token: Token): boolean => /^\p{Lu}/u.test(token.text) && token.text !== token.text.toUpperCase() && [...token.text].length > 1
        && (!token.first || startsAsName(token.key));
      return name(a) && name(b) ? swap(/day$/u.test(a.key) && /day$/u.test(b.key) ? 'weekday' : 'name') : undefined;
    }
    case 'hangul': {
      if (WEEKDAY.test(a.text) && WEEKDAY.test(b.text)) return swap('weekday', a.text.match(WEEKDAY)![0], b.text.match(WEEKDAY)![0]);
      // Three syllables, the first a surname: most Korean names, and few other words.
      const nameOf = (text: string): string | undefined => {
        const bare = text.length > 3 ? text.replace(KOREAN_PARTICLE, '') : text;
        return bare.length === 3 && SURNAMES.has(bare[0]) ? bare : undefined;
      };
      const [oldName, newName] = [nameOf(a.text), nameOf(b.text)];
      return oldName && newName && oldName !== newName ? swap('name', oldName, newName) : undefined;
    }
    case 'han': {
      if (WEEKDAY.test(a.text) && WEEKDAY.test(b.text)) return swap('weekday');
      const honoured = (after: Token | undefined): boolean => after !== undefined && HONORIFIC.test(after.text);
      const short = (token: Token): boolean => [...token.text].length >= 2 && [...token.text].length <= 4;
      return short(a) && short(b) && (honoured(afterA) || honoured(afterB)) ? swap('name') : undefined;
    }
    case 'katakana':
      return [...a.text].length >= 2 && [...b.text].length >= 2 ? swap('name') : undefined;
    default:
      return undefined;
  }
}
