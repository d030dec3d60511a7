import { LineIndex } from '../../lineIndex';
import { absoluteDateSpans } from './absoluteDates';
import { besideOwnWeekNumber, describesFutureReader, meansAtPresent } from './genericTime';
import { HabitLine } from './habitual';
import { mentionLanguage, type DateMention } from './mention';

/** Why a relative expression found in prose is not a finding; each is a class of false finding seen on real folders. */
export type Refusal = 'identifier' | 'label' | 'quote' | 'idiom' | 'habitual' | 'duration' | 'dated-line' | 'at-present' | 'future-reader';

/**
 * Decides, mention by mention, what the words alone cannot: whether "today" is a date or part of a
 * file name, a UI label, a quotation, an idiom, a habit or a duration, or sits on a line that already gives its
 * date. Line facts (quotes, emphasis, idioms, absolute dates) are worked out once per line.
 */
export class RefusalCheck {
  private readonly lines = new Map<number, LineFacts>();
  private readonly lineIndex: LineIndex;

  constructor(private readonly prose: string) {
    this.lineIndex = new LineIndex(prose);
  }

  /** Why `mention` is not a finding, or undefined when it is one. */
  refusal(mention: Pick<DateMention, 'start' | 'end' | 'language'>): Refusal | undefined {
    const { prose } = this;
    const { start, end } = mention;
    const words = prose.slice(start, end);
    const language = mentionLanguage(prose, mention);
    const facts = this.factsAt(start);
    const inLine = start - facts.start;
    const inLineEnd = end - facts.start;
    if (isIdentifier(prose, facts.start, start, end, language) || namesIdentifierOnLine(facts, words)) return 'identifier';
    if (spanAt(facts.quotes, inLine, inLineEnd, true)) return 'quote';
    if (isLabel(facts, inLine, inLineEnd, words, language)) return 'label';
    if (spanAt(facts.idioms, inLine, inLineEnd, false)) return 'idiom';
    if (meansAtPresent(facts.text, inLine, inLineEnd)) return 'at-present';
    if (describesFutureReader(facts.text, inLine, inLineEnd)) return 'future-reader';
    if (besideOwnWeekNumber(facts.text, inLine, inLineEnd)) return 'dated-line';
    // Hebrew, Chinese and Russian finders refuse habits, durations and idioms themselves, from their own words.
    if (mention.language) return datedBeside(facts, inLine, inLineEnd) ? 'dated-line' : undefined;
    if (facts.habits.isHabitual(inLine, inLineEnd, language)) return 'habitual';
    if (isDuration(facts.text, inLine, inLineEnd, words, language)) return 'duration';
    if (datedBeside(facts, inLine, inLineEnd) || yearBeside(facts, inLine, inLineEnd, words)) return 'dated-line';
    return undefined;
  }

  /** Whether the clause of `mention` tells of one occasion, in the past or planned: a verb says so. */
  tellsOfOccasion(mention: Pick<DateMention, 'start' | 'end' | 'language'>): boolean {
    // No verb is read in the languages found by their words alone: their fixes are a person's choice.
    if (mention.language) return false;
    const facts = this.factsAt(mention.start);
    return facts.habits.isOccasion(mention.start - facts.start, mentionLanguage(this.prose, mention));
  }

  /** The quote still open where `line` starts, opened on one of the few lines before it in its paragraph. */
  private quoteOpenBefore(line: number): string | undefined {
    let carried: string | undefined;
    for (let at = Math.max(0, line - CARRY_LINES); at < line; at++) {
      const text = this.prose.slice(this.lineIndex.offsetAt({ line: at, character: 0 }), this.lineIndex.offsetAt({ line: at + 1, character: 0 }));
      carried = text.trim() === '' ? undefined : quoteSpans(text.replace(/(?:\r\n|\n|\r)$/, ''), carried).leftOpen;
    }
    return carried;
  }

  private factsAt(offset: number): LineFacts {
    // A line of thousands of mentions is worked out once: found by binary search, cached by its number.
    const line = this.lineIndex.positionAt(offset).line;
    const cached = this.lines.get(line);
    if (cached) return cached;
    const start = this.lineIndex.offsetAt({ line, character: 0 });
    const end = this.lineIndex.offsetAt({ line: line + 1, character: 0 });
    const text = this.prose.slice(start, end).replace(/(?:\r\n|\n|\r)$/, '');
    const facts: LineFacts = { start, text, quotes: quoteSpans(text, this.quoteOpenBefore(line)).spans, emphasis: emphasisSpans(text), idioms: idiomSpans(text), habits: new HabitLine(text), dates: absoluteDateSpans(text), cache: {} };
    this.lines.set(line, facts);
    return facts;
  }
}

/**
 * The span of `spans` (sorted by start, not overlapping) that contains [start, end) (`within`) or
 * overlaps it: a binary search, since a line of thousands of quotes has thousands of mentions too.
 */
function spanAt<T extends readonly [number, number, ...unknown[]]>(spans: readonly T[], start: number, end: number, within: boolean): T | undefined {
  let low = 0;
  let high = spans.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (spans[mid][0] < end) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  // Overlapping spans (idioms, at most one per pattern at a place) may start earlier and reach further.
  for (let i = found; i >= 0 && i > found - 16; i--) {
    const span = spans[i];
    if (within ? span[0] <= start && end <= span[1] : span[0] < end && start < span[1]) return span;
  }
  return undefined;
}

interface LineFacts {
  readonly start: number;
  readonly text: string;
  readonly quotes: readonly [number, number][];
  readonly emphasis: readonly [number, number, boolean][];
  readonly idioms: readonly [number, number][];
  readonly habits: HabitLine;
  /** Where the line writes an absolute day or month. */
  readonly dates: readonly [number, number][];
  /** What is worked out of the line once, when a mention first needs it: a line may hold thousands. */
  readonly cache: { cjk?: boolean; capsHeading?: boolean; leadEnd?: number; sentenceEnds?: number[]; named?: Map<string, boolean> };
}

// ---------------------------------------------------------------------------------------------------
// Lines that carry their date: `3/26 launch (D-11)`, `tomorrow (10/03)`, `4/2 어제`, `1年後(2027-05)`,
// `Update 2026-06-30: go live tomorrow`. A date dates what its own sentence says, and a date leading
// the line (a log's label) dates the whole line; a date in another sentence of a long line ("~14 months
// ago overweight. Next race: Sept 9, 2026") is about something else.

const SENTENCE_END = /[.!?](?=\s)|[。！？]/g;
const LINE_LEAD = 40;

function datedBeside(facts: LineFacts, start: number, end: number): boolean {
  if (facts.dates.length === 0) return false;
  const { text } = facts;
  let leadEnd = facts.cache.leadEnd;
  if (leadEnd === undefined) {
    const lead = text.length - text.replace(/^[\s>*+\-\d.)#\[\]x]*(?:\*\*|__)?/, '').length;
    // A bold title leading the line ("**Feature X — BUILT (2026-06-22).** ...") dates the paragraph it leads.
    const title = /^[\s>*+\-\d.)\[\]x]*(\*\*|__)[^*_]{1,160}?\1/.exec(text);
    leadEnd = facts.cache.leadEnd = Math.max(lead + LINE_LEAD, title ? title[0].length : 0);
  }
  if (facts.dates[0][0] <= leadEnd) return true;
  const [from, to] = sentenceAround(facts, start, end);
  return spanAt(facts.dates, from, to, false) !== undefined;
}

/** The sentence of the line holding [start, end): from the end before it to the end after it, found by halving. */
function sentenceAround(facts: LineFacts, start: number, end: number): [number, number] {
  const ends = (facts.cache.sentenceEnds ??= [...facts.text.matchAll(SENTENCE_END)].map((match) => match.index));
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ends[mid] < start) low = mid + 1;
    else high = mid;
  }
  return [low > 0 ? ends[low - 1] + 1 : 0, low < ends.length ? Math.max(ends[low], end) : facts.text.length];
}

// A year is the date of what is counted in years: "about 40 years ago (around 1986)", "last year (2025)",
// "3년 전(2023년)", "昨年（2025年）". Only a year marked as one (in brackets, after "in"/"around"/"since",
// or with 년/年) counts: "2000 users, up from 300 three years ago" names no year.
const YEAR_UNIT = /year|[年년]|올해/i;
const MARKED_YEAR = /[(（]\s*(?:(?:in|around|circa|c\.|since|about|~)\s*)?(?:19|20)\d{2}\s*[년年]?\s*[)）]|\b(?:in|around|circa|since)\s+(?:19|20)\d{2}\b(?![-/.]\d)|(?<!\d)(?:19|20)\d{2}\s?[년年](?!\s?\d)/i;

function yearBeside(facts: LineFacts, start: number, end: number, words: string): boolean {
  if (!YEAR_UNIT.test(words)) return false;
  const [from, to] = sentenceAround(facts, start, end);
  return MARKED_YEAR.test(facts.text.slice(from, to));
}

// ---------------------------------------------------------------------------------------------------
// Identifiers: `today-timeline.tsx`, `src/thisWeek.ts`, `since=yesterday`, `#today`, `오늘_메모.md`.

const GLUED_BEFORE = /[\p{L}\p{N}_\-/\\.@#=~$]/u;
const GLUED_AFTER_EN = /^(?:[\p{L}\p{N}_/\\=@]|[-.][\p{L}\p{N}])/u;
const GLUED_AFTER_CJK = /^(?:[_/\\=@]|[-.][\p{L}\p{N}])/u;
// `today: true`, `next_week = 3`: a lower-case key at a line's start with a value that is data.
const CONFIG_VALUE = /^\s*[:=]\s*(?:true|false|null|yes|no|on|off|-?\d|["'[{])/i;

function isIdentifier(prose: string, lineStart: number, start: number, end: number, language: string): boolean {
  const before = prose[start - 1];
  // Korean and Japanese glue particles and words to dates ("어제는", "来週の"): only code-like characters count there.
  // Japanese glues Latin words to dates too ("API来週変更"): only symbols of code count before them.
  // "~14 months ago" is about fourteen months: a tilde before a number is not code.
  const approximate = before === '~' && /^\d/.test(prose.slice(start, end));
  // An index into a series, as a formula writes it: "SMA50[5 days ago]", "close[yesterday]".
  if (before === '[' && prose[end] === ']' && /[\p{L}\p{N}_)\]]/u.test(prose[start - 2] ?? '')) return true;
  const alphabetic = language === 'en' || language === 'he' || language === 'ru';
  if (before !== undefined && !approximate && (alphabetic ? GLUED_BEFORE.test(before) : /[_\-/\\.@#=~$]/.test(before))) return true;
  const after = prose.slice(end, end + 2);
  if ((alphabetic ? GLUED_AFTER_EN : GLUED_AFTER_CJK).test(after)) return true;
  // Only a key that starts its line (after an indent or a list marker) is a key.
  const atLineStart = start - lineStart <= 8 && /^[\s\-*+]*$/.test(prose.slice(lineStart, start));
  return atLineStart && /^[a-z\s]+$/.test(prose.slice(start, end)) && CONFIG_VALUE.test(prose.slice(end, end + 12));
}

// The same word as the name of a component or file on the line: "오늘의 상담 타임라인(today-timeline.tsx)",
// "今日のタスク一覧 (TodayTasks.vue)", "the Today panel (`todayPanel`)": the words name that feature.
const WORD_NAMES: readonly [RegExp, string][] = [
  [/^(?:today|오늘|今日|本日|今天|[ושמבלכ]{0,2}היום|сегодня)/i, 'today'],
  [/^(?:tomorrow|내일|明日|明天|[ושמבלכ]{0,2}מחר|завтра)/i, 'tomorrow'],
  [/^(?:yesterday|어제|昨日|昨天|[ושמבלכ]{0,2}אתמול|вчера)/i, 'yesterday'],
  [/^(?:this\s+week|이번\s?주|今週|本周|这周|這週|[ושמבלכ]{0,2}השבוע$)/i, 'this[-_]?week'],
  [/^(?:next\s+week|다음\s?주|来週|下周|下週|[ושמבלכ]{0,2}ה?שבוע\s+הבא)/i, 'next[-_]?week'],
  [/^(?:last\s+week|지난\s?주|先週|上周|上週|[ושמבלכ]{0,2}ה?שבוע\s+שעבר)/i, 'last[-_]?week'],
];

function namesIdentifierOnLine(facts: LineFacts, words: string): boolean {
  const name = WORD_NAMES.find(([pattern]) => pattern.test(words.trim()))?.[1];
  if (!name) return false;
  const named = (facts.cache.named ??= new Map());
  let found = named.get(name);
  if (found === undefined) {
    const separated = new RegExp(`(?<![A-Za-z])${name}[-_.][A-Za-z0-9]|[A-Za-z0-9][-_.]${name}(?![A-Za-z])`, 'i');
    const camel = name.replace(/^(.)/, (c) => `[${c}${c.toUpperCase()}]`).replace('week', 'Week');
    found = separated.test(facts.text) || new RegExp(`(?<![A-Za-z])${camel}[A-Z0-9]|[a-z]${camel}(?![a-z])`).test(facts.text);
    named.set(name, found);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------
// UI labels and product text: `the TODAY'S BRIEF card`, `a **Today** tab`, `the THIS WEEK board`.

const UI_HEAD_EN = '(?:tab|card|board|button|section|menu|page|view|screen|panel|pane|widget|column|dialog|modal|label|badge|header|toggle|filter|feed|sidebar|icon|chip|banner|tile|lane|digest|brief|briefing|mode|template|folder|channel)s?';
const UI_AFTER_EN = new RegExp(`^(?:['’]s)?(?:\\s+[A-Z][\\w'’-]*){0,3}\\s+${UI_HEAD_EN}\\b`);
const UI_AFTER_EN_PLAIN = new RegExp(`^\\s+${UI_HEAD_EN}\\b`, 'i');
const UI_HEAD_KO = '(?:탭|카드|보드|버튼|섹션|메뉴|화면|페이지|위젯|패널|뷰|칸|폴더|채널|브리핑)';
// "오늘 탭", and with "의" a feature's whole name up to its head noun: "오늘의 할 일 위젯은", not "오늘 회의 화면".
const UI_AFTER_KO = new RegExp(`^(?:\\s?${UI_HEAD_KO}|의\\s?(?:[가-힣]{1,5}\\s?){0,2}${UI_HEAD_KO})`);
const UI_HEAD_JA = '(?:タブ|カード|ボード|ボタン|セクション|メニュー|画面|ページ|ウィジェット|パネル|ビュー|欄|フォルダ|チャンネル)';
// "今日タブ", "今週のカード", and after "の" a feature named in one compound up to its head noun:
// "今日のタスク画面" (not "ビュー" there, the tail of "レビュー").
const UI_AFTER_JA = new RegExp(`^(?:の)?${UI_HEAD_JA}|^の[\\p{Script=Katakana}ー\\p{Script=Han}]{1,8}?(?:タブ|カード|ボード|ボタン|セクション|メニュー|画面|ページ|ウィジェット|パネル|欄)`, 'u');

const CJK_PROSE = /[\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;
// Relative-date words written in kana or Hangul are not the prose an English word sits in: were they
// counted, fixing "어제" to a date would turn the line's English words from a label into prose, and the
// fixed text would be flagged anew.
const CJK_DATE_WORDS = /그저께|그제|어제|오늘|내일|모레|글피|(?:지난|이번|다음|저번)\s?(?:주|달)|작년|올해|내년|지난해|[월화수목금토일]요일|きのう|きょう|あした|あす|あさって|おととい|(?:今週|来週|先週|再来週|今月|来月|先月)の/gu;

function inCjkProse(text: string): boolean {
  return CJK_PROSE.test(text.replace(CJK_DATE_WORDS, ' '));
}

// Days joined by a plus, slash or middle dot name what a feature covers ("forecast: today + tomorrow",
// "오늘/내일 일정", "今日・明日の予報"): a sentence would join them with a word.
const DAY_WORD = '(?:today|tomorrow|yesterday|오늘|내일|어제|모레|今日|明日|昨日|本日|明後日|היום|מחר|אתמול|今天|明天|昨天|сегодня|завтра|вчера)';
const JOINED_DAY_BEFORE = new RegExp(`${DAY_WORD}\\s*[+/・]\\s*$`, 'i');
const JOINED_DAY_AFTER = new RegExp(`^\\s*[+/・]\\s*${DAY_WORD}`, 'i');

function isLabel(facts: LineFacts, start: number, end: number, words: string, language: string): boolean {
  const { text } = facts;
  const after = text.slice(end, end + 60);
  if (JOINED_DAY_AFTER.test(after) || JOINED_DAY_BEFORE.test(text.slice(Math.max(0, start - 12), start))) return true;
  if (language === 'ko') return UI_AFTER_KO.test(after) || inShortEmphasis(facts, start, end);
  if (language === 'ja') return UI_AFTER_JA.test(after) || inShortEmphasis(facts, start, end);
  // Hebrew, Chinese and Russian finders refuse a product's names themselves (לשונית היום, 今天视图, вкладка Сегодня).
  if (language === 'he' || language === 'zh' || language === 'ru') return inShortEmphasis(facts, start, end);
  // An English word inside Korean or Japanese prose is a term borrowed from the product ("CTA·today 강조").
  // Not when it continues English words ("… and next week."): only a word set in the other script's text.
  if (/^[A-Za-z'’\s]+$/.test(words) && (facts.cache.cjk ??= inCjkProse(text)) && !/[A-Za-z,]\s+$/.test(text.slice(Math.max(0, start - 3), start))) return true;
  const letters = words.replace(/[^A-Za-z]/g, '');
  if (letters.length > 1 && letters === letters.toUpperCase()) return !(facts.cache.capsHeading ??= isCapsHeading(text)) || UI_AFTER_EN_PLAIN.test(after.replace(/^['’]S\b/i, ''));
  const capitalized = /^[A-Z]/.test(words);
  const before = text.slice(Math.max(0, start - 40), start);
  if (capitalized && UI_AFTER_EN.test(after)) return true;
  if (/\b(?:the|a|an|our|my|your|its)\s+$/i.test(before) && UI_AFTER_EN_PLAIN.test(after)) return true;
  // "open the Today view", "a Today tab": a capital after a lower-case word is a name, not a sentence's start.
  if (capitalized && !/^(?:(?:this|next|last|past|coming|upcoming|previous)\s+)?(?:mon|tue|wed|thu|fri|sat|sun)/i.test(words) && /[a-z][a-z'’]*\s+$/.test(before)) return true;
  return inShortEmphasis(facts, start, end);
}

/**
 * A heading or a heading-like line of its own ("## NEXT WEEK — plan", "**TODAY'S TODO**", "TOMORROW
 * MORNING:"), where capitals set a date apart; inside a sentence they name a label ("the THIS WEEK board").
 */
function isCapsHeading(line: string): boolean {
  if (/^ {0,3}#{1,6}\s/.test(line)) return true;
  // Capitals leading the line up to a dash or colon head what follows: "NEXT WEEK — plan the migration".
  if (/^[\s>*+\-\d.)]*(?:\*\*|__)?[A-Z][A-Z'’ ]*[A-Z](?:\*\*|__)?\s*(?:—|–|-|:)/.test(line)) return true;
  const bare = line.replace(/[*_#>`~\-–—:|]/g, ' ').trim();
  if (bare.length === 0 || bare.length > 60) return false;
  const letters = bare.replace(/[^A-Za-z]/g, '');
  const upper = letters.replace(/[^A-Z]/g, '').length;
  return upper >= letters.length * 0.6;
}

/** Inside `**Today**` or `*This week*`: a span of at most three words that is not a log's `**Yesterday:**` label. */
function inShortEmphasis(facts: LineFacts, start: number, end: number): boolean {
  const span = spanAt(facts.emphasis, start, end, true);
  return span !== undefined && !span[2];
}

/** `**x**`, `__x__`, `*x*`, `_x_` spans of at most three words, and whether each is a log label ending in a colon at the line's start. */
function emphasisSpans(line: string): [number, number, boolean][] {
  const spans: [number, number, boolean][] = [];
  if (!/[*_]/.test(line)) return spans;
  const marker = /(\*\*|__|\*|_)(?=\S)([^*_\n]{1,60}?)(?<=\S)\1/g;
  for (let match = marker.exec(line); match; match = marker.exec(line)) {
    const inner = match[2];
    if (inner.trim().split(/\s+/).length > 3) continue;
    const start = match.index;
    const end = start + match[0].length;
    const isLogLabel = /^[\s>*+\-\d.)]*$/.test(line.slice(0, start)) && (/:\s*$/.test(inner) || line.startsWith(':', end));
    spans.push([start, end, isLogLabel]);
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------------
// Quotes and titles: `episode title: "I got laid off today."`, 「先週何を話していたか」.

const PAIRS: Record<string, string> = { '"': '"', '“': '”', '「': '」', '『': '』', '«': '»', '‘': '’', '《': '》' };
// Hebrew writes its abbreviations with a double quote between letters (דו"ח, ע"י, צה"ל): not a quotation mark.
const HEBREW_LETTER = /[\u05D0-\u05EA]/;

// A line of a script to be said, led by its speaker's part ("Response: book now at today's rate",
// "Question: should we set this up today?", "멘트: 오늘 안에 …"): what follows is said whenever the
// script is used, as a quotation is.
const SCRIPT_LEAD = /^[\s>*+-]*(?:\*\*|__)?(?:response|reply|objection|script|say|ask|pitch|opener|rebuttal|멘트|스크립트|응대|トーク|台本|返答例|回答例)(?:\*\*|__)?\s*[:：]\s*/i;

/** Quotes that may run on to the next line of a paragraph (a person's words quoted as they wrote them). */
const CARRIED = new Set(['"', '”', '」', '』']);
/** How many lines back a quote still open is looked for: a stray inch mark must not quote a paragraph. */
const CARRY_LINES = 3;

interface LineQuotes {
  readonly spans: [number, number][];
  /** The closing mark of a quote opened at a word's start and not closed on the line. */
  readonly leftOpen?: string;
}

/**
 * Quoted spans of a line, closing quote included, when the line starts inside the quote `carried`
 * (closed by that mark) or outside any; an unclosed quote quotes nothing unless it may run on. One pass.
 */
function quoteSpans(line: string, carried?: string): LineQuotes {
  const spans: [number, number][] = [];
  const script = SCRIPT_LEAD.exec(line);
  if (script) return { spans: [[script[0].length, line.length]] };
  let from = 0;
  if (carried !== undefined) {
    const end = line.indexOf(carried);
    if (end < 0) return { spans: [[0, line.length]], leftOpen: carried };
    spans.push([0, end + 1]);
    from = end + 1;
  }
  if (!/["“「『«‘'《]/.test(line)) return { spans };
  let open = -1;
  let close = '';
  let opensRun = false;
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (open >= 0) {
      if (c === close && (close !== "'" || !/[\p{L}\p{N}]/u.test(line[i + 1] ?? ''))) {
        spans.push([open, i + 1]);
        open = -1;
      }
      continue;
    }
    if (c === '"' && HEBREW_LETTER.test(line[i - 1] ?? '') && HEBREW_LETTER.test(line[i + 1] ?? '')) continue;
    const pair = PAIRS[c];
    // ‘ and ' open only at a word's start: "today's" and "don't" are apostrophes.
    const opensWord = !/[\p{L}\p{N}]/u.test(line[i - 1] ?? '') && /[\p{L}\p{N}]/u.test(line[i + 1] ?? '');
    if (pair && (c !== '‘' || opensWord)) {
      open = i;
      close = pair;
      opensRun = opensWord && CARRIED.has(pair);
    } else if (c === "'" && opensWord) {
      open = i;
      close = "'";
      opensRun = false;
    }
  }
  return open >= 0 && opensRun ? { spans, leftOpen: close } : { spans };
}

// ---------------------------------------------------------------------------------------------------
// Idioms and generic statements: `none of them pay tomorrow`, `what you learn today pays off`.

const IDIOMS: readonly RegExp[] = [
  /\b(?:what|whatever|everything|anything|something|all)\s+(?:you|we|i|they|he|she|one|people)\s+[a-z]+\s+today\b/gi,
  /\btoday\s+(?:pays?|will\s+pay|is\s+paying)\s+off\b/gi,
  /\b(?:pays?|paying|paid)\s+(?:off\s+)?tomorrow\b/gi,
  /\b(?:today|tomorrow|yesterday)['’]s\s+(?:world|ai|tools?|models?|web|internet|developers?|engineers?|users?|market|economy|technology|tech|standards?|landscape|age|era|society|generation|problems?|news|solutions?|leaders?|software|industry|companies|teams|kids|workplace)\b/gi,
  /\b(?:live|living|lives)\s+for\s+today\b/gi,
  /\bhere\s+today,?\s+gone\s+tomorrow\b/gi,
  /\btomorrow\s+(?:never\s+comes|is\s+another\s+day)\b/gi,
  /\b(?:there['’]s\s+)?always\s+tomorrow\b/gi,
  /\b(?:like\s+)?there(?:['’]s|\s+is|\s+was)\s+no\s+tomorrow\b/gi,
  // "Tomorrow never comes" / "there is no tomorrow" as Korean and Japanese say it.
  /(?<!\p{Script=Hangul})내일은\s?(?:오지\s?않는|없는|없다|없어|없음)/gu,
  /明日は(?:来ない|こない|ない)/gu,
  /\b(?:the\s+\w+\s+)?of\s+tomorrow\b/gi,
  /\b(?:even|still)\s+today\b/gi,
  // Two periods compared, as a report or dashboard does every time: "this week vs last week revenue".
  /\b(?:(?:this|last|next|previous|past)\s+(?:week|month|quarter|year)|today|yesterday)\s*(?:vs\.?|versus|v\.|against|compared\s+(?:to|with))\s*(?:(?:this|last|next|previous|past)\s+(?:week|month|quarter|year)|today|yesterday)\b/gi,
  /(?:이번\s?주|지난\s?주|이번\s?달|지난\s?달|오늘|어제|올해|작년)\s*(?:vs\.?|대비)\s*(?:이번\s?주|지난\s?주|이번\s?달|지난\s?달|오늘|어제|올해|작년)/gi,
  /(?:今週|先週|今月|先月|今日|昨日|今年|昨年|去年)\s*(?:vs\.?|対|比)\s*(?:今週|先週|今月|先月|今日|昨日|今年|昨年|去年)/gi,
  // "launchable today", "the path that works today": possible right away, not a day.
  /\b(?:[a-z]{3,}able|works|working|possible|doable)\s+(?:right\s+)?today\b/gi,
  /\bnever\s+put\s+off\s+till\s+tomorrow\b/gi,
  /(?<!\p{Script=Hangul})내일(?:을|이|의)\s?(?:위해|위한|향해|없|꿈|준비)/gu,
  /(?<!\p{Script=Hangul})어제의\s?(?:나|우리|적|친구|영광)/gu,
  /(?<!\p{Script=Hangul})오늘의\s?(?:나|우리)(?!\p{Script=Hangul})/gu,
  /明日(?:の|へ)(?:ために|ための|日本|世界|自分|希望)/gu,
  // "Never put off till tomorrow" as Korean and Japanese say it.
  /(?<!\p{Script=Hangul})오늘\s?(?:할|못\s?끝낸|끝내지\s?못한)\s?일[은을]?\s?내일로\s?(?:미루|넘기)/gu,
  /今日(?:できる|出来る|やれる)ことを明日に(?:延ば|のば|回)[すさ]/gu,
  /今日(?:では|でも|の(?:日本|世界|社会|技術|AI))/gu,
];

function idiomSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const idiom of IDIOMS) {
    idiom.lastIndex = 0;
    for (let match = idiom.exec(line); match; match = idiom.exec(line)) spans.push([match.index, match.index + match[0].length]);
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

// ---------------------------------------------------------------------------------------------------
// Durations and periods: `converged in one week`, `1 post in 14 days`, `7일 후 자동 익명화`, `expires in 30 days`.

const PAST_VERB = /\b(?:[a-z]+ed|took|did|was|were|made|built|ran|wrote|got|went|came|grew|won|lost|became|done|fell|rose|spent|saw|found|hit|cut|shipped|converged)\s+(?:(?:it|this|that|them|everything|all|up|out|down)\s+)?$/i;
const FUTURE_CUE = /\b(?:will|['’]ll|going\s+to|gonna|should|must|shall|plan(?:s|ned)?\s+to|scheduled|planned|expected|supposed|due|set)\b[^.;!?]*$/i;
// A count of events over the span: "1 post in 14 days", "the 5th auto-update crash in 3 weeks".
const RATE_BEFORE = /\b\d[\d.,]*\s*(?:x|%|[a-z]+)?(?:\s+[a-z]+(?:-[a-z]+)*){0,2}\s+$/i;
const SPAN_AFTER = /^\s+(?:or\s+(?:less|fewer|so|more)|flat|tops|max|at\s+most|each|per|apart|straight|in\s+a\s+row|total)\b/i;
const RETENTION_BEFORE = /\b(?:expires?|expiring|(?:is|are|get|gets|be|being)\s+(?:deleted|purged|archived|anonymi[sz]ed|removed|rotated|reset|locked|suspended|expired|cleared))\s+$/i;
// Lifetimes listed after the verb they share: "short-lived tokens expire in 1-2 hours, long-lived tokens in 60 days".
const LIFETIMES_BEFORE = /\b(?:expire|expires|expiring)\s+in\s+[^.;!?]*,\s*(?:and\s+)?[^.;!?,]*$/i;
// A period something is kept for, or after which it is removed, said of the thing it happens to: the
// retention word may follow a few words later ("7일 후 문의 항목 자동 익명화", "30日後にログを自動削除").
const RETENTION_AFTER_KO = /^(?:에는|이면|이\s?지나면|마다|[^.!?。\n]{0,24}?(?:자동|삭제|만료|익명화|폐기|파기|보관|잠금|휴면))/;
const RETENTION_AFTER_JA = /^(?:には|ごと|毎|経過|[^.!?。\n]{0,24}?(?:自動|削除|失効|匿名化|破棄|期限切れ|ロック|無効))/;
// "10年後もこれは成立するか？", "10년 후에도 유효할까?": the same test put to a design, in Japanese and Korean.
const GENERIC_TEST_JA = /^も[^。\n]{0,40}[か？?]/;
const GENERIC_TEST_KO = /^에도[^.\n]{0,40}(?:까|가|나)\s?[?？]/;
// "in 3 days" after a gerund or along a progression is how long something takes ("replacing salary in
// 90 days", "senior SDR → growth AM in one year"), unless the clause says something is coming then
// ("we're launching in 3 days", "the beta opens in two weeks").
const GERUND_BEFORE = /(?<!\b(?:am|is|are|was|were|be|been|['’]re|['’]s|['’]m)\s+)\b[a-z]{3,}ing\b(?:\s+[\w$~%()+.,-]+){0,3}\s+$/i;
const PROGRESSION_BEFORE = /(?:→|->)[^.;!?→]*$/;
const COMING_BEFORE = /\b(?:(?:am|is|are|['’]re|['’]s|['’]m)\s+[a-z]+ing|will|['’]ll|going\s+to|gonna|shall|plan(?:s|ned)?\s+to|scheduled|planned|expected|supposed\s+to|due|set\s+to|launch(?:es|ing)?|ship(?:s|ping)?|goes\s+live|go(?:es)?\s+out|opens?|starts?|begins?|ends?|closes?|lands?|arrives?|returns?|(?:is|are)\s+back|back|renews?|kicks?\s+off)\b[^.;!?]*$/i;

function isDuration(line: string, start: number, end: number, words: string, language: string): boolean {
  const after = line.slice(end, end + 40);
  if (language === 'ko') return /[전후뒤]$/.test(words) && (RETENTION_AFTER_KO.test(after) || (/년\s?[후뒤]$/.test(words) && GENERIC_TEST_KO.test(after)));
  if (language === 'ja') return /[前後]$/.test(words) && (RETENTION_AFTER_JA.test(after) || (/年後$/.test(words) && GENERIC_TEST_JA.test(after)));
  // "Would this still hold in ten years?", "will it survive a year from now?": a test put to a design
  // whenever it is read, not a day.
  if (/^(?:in\s.*\b(?:years?|decades?)|.*\b(?:years?|decades?)\s+from\s+now)$/i.test(words) && /^[^.!?\n]*\?/.test(after)) return true;
  if (!/^in\s/i.test(words)) return false;
  // "ends in 14 days from signup", "in 30 days of purchase": counted from an event the sentence names.
  if (/^\s+(?:from|after|of)\s+(?!now\b|today\b|here\b)[a-z]/i.test(after)) return true;
  const before = line.slice(Math.max(0, start - 60), start);
  if (SPAN_AFTER.test(after) || RETENTION_BEFORE.test(before) || LIFETIMES_BEFORE.test(line.slice(Math.max(0, start - 120), start))) return true;
  // "1 post in 14 days" counts; "we ship the 2 remaining fixes in 3 weeks" plans.
  if (RATE_BEFORE.test(before)) return !COMING_BEFORE.test(before) && !FUTURE_CUE.test(before);
  if (PAST_VERB.test(before) && !FUTURE_CUE.test(before)) return true;
  return (GERUND_BEFORE.test(before) || PROGRESSION_BEFORE.test(before)) && !COMING_BEFORE.test(before) && !FUTURE_CUE.test(before);
}
