import { addDays, addMonths, isoWeekday, resolveWeekday, weekdayInWeek, type Granularity, type WeekdayModifier } from './calendar';
import type { CalendarDate } from '../../types';
import type { DateMention } from './mention';

/**
 * The relative expressions chrono-node does not parse: all of Korean (chrono has no Korean), the
 * Japanese it lacks (先週, 来週, 先月, 来年, 3日前, 今週の金曜日, ... — its Japanese knows only
 * 今日/昨日/明日/今朝/今夜 and bare weekdays), and the English it parses without a date of its own
 * ("this week", "this weekend", "last Friday": chrono returns no certain day for them).
 */
export function findTableMentions(prose: string, reference: CalendarDate): DateMention[] {
  const out: DateMention[] = [];
  // Each language's words are looked for in one pass first: a 20,000-file root is mostly without them,
  // and one literal search costs a fraction of the entries' patterns with their lookarounds.
  if (KO_GATE.test(prose)) collect(prose, reference, KOREAN, out);
  if (JA_GATE.test(prose)) collect(prose, reference, JAPANESE, out);
  if (EN_GATE.test(prose)) collect(prose, reference, ENGLISH, out);
  return out;
}

export interface Entry {
  /** A cheaper pattern any match of `pattern` also matches, where `pattern` is slow to fail. */
  readonly gate?: RegExp;
  readonly pattern: RegExp;
  /** The mention for one match, or undefined when its context says it is not a relative date. */
  readonly read: (match: RegExpExecArray, prose: string, reference: CalendarDate) => Omit<DateMention, 'start' | 'end'> | undefined;
}

export function collect(prose: string, reference: CalendarDate, entries: readonly Entry[], out: DateMention[]): void {
  for (const entry of entries) {
    if (entry.gate && !entry.gate.test(prose)) continue;
    entry.pattern.lastIndex = 0;
    for (let match = entry.pattern.exec(prose); match; match = entry.pattern.exec(prose)) {
      const found = entry.read(match, prose, reference);
      if (found) out.push({ start: match.index, end: match.index + match[0].length, ...found });
    }
  }
}

/**
 * "next Friday", "다음 금요일", "次の金曜日": on a day before that weekday in the week ("next Friday" said on
 * a Tuesday) people mean this week's or next week's, so both are kept; from that weekday on, only the
 * one in the following week remains.
 */
export function weekdayMention(reference: CalendarDate, modifier: WeekdayModifier, weekday: number): Omit<DateMention, 'start' | 'end'> {
  const date = resolveWeekday(reference, modifier, weekday);
  if (modifier !== 'next' || isoWeekday(reference) >= weekday) return { granularity: 'day', date };
  return { granularity: 'day', date: resolveWeekday(reference, 'this', weekday), alternative: date, reading: 'ambiguous' };
}

export function shifted(reference: CalendarDate, granularity: Granularity, amount: number | undefined): Omit<DateMention, 'start' | 'end'> | undefined {
  if (amount === undefined) return undefined;
  switch (granularity) {
    case 'day':
      return { granularity, date: addDays(reference, amount) };
    case 'week':
      return { granularity, date: addDays(reference, amount * 7) };
    case 'weekend':
      return { granularity, date: weekdayInWeek(reference, amount, 6) };
    case 'month':
      return { granularity, date: addMonths(reference, amount) };
    case 'year':
      return { granularity, date: { year: reference.year + amount, month: 1, day: 1 } };
  }
}

/** "3 weeks ago" names a day, three weeks back, not a week as "last week" does. */
export function counted(reference: CalendarDate, unit: Granularity, amount: number): Omit<DateMention, 'start' | 'end'> | undefined {
  return unit === 'week' ? shifted(reference, 'day', amount * 7) : shifted(reference, unit, amount);
}

/** The table's value for a matched word; undefined (the match is skipped) only if a pattern and its table disagree, since rules must not throw. */
function lookup(table: Readonly<Record<string, number>>, key: string): number | undefined {
  return table[key.replace(/\s+/g, '')];
}

const KO_COUNT_GATE = /[일주월달년해루틀흘새레름칠]\s?[전후뒤]/;
/** Words every Korean entry's match contains; a text without any is skipped in one search. */
export const KO_GATE = new RegExp(`어제|오늘|내일|모레|그제|그저께|어저께|금일|명일|글피|지난|저번|이번|요번|다음|담주|이달|작년|올해|금년|내년|후년|오는|${KO_COUNT_GATE.source}`);
const JA_COUNT_GATE = /[日週間月年][前後]/;
const JA_WEEKDAY_GATE = /の[月火水木金土日]曜/;
/** Words every Japanese entry's match contains (先々 rather than 々月: a class with 々 doubles the search's cost). */
export const JA_GATE = new RegExp(`一昨|おととい|昨夜|昨晩|後日|あさって|週|先々|[先今来]月|去年|昨年|今年|本年|来年|おととし|${JA_COUNT_GATE.source}|${JA_WEEKDAY_GATE.source}`);
/** Words every English entry's match contains. */
export const EN_GATE = /\b(?:this|next|last|past|coming|upcoming|previous)\s+(?:mon|tue|wed|thu|fri|sat|sun|week|morning|afternoon|evening)|\bweek\s+(?:after|before)\b/i;

// ---------------------------------------------------------------------------------------------------
// Korean. Words are not separated from their particles (어제는, 다음 주에, 작년부터), so an expression
// must start a word and may be followed only by particles or endings; that keeps 오늘날 ("nowadays"),
// 어제오늘 ("lately"), 그제야 ("only then"), 다음 주제 ("next topic"), 이번 주문 ("this order") and
// 안내일 out.

const H = '\\p{Script=Hangul}';
const KO_START = `(?<!${H})`;
const KO_PARTICLE = '(?:부터|까지|동안|에|엔|의|은|는|도|가|를|이|로|와|과|랑|만|쯤|께|중|내|초|인|라|다|서|였|었|고|면|나|야)';
const KO_END = `(?=${KO_PARTICLE}{0,3}(?!${H}))`;

const KO_DAYS: Record<string, number> = {
  그끄저께: -3, 그저께: -2, 그제: -2, 어저께: -1, 어제: -1, 오늘: 0, 금일: 0, 내일: 1, 명일: 1, 내일모레: 2, 모레: 2, 글피: 3,
};
const KO_SHIFT: Record<string, number> = { 지지난: -2, 지난: -1, 저번: -1, 이번: 0, 요번: 0, 다음: 1, 담: 1, 다다음: 2 };
const KO_YEARS: Record<string, number> = { 재작년: -2, 작년: -1, 지난해: -1, 올해: 0, 금년: 0, 내년: 1, 내후년: 2, 후년: 2 };
const KO_WEEKDAYS: Record<string, number> = { 월: 1, 화: 2, 수: 3, 목: 4, 금: 5, 토: 6, 일: 7 };
const KO_WEEKDAY_MODIFIER: Record<string, WeekdayModifier> = { 지난: 'last', 저번: 'last', 이번: 'this', 요번: 'this', 오는: 'this', 돌아오는: 'this', 다음: 'next' };
// 몇 and 며칠 ("a few") count as three, as "a few" does in English; the finding says the count is vague.
const KO_NATIVE_NUMBERS: Record<string, number> = { 한: 1, 두: 2, 세: 3, 네: 4, 다섯: 5, 여섯: 6, 일곱: 7, 여덟: 8, 아홉: 9, 열: 10, 몇: 3 };
const KO_SPANS: Record<string, [Granularity, number]> = {
  하루: ['day', 1], 이틀: ['day', 2], 사흘: ['day', 3], 나흘: ['day', 4], 닷새: ['day', 5], 엿새: ['day', 6], 이레: ['day', 7], 열흘: ['day', 10], 보름: ['day', 15],
  일주일: ['week', 1], 이주일: ['week', 2], 며칠: ['day', 3],
};
const KO_UNITS: Record<string, Granularity> = { 일: 'day', 주: 'week', 주일: 'week', 달: 'month', 개월: 'month', 년: 'year', 해: 'year' };
const KO_DIRECTION: Record<string, number> = { 전: -1, 후: 1, 뒤: 1 };

/**
 * Whether a count expression ("3일 전") is counted from the day of writing rather than from another
 * event: "3일 전에 배포했다" is, "배포 3일 전" ("3 days before the deploy") and "12월 3일 전" are not.
 * It is when it starts a clause or follows a particle; after a bare noun, a number or 월 it is not.
 */
function koStandsAlone(prose: string, start: number): boolean {
  let i = start - 1;
  if (prose[i] === ' ') i--;
  if (i < 0) return true;
  const c = prose[i];
  if (/[\s\p{P}\p{S}]/u.test(c)) return true;
  return /[는은가이도를을에서고며면만터지와과랑로]/.test(c);
}

const KOREAN: readonly Entry[] = [
  {
    pattern: new RegExp(`${KO_START}(그끄저께|그저께|그제(?!야|서야)|어저께|어제|오늘|금일|내일\\s?모레|내일|명일|모레|글피)${KO_END}`, 'gu'),
    read: (m, _p, ref) => shifted(ref, 'day', lookup(KO_DAYS, m[1])),
  },
  {
    pattern: new RegExp(`${KO_START}(?:(지지난|지난|저번|이번|요번|다다음|다음)\\s?|(담))주(?:\\s?([월화수목금토일])요일|(말)|간)?${KO_END}`, 'gu'),
    read: (m, _p, ref) => {
      const weeks = lookup(KO_SHIFT, m[1] ?? m[2]);
      if (weeks === undefined) return undefined;
      if (m[3]) return { granularity: 'day', date: weekdayInWeek(ref, weeks, KO_WEEKDAYS[m[3]]) };
      return shifted(ref, m[4] ? 'weekend' : 'week', weeks);
    },
  },
  {
    pattern: new RegExp(`${KO_START}(?:(지지난|지난|저번|이번|요번|다다음|다음)\\s?달|(이)달)${KO_END}`, 'gu'),
    read: (m, _p, ref) => shifted(ref, 'month', m[2] ? 0 : lookup(KO_SHIFT, m[1])),
  },
  {
    pattern: new RegExp(`${KO_START}(재작년|작년|지난\\s?해|올해|금년|내후년|내년|후년)${KO_END}`, 'gu'),
    read: (m, _p, ref) => shifted(ref, 'year', lookup(KO_YEARS, m[1])),
  },
  {
    pattern: new RegExp(`${KO_START}(지난|저번|이번|요번|돌아오는|오는|다음)\\s?([월화수목금토일])요일${KO_END}`, 'gu'),
    read: (m, _p, ref) => weekdayMention(ref, KO_WEEKDAY_MODIFIER[m[1]], KO_WEEKDAYS[m[2]]),
  },
  {
    gate: KO_COUNT_GATE,
    // Digits with 일/주/주일/개월/달/년; native numbers only with 주/달/해, as Korean counts them (한 일 is "a job").
    pattern: new RegExp(
      `(?<!\\d)(?:(\\d{1,3})\\s?(일|주일|주|개월|달|년)|(한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|몇)\\s?(주|달|개월|해|년)|(하루|이틀|사흘|나흘|닷새|엿새|이레|열흘|보름|일주일|이주일|며칠))\\s?(전|후|뒤)${KO_END}`,
      'gu',
    ),
    read: (m, prose, ref) => {
      if (!koStandsAlone(prose, m.index)) return undefined;
      const sign = KO_DIRECTION[m[6]];
      if (m[5]) {
        const [granularity, count] = KO_SPANS[m[5]];
        return counted(ref, granularity, sign * count);
      }
      // Korean counts months and years natively only as 몇 개월 / 몇 년 ("a few"); "두 년" is not Korean.
      if (m[3] && m[3] !== '몇' && (m[4] === '개월' || m[4] === '년')) return undefined;
      const count = m[1] ? Number(m[1]) : KO_NATIVE_NUMBERS[m[3]];
      return counted(ref, KO_UNITS[m[2] ?? m[4]], sign * count);
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// Japanese. Kanji compounds hide these words inside others (将来年金 holds 来年, 過去年度 holds 去年,
// 基本日 holds 本日), so an expression must not follow a kanji; 再来年 and 一昨日 are entries of their own.

const KANJI = /\p{Script=Han}/u;
/** The last characters of a date expression: a kanji there ends a date, not a compound word (金曜日今週の...). */
const JA_DATE_END = /(?:曜日?|週末?|[先今来々]月|[去昨今来本]年|[昨明今本]日|[日週間月年][前後]|今朝|今夜|昨夜|昨晩)$/;

/** Whether a Japanese expression at `start` begins a word: not glued to a kanji compound before it. */
export function jaAfterNonKanji(prose: string, start: number): boolean {
  return start === 0 || !KANJI.test(prose[start - 1]) || JA_DATE_END.test(prose.slice(Math.max(0, start - 3), start));
}

/**
 * Whether a count or "次の金曜日" stands for itself rather than counting from an event: "3日前に直した" does,
 * "リリースの3日前" and "締切3日前" ("3 days before the deadline") do not. It does at the start of a clause or
 * after a particle other than の.
 */
function jaStandsAlone(prose: string, start: number): boolean {
  let i = start - 1;
  if (prose[i] === ' ' || prose[i] === '\u3000') i--;
  if (i < 0) return true;
  const c = prose[i];
  if (/[\s\p{P}\p{S}]/u.test(c)) return true;
  return /\p{Script=Hiragana}/u.test(c) && c !== 'の';
}

const JA_DAYS: Record<string, number> = {
  一昨日: -2, おととい: -2, 昨夜: -1, 昨晩: -1, 明後日: 2, あさって: 2, 明々後日: 3, 明明後日: 3, しあさって: 3,
};
const JA_SHIFT: Record<string, number> = { 先々: -2, 先: -1, 今: 0, 来: 1, 再来: 2 };
const JA_YEARS: Record<string, number> = { 一昨年: -2, おととし: -2, 去年: -1, 昨年: -1, 今年: 0, 本年: 0, 来年: 1, 再来年: 2 };
const JA_WEEKDAYS: Record<string, number> = { 月: 1, 火: 2, 水: 3, 木: 4, 金: 5, 土: 6, 日: 7 };
const JA_WEEKDAY_MODIFIER: Record<string, WeekdayModifier> = { 次の: 'next', 今度の: 'this', この前の: 'last' };
const JA_UNITS: Record<string, Granularity> = { 日: 'day', 週: 'week', 週間: 'week', 年: 'year' };
const JA_KANJI_DIGITS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** 3, ３, 三, 十五, 二十: the counts a date expression uses. */
function jaNumber(text: string): number {
  // 数 ("a few") counts as three, as "a few" does in English; the finding says the count is vague.
  if (text === '数') return 3;
  if (/^[0-9０-９]+$/.test(text)) return Number(text.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10)));
  const ten = text.indexOf('十');
  if (ten < 0) return JA_KANJI_DIGITS[text] ?? NaN;
  const tens = ten === 0 ? 1 : JA_KANJI_DIGITS[text.slice(0, ten)];
  const ones = ten === text.length - 1 ? 0 : JA_KANJI_DIGITS[text.slice(ten + 1)];
  return tens * 10 + ones;
}

const JAPANESE: readonly Entry[] = [
  {
    pattern: /一昨日|おととい|昨夜|昨晩|明々後日|明明後日|明後日|しあさって|あさって/g,
    read: (m, prose, ref) => (jaAfterNonKanji(prose, m.index) ? shifted(ref, 'day', lookup(JA_DAYS, m[0])) : undefined),
  },
  {
    pattern: /(先々|再来|先|今|来)週(?:(末)|の?([月火水木金土日])曜日?)?/g,
    read: (m, prose, ref) => {
      if (!jaAfterNonKanji(prose, m.index)) return undefined;
      const weeks = lookup(JA_SHIFT, m[1]);
      if (weeks === undefined) return undefined;
      if (m[3]) return { granularity: 'day', date: weekdayInWeek(ref, weeks, JA_WEEKDAYS[m[3]]) };
      return shifted(ref, m[2] ? 'weekend' : 'week', weeks);
    },
  },
  {
    pattern: /(先々|再来|先|今|来)月/g,
    read: (m, prose, ref) => (jaAfterNonKanji(prose, m.index) ? shifted(ref, 'month', lookup(JA_SHIFT, m[1])) : undefined),
  },
  {
    pattern: /一昨年|おととし|再来年|去年|昨年|今年|本年|来年/g,
    read: (m, prose, ref) => (jaAfterNonKanji(prose, m.index) ? shifted(ref, 'year', lookup(JA_YEARS, m[0])) : undefined),
  },
  {
    gate: JA_WEEKDAY_GATE,
    pattern: /(次の|今度の|この前の)([月火水木金土日])曜日?/g,
    read: (m, prose, ref) =>
      jaStandsAlone(prose, m.index) ? weekdayMention(ref, JA_WEEKDAY_MODIFIER[m[1]], JA_WEEKDAYS[m[2]]) : undefined,
  },
  {
    gate: JA_COUNT_GATE,
    // 前倒し ("brought forward") and 前半/後半 ("first/second half") are not 前/後 ("ago/later").
    pattern: /(?<![0-9０-９])([0-9０-９]{1,3}|[一二三四五六七八九十]{1,3}|数)\s?(日|週間|週|か月|ヶ月|ヵ月|カ月|ケ月|箇月|年)(前|後)(?![倒半])/g,
    read: (m, prose, ref) => {
      const count = jaNumber(m[1]);
      if (!(count > 0) || !jaStandsAlone(prose, m.index)) return undefined;
      const sign = m[3] === '前' ? -1 : 1;
      return counted(ref, JA_UNITS[m[2]] ?? 'month', sign * count);
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// English: what chrono-node returns without a certain day. A modifier is required ("on Friday" may be
// every Friday, and "Sun", "sat", "Wed" are words), and "the next Friday" / "the last week of March"
// count from something other than the day of writing.

const EN_WEEKDAY = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thur?s?|fri|sat|sun)';
const EN_WEEKDAYS: Record<string, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };
const EN_MODIFIER: Record<string, WeekdayModifier> = {
  this: 'this', coming: 'this', upcoming: 'this', next: 'next', last: 'last', past: 'last', previous: 'last',
};
const EN_WEEK_SHIFT: Record<string, number> = { this: 0, next: 1, last: -1, past: -1 };

function enWeekday(word: string): number {
  return EN_WEEKDAYS[word.slice(0, 3).toLowerCase()];
}

/** "the next Friday", "the last weekend of May": counted from something the sentence names. */
function enAfterThe(prose: string, start: number, modifier: string): boolean {
  return /^(?:next|last|past|previous)$/i.test(modifier) && /\bthe\s+$/i.test(prose.slice(Math.max(0, start - 8), start));
}

const ENGLISH: readonly Entry[] = [
  {
    // "the coming Monday" is replaced whole: "the 2026-08-03" would not read.
    pattern: new RegExp(`\\b(?:the\\s+(?=(?:coming|upcoming)\\s))?(this|next|last|past|coming|upcoming|previous)\\s+${EN_WEEKDAY}\\b`, 'gi'),
    read: (m, prose, ref) =>
      enAfterThe(prose, m.index, m[1]) ? undefined : weekdayMention(ref, EN_MODIFIER[m[1].toLowerCase()], enWeekday(m[2])),
  },
  {
    pattern: new RegExp(`\\b(this|next|last)\\s+week(?:'s|’s)?\\s+${EN_WEEKDAY}\\b|\\b${EN_WEEKDAY}\\s+(this|next|last)\\s+week\\b`, 'gi'),
    read: (m, prose, ref) => {
      if (m[1] && enAfterThe(prose, m.index, m[1])) return undefined;
      const weeks = EN_WEEK_SHIFT[(m[1] ?? m[4]).toLowerCase()];
      return { granularity: 'day', date: weekdayInWeek(ref, weeks, enWeekday(m[2] ?? m[3])) };
    },
  },
  {
    pattern: /\b(this|next|last|past)\s+week(end)?\b/gi,
    read: (m, prose, ref) => {
      // chrono-node parses "next week" and "last week" with a certain day; only these it leaves open.
      if (!m[2] && m[1].toLowerCase() !== 'this') return undefined;
      if (enAfterThe(prose, m.index, m[1])) return undefined;
      return shifted(ref, m[2] ? 'weekend' : 'week', EN_WEEK_SHIFT[m[1].toLowerCase()]);
    },
  },
  {
    // "the coming week" is the rest of this week or all of the next, as the writer counted: both are offered.
    pattern: /\bthe\s+(?:coming|upcoming)\s+week\b/gi,
    read: (_m, _p, ref) => ({ granularity: 'week', date: addDays(ref, 0), alternative: addDays(ref, 7), reading: 'ambiguous' }),
  },
  {
    pattern: /\bthe\s+week\s+(after\s+next|before\s+last)\b/gi,
    read: (m, _p, ref) => shifted(ref, 'week', /^after/i.test(m[1]) ? 2 : -2),
  },
  {
    pattern: /\bthis\s+(morning|afternoon|evening)\b/gi,
    read: (_m, _p, ref) => shifted(ref, 'day', 0),
  },
];
