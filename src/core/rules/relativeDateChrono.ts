import * as chrono from 'chrono-node';
import { addMonths, type CalendarDate, type Granularity } from './relativeDateCalendar';
import type { DateMention } from './relativeDateMention';

/**
 * Lines worth handing to chrono-node. chrono costs tens of microseconds a line, so it only sees lines
 * holding a word that can start a relative date it parses; the rest of a 20,000-file root never reaches it.
 */
export const EN_TRIGGER =
  /\b(?:to(?:day|night|morrow)|yesterday|ago|from\s+now|hence|last\s+night|(?:next|last|past|this)\s+(?:week|month|year)|in\s+(?:an?\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple|several)\b)/gi;
export const JA_TRIGGER = /今日|きょう|本日|昨日|きのう|明日|あした|今朝|今夜/g;

const EN_COUNT = '(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d{1,3}|(?:a\\s+)?(?:few|couple(?:\\s+of)?|several))';
const EN_UNIT = '(?:days?|weeks?|months?|years?|fortnights?)';
/**
 * The relative words inside what chrono matched: its match can carry a time ("tomorrow at 5pm") that
 * must stay, and it also reads durations ("for a week", "within 3 days") and narrative offsets ("3 days
 * later", "the next day") as dates counted from today, which they are not. Only these forms count.
 */
const EN_CORE = new RegExp(
  `\\b(?:the\\s+day\\s+(?:after\\s+tomorrow|before\\s+yesterday)|today|tonight|tomorrow|yesterday|last\\s+night|(?:next|last|past|this)\\s+(?:week|month|year)|in\\s+${EN_COUNT}\\s+${EN_UNIT}|${EN_COUNT}\\s+${EN_UNIT}\\s+(?:ago|from\\s+now|hence))\\b`,
  'gi',
);
const JA_CORE = /今日|きょう|本日|昨日|きのう|明日|あした|今朝|今夜/g;
// 明日香, 明日美: given names.
const JA_NAME_AFTER = /^[香美菜奈花]/;
const JA_KANA_PARTICLE_AFTER = /^(?:[はがもにでとをへやのね、。]|まで|から|中|$)/;
const KANJI = /\p{Script=Han}/u;

type Parser = { parse(text: string, reference: Date): chrono.ParsedResult[] };

/** Relative dates chrono-node parses in English and Japanese text, with their days counted from `reference`. */
export function findChronoMentions(prose: string, reference: CalendarDate): DateMention[] {
  const out: DateMention[] = [];
  scan(prose, reference, EN_TRIGGER, chrono.en.casual, EN_CORE, undefined, out);
  scan(prose, reference, JA_TRIGGER, chrono.ja.casual, JA_CORE, japaneseContextAllows, out);
  return out;
}

function scan(
  prose: string,
  reference: CalendarDate,
  trigger: RegExp,
  parser: Parser,
  core: RegExp,
  contextAllows: ((prose: string, start: number, end: number) => boolean) | undefined,
  out: DateMention[],
): void {
  // A second reference, on the first of a month a year and a month later, tells apart what depends on
  // the day of writing (its year, month or day move) from what does not ("March 3", "2026-12-07"); being
  // on day 1 it also counts months exactly, where chrono turns January 31 + 1 month into March 3.
  const refA = new Date(reference.year, reference.month - 1, reference.day, 12);
  const refB = new Date(reference.year + 1, reference.month, 1, 12);
  const baseB = { year: refB.getFullYear(), month: refB.getMonth() + 1 };
  let parsedUpTo = -1;
  trigger.lastIndex = 0;
  for (let hit = trigger.exec(prose); hit; hit = trigger.exec(prose)) {
    if (hit.index < parsedUpTo) continue;
    const lineStart = prose.lastIndexOf('\n', hit.index) + 1;
    let lineEnd = prose.indexOf('\n', hit.index);
    if (lineEnd < 0) lineEnd = prose.length;
    parsedUpTo = lineEnd;
    const line = prose.slice(lineStart, lineEnd);
    for (const result of parser.parse(line, refA)) {
      // chrono's match may join several relative words ("from today until tomorrow") or carry a time;
      // each core is dated on its own, so a range gives two mentions and a time stays in the text.
      core.lastIndex = 0;
      for (let found = core.exec(result.text); found; found = core.exec(result.text)) {
        const start = lineStart + result.index + found.index;
        const end = start + found[0].length;
        if (contextAllows && !contextAllows(prose, start, end)) continue;
        if (/^(?:next|last|past)\b/i.test(found[0]) && /\bthe\s+$/i.test(prose.slice(Math.max(0, start - 8), start))) continue;
        const a = parser.parse(found[0], refA)[0];
        const b = parser.parse(found[0], refB)[0];
        if (!a || !b || a.index !== 0 || a.text !== found[0] || !dependsOnReference(a, b)) continue;
        const granularity = granularityOf(found[0]);
        out.push({ start, end, granularity, date: dateOf(a, b, granularity, reference, baseB) });
      }
    }
  }
}

function dependsOnReference(a: chrono.ParsedResult, b: chrono.ParsedResult): boolean {
  return (['year', 'month', 'day'] as const).some((c) => a.start.isCertain(c) && b.start.isCertain(c) && a.start.get(c) !== b.start.get(c));
}

function granularityOf(words: string): Granularity {
  if (/\byears?\b/i.test(words)) return 'year';
  if (/\bmonths?\b/i.test(words)) return 'month';
  // "next week" names a week; "2 weeks ago" names a day, fourteen days back.
  if (/^(?:next|last|past|this)\s+week$/i.test(words)) return 'week';
  return 'day';
}

function dateOf(
  a: chrono.ParsedResult,
  b: chrono.ParsedResult,
  granularity: Granularity,
  reference: CalendarDate,
  baseB: { year: number; month: number },
): CalendarDate {
  // "this year" comes back as January 1 with the month only implied: years are counted in years.
  if (granularity === 'year') return { year: reference.year + (b.start.get('year') ?? baseB.year) - baseB.year, month: 1, day: 1 };
  if (granularity === 'month') {
    return addMonths(reference, ((b.start.get('year') ?? 0) - baseB.year) * 12 + ((b.start.get('month') ?? 0) - baseB.month));
  }
  return { year: a.start.get('year') ?? reference.year, month: a.start.get('month') ?? reference.month, day: a.start.get('day') ?? reference.day };
}

/**
 * chrono's Japanese matches 昨日 inside 一昨日 and 明日 inside the name 明日香, and きょう inside
 * きょうみ ("interest"): a match must not follow a kanji, must not start a name, and a kana one must end
 * its word.
 */
function japaneseContextAllows(prose: string, start: number, end: number): boolean {
  if (start > 0 && KANJI.test(prose[start - 1])) return false;
  const after = prose.slice(end, end + 2);
  if (prose.startsWith('明日', start) && JA_NAME_AFTER.test(after)) return false;
  if (/^[\u3040-\u309F]+$/.test(prose.slice(start, end)) && /^[\u3040-\u309F]/.test(after) && !JA_KANA_PARTICLE_AFTER.test(after)) return false;
  return true;
}
