import { parseIsoDate } from './calendar';
import type { CalendarDate } from '../../types';

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const MONTH_NUMBER: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};

// Years a memory is written in; "1234-56" in an identifier is not a month.
const YEAR = '(?:19|20)\\d{2}';
/** Absolute days as people and tools write them: ISO, slashes or dots, 년 월 일, 年月日, "March 25, 2026", "25 March 2026". */
const DAY = new RegExp(
  [
    `(?<![\\d])(${YEAR})[-/.](\\d{1,2})[-/.](\\d{1,2})(?!\\d)`,
    `(${YEAR})\\s?년\\s?(\\d{1,2})\\s?월\\s?(\\d{1,2})\\s?일`,
    `(${YEAR})\\s?年\\s?(\\d{1,2})\\s?月\\s?(\\d{1,2})\\s?日`,
    `\\b(${MONTHS})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(${YEAR})\\b`,
    `\\b(\\d{1,2})\\s+(${MONTHS})\\.?,?\\s+(${YEAR})\\b`,
  ].join('|'),
  'gi',
);
/** An absolute month: with the day forms, what lets a reader resolve "1年後" or "next week" on the same line. */
const MONTH = new RegExp(
  [`(?<![\\d])${YEAR}[-/.](?:0?[1-9]|1[0-2])(?![\\d])`, `${YEAR}\\s?년\\s?\\d{1,2}\\s?월`, `${YEAR}\\s?年\\s?\\d{1,2}\\s?月`, `\\b(?:${MONTHS})\\.?\\s+${YEAR}\\b`].join('|'),
  'i',
);
const MONTH_ALL = new RegExp(MONTH.source, 'gi');
// A file name's date: 2026-03-25, 2026_03_25 or 20260325, not inside a longer number.
const FILE_NAME_DAY = new RegExp(`(?<!\\d)(${YEAR})([-_.]?)(\\d{2})\\2(\\d{2})(?!\\d)`);

// A day without its year, as people write it beside a relative word: "3/26 launch (D-11)", "tomorrow
// (10/03)", "4/2 어제", "by Sept 9", 3월 26일, 3月26日. Taken as dating a line, never as a date to count from.
const DAY_NO_YEAR = new RegExp(
  [
    String.raw`(?<![\d/.:-])(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])(?![\d/:%])`,
    String.raw`(?<!\d)(?:0?[1-9]|1[0-2])\s?월\s?(?:0?[1-9]|[12]\d|3[01])\s?일`,
    String.raw`(?<!\d)(?:0?[1-9]|1[0-2])\s?月\s?(?:0?[1-9]|[12]\d|3[01])\s?日`,
    String.raw`\b(?:${MONTHS})\.?\s+(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?\b(?!\s*(?:%|[:.]\d))`,
  ].join('|'),
  'gi',
);

// A day written before its month without a year, as much of the world does ("end of 30/04"): a first
// number past 12 says so. "24/7" is a clock's every hour, not the 24th of July. Only dating a line.
const DAY_FIRST = /(?<![\d/.:-])(?!24\/7(?!\d))(?:1[3-9]|2\d|3[01])\/(?:0?[1-9]|1[0-2])(?![\d/:%])/g;

// Days and months as Hebrew, Chinese and Russian write them, and numeric days with the year last (5.3.2026,
// 05/03/2026): never counted from (day and month order differs by country), only dating a line.
const HE_MONTHS = 'ינואר|פברואר|מרץ|מרס|אפריל|מאי|יוני|יולי|אוגוסט|ספטמבר|אוקטובר|נובמבר|דצמבר';
const RU_MONTHS = 'января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря';
const OTHER_DATES = new RegExp(
  [
    String.raw`(?<!\d)(?:0?[1-9]|[12]\d|3[01])\s+(?:${RU_MONTHS})(?!\p{L})`,
    String.raw`(?<![\d./])(?:0?[1-9]|[12]\d|3[01])[./](?:0?[1-9]|[12]\d|3[01])[./]${YEAR}(?!\d)`,
    String.raw`(?<!\d)(?:0?[1-9]|[12]\d|3[01])\s?(?:ב|ל)?-?(?:${HE_MONTHS})(?![\p{Script=Hebrew}])`,
    String.raw`(?<![\p{Script=Hebrew}])[בלמ]?(?:${HE_MONTHS})\s+${YEAR}`,
    String.raw`(?<!\d)(?:0?[1-9]|1[0-2])\s?月\s?(?:0?[1-9]|[12]\d|3[01])\s?[号號]`,
    // The year a fix adds after a word (בשנה הבאה (2027), 明年(2027)), or a writer beside one.
    String.raw`\(${YEAR}\)`,
  ].join('|'),
  'gu',
);

/** Where `text` writes an absolute day or month, with or without its year: the spans that date what is said beside them. */
export function absoluteDateSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const pattern of [DAY, MONTH_ALL, DAY_NO_YEAR, DAY_FIRST, OTHER_DATES]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      spans.push([match.index, match.index + match[0].length]);
      if (match[0].length === 0) pattern.lastIndex++;
    }
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** The first absolute day in `text`, if it names a real day. */
export function firstAbsoluteDay(text: string): CalendarDate | undefined {
  return firstAbsoluteDayMatch(text)?.day;
}

/** The first absolute day in `text` and where it is written. */
export function firstAbsoluteDayMatch(text: string): { readonly day: CalendarDate; readonly start: number; readonly end: number } | undefined {
  DAY.lastIndex = 0;
  for (let match = DAY.exec(text); match; match = DAY.exec(text)) {
    const day = dayOfMatch(match);
    if (day) return { day, start: match.index, end: match.index + match[0].length };
  }
  return undefined;
}

/** Whether `text` holds an absolute day or month. */
export function hasAbsoluteDate(text: string): boolean {
  return MONTH.test(text) || firstAbsoluteDay(text) !== undefined;
}

/** The day a file name states (`session_2026-03-25.md`, `20260325-standup.md`), of its last path segment. */
export function fileNameDay(path: string): CalendarDate | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const match = FILE_NAME_DAY.exec(name);
  return match ? parseIsoDate(`${match[1]}-${match[3]}-${match[4]}`) : undefined;
}

function dayOfMatch(match: RegExpExecArray): CalendarDate | undefined {
  const groups = match.slice(1);
  let year: string | undefined;
  let month: string | undefined;
  let day: string | undefined;
  if (groups[0]) [year, month, day] = groups.slice(0, 3);
  else if (groups[3]) [year, month, day] = groups.slice(3, 6);
  else if (groups[6]) [year, month, day] = groups.slice(6, 9);
  else if (groups[9]) [month, day, year] = groups.slice(9, 12);
  else if (groups[12]) [day, month, year] = groups.slice(12, 15);
  if (!year || !month || !day) return undefined;
  const monthNumber = /^\d+$/.test(month) ? Number(month) : MONTH_NUMBER[month.slice(0, 3).toLowerCase()];
  if (!monthNumber) return undefined;
  return parseIsoDate(`${year}-${String(monthNumber).padStart(2, '0')}-${day.padStart(2, '0')}`);
}
