import { addDays, isoWeekday } from './calendar';
import type { CalendarDate } from '../../types';
import type { DateMention } from './mention';

/**
 * Relative dates without a relative word: a bare weekday with a time ("interview Monday 10:30",
 * "월요일 오후 3시 면접", "月曜10時に面談"), which names one day near the writing, and a countdown to an
 * event ("3 days to the deadline", "마감까지 3일", "締切まであと3日"), which names the event's day.
 */
export function findEventMentions(prose: string, reference: CalendarDate): DateMention[] {
  const out: DateMention[] = [];
  if (EVENT_GATE.test(prose)) {
    for (const finder of FINDERS) {
      finder.pattern.lastIndex = 0;
      for (let match = finder.pattern.exec(prose); match; match = finder.pattern.exec(prose)) {
        const found = finder.read(match, prose, reference);
        if (found) out.push({ ...found, start: match.index + found.start, end: match.index + found.end });
      }
    }
  }
  return out;
}

/** A cheap search any finder's match also matches. */
export const EVENT_GATE = /(?:day|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b[,\s]+(?:at\s+)?\d|요일|曜|\bD-\d|까지|\d\s?[일주]\s?남|まで|あと|\s(?:days?|weeks?)\s+(?:left\s+)?(?:to|until|till)\s/;

interface Finder {
  readonly pattern: RegExp;
  /** The mention within the match (offsets relative to it), or undefined when its context says no. */
  readonly read: (match: RegExpExecArray, prose: string, reference: CalendarDate) => DateMention | undefined;
}

const EN_WEEKDAYS: Record<string, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };
const KO_WEEKDAYS: Record<string, number> = { 월: 1, 화: 2, 수: 3, 목: 4, 금: 5, 토: 6, 일: 7 };
const JA_WEEKDAYS: Record<string, number> = { 月: 1, 火: 2, 水: 3, 木: 4, 金: 5, 土: 6, 日: 7 };
const EN_NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const KANJI_DIGITS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };

// Weekdays that recur: "every Monday 10:30", "Mondays at 9", "standups are on Monday 10:00", 매주 월요일, 毎週月曜.
const EN_RECURRING_BEFORE = /\b(?:every|each|most|all|alternate|other|on\s+all|(?:is|are|happens?|runs?|meets?|held|occurs?)(?:\s+on)?)\s+$/i;
const EN_RELATIVE_BEFORE = /\b(?:this|next|last|past|coming|upcoming|previous)\s+$/i;
const EN_PAST_BEFORE = /\b(?:[a-z]+ed|was|were|did|had|went|met|took|ran|got|came)\b(?:\s+\w+){0,3}\s+(?:on\s+)?$/i;

// A schedule said once for every time: "releases every other Tuesday, freeze Monday 18:00", "매주 화요일 배포, 월요일 18시 동결".
// A standing rule bounded by a weekday holds every week: "no merges after Thursday 18:00",
// "목요일 18:00 이후 머지 금지", "木曜18時以降はデプロイしない".
const EN_RECURRING = /\b(?:every|each|weekly|bi-?weekly|fortnightly|daily|monthly|recurring|usually|always|routinely|standing|(?:mon|tues|wednes|thurs|fri|satur|sun)days|no(?:\s+[a-z-]+){1,2}\s+(?:after|before|until|till|on)|never|don't|do\s+not|must\s+not|mustn't|not\s+allowed|forbidden|prohibited)\b/i;
const KO_RECURRING = /매주|매일|매달|매월|격주|정기|항상|보통|마다|금지|않는다|않기|말\s?것|말아야|마세요|마라|불가/;
const JA_RECURRING = /毎週|毎日|毎月|隔週|定期|いつも|通常|ごと|禁止|しない|不可/;

/** Whether the sentence around a weekday says it recurs: up to 200 characters before it and 80 after, within its sentence and line. */
function recursInSentence(prose: string, start: number, end: number, recurring: RegExp): boolean {
  if (inWeeklySchedule(prose, start)) return true;
  const before = prose.slice(Math.max(0, start - 200), start);
  const after = prose.slice(end, end + 80);
  const sentence = before.slice(Math.max(before.lastIndexOf('\n'), before.search(/[.;!?。！？][^.;!?。！？]*$/)) + 1) + ' ' + after.split(/[\n.;!?。！？]/)[0];
  return recurring.test(sentence);
}

// A span of weekdays ("Mon–Thu", "Mon-Fri", 월~금, 月〜金): a week's template, not one week.
const WEEKDAY_RANGE = /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?\s?[–—~〜～-]\s?(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)|(?<![\p{Script=Hangul}])[월화수목금토일](?:요일)?\s?[~〜～-]\s?[월화수목금토일](?:요일)?(?![\p{Script=Hangul}])|[月火水木金土日](?:曜日?)?\s?[〜～~-]\s?[月火水木金土日](?:曜日?)?/iu;

/**
 * Whether the weekday stands in a weekly schedule: its section (from the heading above to the next)
 * spans weekdays somewhere ("Mon–Thu 10:30–13:00 outreach; Fri 8:00 recording"), so its other weekdays
 * are every week's too.
 */
function inWeeklySchedule(prose: string, at: number): boolean {
  // At most 2,000 characters either way, searched within that window only: a line of an index of
  // thousands costs the same as any other.
  const from = Math.max(0, at - 2000);
  const window = prose.slice(from, Math.min(prose.length, at + 2000));
  const offset = at - from;
  const heading = window.lastIndexOf('\n#', offset);
  const next = window.indexOf('\n#', offset);
  return WEEKDAY_RANGE.test(window.slice(Math.max(heading, 0), next < 0 ? window.length : next));
}

/** The day a bare weekday names: the nearest one ahead (today counts), or behind after a past-tense verb. */
function nearestWeekday(reference: CalendarDate, weekday: number, past: boolean): CalendarDate {
  const today = isoWeekday(reference);
  return past ? addDays(reference, -(((today - weekday + 6) % 7) + 1)) : addDays(reference, (weekday - today + 7) % 7);
}

function count(text: string): number {
  if (/^[0-9０-９]+$/.test(text)) return Number(text.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10)));
  return EN_NUMBERS[text.toLowerCase()] ?? KANJI_DIGITS[text] ?? NaN;
}

function countdown(reference: CalendarDate, amount: number, unit: string, start: number, end: number): DateMention | undefined {
  if (!(amount > 0)) return undefined;
  const days = /^(?:weeks?|주|週間)$/i.test(unit) ? amount * 7 : amount;
  return { start, end, granularity: 'day', date: addDays(reference, days), reading: 'countdown' };
}

const EVENTS_EN = '(?:deadline|launch|release|demo|due\\s+date|cutoff|cut-off|submission|exam|interview|review|freeze|presentation|defen[cs]e|conference|go-live|kickoff|kick-off)';
const EVENTS_KO = '(?:마감|데드라인|출시|발표|제출|시험|면접|릴리스|릴리즈|배포|런칭|오픈|심사|전시|행사|디데이)';
const EVENTS_JA = '(?:締切|締め切り|〆切|〆切り|リリース|発表|提出|試験|面接|公開|納期|本番|リリース日)';

const FINDERS: readonly Finder[] = [
  {
    pattern: /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\b,?\s+(?:at\s+)?(?:\d{1,2}:\d{2}|\d{1,2}\s?(?:am|pm|AM|PM))(?![\d:])/g,
    read: (m, prose, ref) => {
      const before = prose.slice(Math.max(0, m.index - 40), m.index);
      if (EN_RECURRING_BEFORE.test(before) || EN_RELATIVE_BEFORE.test(before) || recursInSentence(prose, m.index, m.index + m[0].length, EN_RECURRING)) return undefined;
      const weekday = EN_WEEKDAYS[m[1].slice(0, 3).toLowerCase()];
      return { start: 0, end: m[1].length, granularity: 'day', date: nearestWeekday(ref, weekday, EN_PAST_BEFORE.test(before)), reading: 'nearest' };
    },
  },
  {
    pattern: /(?<![\p{Script=Hangul}])([월화수목금토일])요일\s?(?:(?:오전|오후|아침|저녁)\s?)?\d{1,2}(?:시|:\d{2})/gu,
    read: (m, prose, ref) => {
      const before = prose.slice(Math.max(0, m.index - 6), m.index);
      if (/(?:매주|매|격주|이번\s?주|다음\s?주|지난\s?주|저번\s?주|이번|다음|지난|저번|오는|돌아오는)\s?$/.test(before)) return undefined;
      if (recursInSentence(prose, m.index, m.index + m[0].length, KO_RECURRING)) return undefined;
      const past = /^[^.\n]{0,30}(?:었|았|였|했)/.test(prose.slice(m.index + m[0].length, m.index + m[0].length + 30));
      return { start: 0, end: m[1].length + 2, granularity: 'day', date: nearestWeekday(ref, KO_WEEKDAYS[m[1]], past), reading: 'nearest' };
    },
  },
  {
    pattern: /([月火水木金土日])曜(日?)\s?(?:(?:午前|午後|朝|夜)\s?)?[0-9０-９]{1,2}(?:時|:\d{2})/g,
    read: (m, prose, ref) => {
      const before = prose.slice(Math.max(0, m.index - 4), m.index);
      if (/(?:毎週|毎|隔週|[先今来再]週の?|次の|今度の|この前の|\p{Script=Han})$/u.test(before)) return undefined;
      if (recursInSentence(prose, m.index, m.index + m[0].length, JA_RECURRING)) return undefined;
      const past = /^[^。\n]{0,30}(?:した|だった|でした|ました)/.test(prose.slice(m.index + m[0].length, m.index + m[0].length + 30));
      return { start: 0, end: 2 + m[2].length, granularity: 'day', date: nearestWeekday(ref, JA_WEEKDAYS[m[1]], past), reading: 'nearest' };
    },
  },
  {
    pattern: new RegExp(`\\b(\\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten)\\s+(days?|weeks?)\\s+(?:left\\s+)?(?:to|until|till)\\s+(?:the\\s+|our\\s+|my\\s+|your\\s+)?${EVENTS_EN}\\b`, 'gi'),
    read: (m, _p, ref) => countdown(ref, count(m[1]), m[2], 0, m[0].length),
  },
  {
    pattern: new RegExp(`${EVENTS_KO}(?:일)?까지\\s?(?:앞으로\\s?|약\\s?|딱\\s?)?(\\d{1,3})\\s?(일|주)(?![\\p{Script=Hangul}\\d])|${EVENTS_KO}\\s?(\\d{1,3})\\s?(일|주)\\s?남`, 'gu'),
    read: (m, _p, ref) => {
      // "마감 3일 남음": the count ends the mention, 남음 stays as written.
      const end = m[1] ? m[0].length : m[0].length - (m[0].endsWith(' 남') ? 2 : 1);
      return countdown(ref, Number(m[1] ?? m[3]), m[2] ?? m[4], 0, end);
    },
  },
  // A countdown without its event: "just 5 days to go", "3일 남았다", "あと5日".
  {
    pattern: /\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(days?|weeks?)\s+(?:left\s+)?to\s+go\b/gi,
    read: (m, _p, ref) => countdown(ref, count(m[1]), m[2], 0, m[0].length),
  },
  {
    pattern: /(?<![\d\p{Script=Hangul}])(\d{1,3})\s?(일|주)\s?(?=남았|남음|남은|남아)/gu,
    read: (m, _p, ref) => countdown(ref, Number(m[1]), m[2], 0, m[0].trimEnd().length),
  },
  {
    pattern: /あと\s?([0-9０-９]{1,3}|[一二三四五六七八九十])\s?(日|週間)(?![間前後])/g,
    read: (m, _p, ref) => countdown(ref, count(m[1]), m[2], 0, m[0].length),
  },
  {
    pattern: /(?<![\w-])D-(\d{1,3})(?![\d\w-])/g,
    read: (m, _p, ref) => countdown(ref, Number(m[1]), 'day', 0, m[0].length),
  },
  {
    pattern: new RegExp(`${EVENTS_JA}(?:日)?まで(?:あと|残り)?\\s?([0-9０-９]{1,3}|[一二三四五六七八九十])\\s?(日|週間)`, 'g'),
    read: (m, _p, ref) => countdown(ref, count(m[1]), m[2], 0, m[0].length),
  },
];
