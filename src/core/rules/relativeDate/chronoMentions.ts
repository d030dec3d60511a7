import * as chrono from 'chrono-node';
import { addMonths, type Granularity } from './calendar';
import type { CalendarDate } from '../../types';
import type { DateMention } from './mention';
import { englishParser } from './englishChrono';
import { jaAfterNonKanji } from './expressionTable';

const EN_COUNT = '(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d{1,3}|(?:a\\s+)?(?:few|couple(?:\\s+of)?|several))';
const EN_UNIT = '(?:days?|weeks?|months?|years?|fortnights?)';
/**
 * Candidate spans for chrono-node: the relative forms it parses that count from the day of writing.
 * Only these go to chrono, a few words at a time: a whole line would cost it tens of microseconds, a
 * root has 20,000 files, and chrono also reads durations ("for a week", "within 3 days"), narrative
 * offsets ("3 days later", "the next day") and times ("at 5pm") as dates counted from today, which a
 * fix must not rewrite. chrono then decides whether the words are a date and which day they name.
 */
export const EN_CANDIDATE = new RegExp(
  `\\b(?:the\\s+day\\s+(?:after\\s+tomorrow|before\\s+yesterday)|today|tonight|tomorrow|yesterday|last\\s+night|(?:next|last|past|this)\\s+(?:week|month|year)|in\\s+${EN_COUNT}\\s+${EN_UNIT}|${EN_COUNT}\\s+${EN_UNIT}\\s+(?:ago|from\\s+now|hence))\\b`,
  'gi',
);
/** chrono-node's Japanese casual words; the table has the rest. */
export const JA_CANDIDATE = /今日|きょう|本日|昨日|きのう|明日|あした|今朝|今夜/g;
// 明日香, 明日美: given names.
const JA_NAME_AFTER = /^[香美菜奈花]/;
const JA_KANA_PARTICLE_AFTER = /^(?:[はがもにでとをへやのね、。]|まで|から|中|$)/;

type Parser = { parse(text: string, reference: Date): chrono.ParsedResult[] };

/** What chrono read for each wording from each reference day; one per check of a file, shared by its lines. */
export type ChronoReadings = Map<string, Omit<DateMention, 'start' | 'end'> | undefined>;

/** What each parser read of each wording on each day (null: no relative date), for the whole run. */
const readingsByParser = new WeakMap<Parser, Map<string, Omit<DateMention, 'start' | 'end'> | null>>();
/** Wordings times days held at most: a run over a huge root starts again rather than grow without end. */
const MAX_HELD_READINGS = 10_000;

function heldReadings(parser: Parser): Map<string, Omit<DateMention, 'start' | 'end'> | null> {
  let held = readingsByParser.get(parser);
  if (!held) readingsByParser.set(parser, (held = new Map()));
  return held;
}

/** Relative dates chrono-node parses in English and Japanese text, with their days counted from `reference`. */
export function findChronoMentions(prose: string, reference: CalendarDate, readings: ChronoReadings = new Map()): DateMention[] {
  const out: DateMention[] = [];
  scan(prose, reference, EN_CANDIDATE, englishParser(), englishContextAllows, readings, out);
  scan(prose, reference, JA_CANDIDATE, chrono.ja.casual, japaneseContextAllows, readings, out);
  return out;
}

function scan(
  prose: string,
  reference: CalendarDate,
  candidate: RegExp,
  parser: Parser,
  contextAllows: (prose: string, start: number, end: number) => boolean,
  read: ChronoReadings,
  out: DateMention[],
): void {
  // A second reference, on the first of a month a year and a month later, tells apart what depends on
  // the day of writing (its year, month or day move) from what does not; being on day 1 it also counts
  // months exactly, where chrono turns January 31 + 1 month into March 3.
  const refA = new Date(reference.year, reference.month - 1, reference.day, 12);
  const refB = new Date(reference.year + 1, reference.month, 1, 12);
  const baseB = { year: refB.getFullYear(), month: refB.getMonth() + 1 };
  // A file says "yesterday" many times over, on lines dated alike: chrono reads each wording once per day.
  const day = `${reference.year}-${reference.month}-${reference.day} `;
  for (const found of prose.matchAll(candidate)) {
    const words = found[0];
    const start = found.index;
    const end = start + words.length;
    if (!contextAllows(prose, start, end)) continue;
    const key = day + words.toLowerCase().replace(/\s+/g, ' ');
    if (!read.has(key)) {
      // Every file of a root says "yesterday" on the few days its files were written: chrono reads each
      // wording, exactly as written, once per day and parser in the whole run.
      const held = heldReadings(parser);
      const heldKey = day + words;
      let reading = held.get(heldKey);
      if (reading === undefined) {
        const a = parser.parse(words, refA)[0];
        const b = parser.parse(words, refB)[0];
        const relative = a && b && a.index === 0 && a.text === words && dependsOnReference(a, b);
        const granularity = granularityOf(words);
        reading = relative ? { granularity, date: dateOf(a, b, granularity, reference, baseB) } : null;
        if (held.size >= MAX_HELD_READINGS) held.clear();
        held.set(heldKey, reading);
      }
      read.set(key, reading ?? undefined);
    }
    const mention = read.get(key);
    if (mention) out.push({ start, end, ...mention });
  }
}

/** "the next week", "the last year of the grant": counted from something the sentence names. */
function englishContextAllows(prose: string, start: number, end: number): boolean {
  return !(/^(?:next|last|past)\b/i.test(prose.slice(start, end)) && /\bthe\s+$/i.test(prose.slice(Math.max(0, start - 8), start)));
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
  if (!jaAfterNonKanji(prose, start)) return false;
  const after = prose.slice(end, end + 2);
  if (prose.startsWith('明日', start) && JA_NAME_AFTER.test(after)) return false;
  if (/^[\u3040-\u309F]+$/.test(prose.slice(start, end)) && /^[\u3040-\u309F]/.test(after) && !JA_KANA_PARTICLE_AFTER.test(after)) return false;
  return true;
}
