import { addDays, formatIsoDate, formatIsoMonth, mondayOf, weekdayInWeek } from './calendar';
import type { CalendarDate } from '../../types';
import { languageOf, type DateMention } from './mention';

/**
 * The absolute form of a mention, phrased for its language: days as ISO dates everywhere; weeks as the
 * week's Monday ("the week of 2026-08-03", "2026-08-03 주간", "2026-08-03の週"); months and years as
 * "2026-08" / "2026" in English and with 년/월 or 年/月 in Korean and Japanese, where bare ISO months
 * read as codes in a sentence.
 */
export function absoluteText(text: string, mention: DateMention, date: CalendarDate = mention.date): string {
  const value = absoluteValue(text, mention, date);
  return languageOf(text.slice(mention.start, mention.end)) === 'ja' && needsJapaneseNi(text, mention) ? value + 'に' : value;
}

// A Japanese date word stands alone as an adverb (明日行う, 来週リリースする); a written date needs に
// then (2026-08-05に行う). Before a particle, punctuation or a suffix of time (中, 頃, 以降, 末) it does not.
const JA_NEEDS_NI = /^[\p{Script=Han}\p{Script=Katakana}]/u;
const JA_TIME_SUFFIX = /^(?:中|頃|以降|以来|以前|以内|前|後|内|初|末|明け|度|[日週月年])/;

function needsJapaneseNi(text: string, mention: DateMention): boolean {
  if (mention.reading === 'countdown') return false;
  const after = text.slice(mention.end, mention.end + 2);
  return JA_NEEDS_NI.test(after) && !JA_TIME_SUFFIX.test(after);
}

function absoluteValue(text: string, mention: DateMention, date: CalendarDate): string {
  const written = text.slice(mention.start, mention.end);
  const language = languageOf(written);
  // A countdown keeps its words and gains the event's day: "3 days to the deadline (2026-08-02)".
  if (mention.reading === 'countdown') return `${written}${language === 'en' ? ' ' : ''}(${formatIsoDate(date)})`;
  switch (mention.granularity) {
    case 'day':
      // A bare weekday stands where a date does ("interview Monday 10:30"): no preposition to add.
      return mention.reading === 'nearest' ? formatIsoDate(date) : english(text, mention, formatIsoDate(date), 'on ');
    case 'week': {
      const iso = formatIsoDate(mondayOf(date));
      return language === 'ko' ? `${iso} 주간` : language === 'ja' ? `${iso}の週` : capitalizeAtStart(text, mention, `the week of ${iso}`);
    }
    case 'weekend': {
      const iso = formatIsoDate(weekdayInWeek(date, 0, 6));
      return language === 'ko' ? `${iso} 주말` : language === 'ja' ? `${iso}の週末` : capitalizeAtStart(text, mention, `the weekend of ${iso}`);
    }
    case 'month':
      if (language === 'ko') return `${date.year}년 ${date.month}월`;
      if (language === 'ja') return `${date.year}年${date.month}月`;
      return english(text, mention, formatIsoMonth(date), 'in ');
    case 'year':
      if (language === 'ko') return `${date.year}년`;
      if (language === 'ja') return `${date.year}年`;
      return english(text, mention, String(date.year), 'in ');
  }
}

// After these, a date reads as it is ("since 2026-07-29", "by 2026-08"); elsewhere an adverb needs its
// preposition back ("we shipped yesterday" -> "we shipped on 2026-07-29").
const PREPOSITIONS = new Set([
  'about', 'after', 'around', 'as', 'at', 'before', 'between', 'by', 'during', 'for', 'from', 'in', 'into', 'of',
  'on', 'since', 'than', 'through', 'till', 'to', 'until', 'upon', 'within',
]);

/** Day, month and year in English text: the absolute value, with "on"/"in" where the sentence needs one. */
function english(text: string, mention: DateMention, value: string, preposition: string): string {
  const written = text.slice(mention.start, mention.end);
  if (languageOf(written) !== 'en') return value;
  const next = text[mention.end];
  if (next === "'" || next === '’') return value;
  // "in 3 days" loses its own "in" to the replacement, so it always needs one back.
  const ownPreposition = /^in\s/i.test(written);
  const before = lineBefore(text, mention.start);
  const previousWord = /([A-Za-z]+)\W*$/.exec(before)?.[1]?.toLowerCase();
  if (!ownPreposition && (startsSentence(before) || (previousWord !== undefined && PREPOSITIONS.has(previousWord)))) return value;
  return capitalizeAtStart(text, mention, preposition + value);
}

/**
 * The text before `offset` on its line, at most 80 characters of it (a sentence start or the previous
 * word is all that is read, and a one-line file of thousands of dates must not slice its line each time),
 * prefixed with a line break when it reaches the line's start.
 */
export function lineBefore(text: string, offset: number): string {
  const from = Math.max(0, offset - 80);
  const window = text.slice(from, offset);
  const lineBreak = window.lastIndexOf('\n');
  if (lineBreak >= 0) return window.slice(lineBreak);
  return from === 0 ? '\n' + window : window;
}

/** At a line's start, after a list marker or heading mark, or after a sentence's end. */
export function startsSentence(before: string): boolean {
  return /\n[\s>*#\-+\d.)]*$/.test(before) || /[.!?:;]\s*$/.test(before);
}

/** "Next week we ship" -> "The week of ...", but "next week" stays lower case, and so does "Friday next week". */
function capitalizeAtStart(text: string, mention: DateMention, replacement: string): string {
  const capital = /^[A-Z]/.test(text.slice(mention.start, mention.end)) && startsSentence(lineBefore(text, mention.start));
  return capital ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;
}

/**
 * A mention of a language found by its words alone (Hebrew, Chinese) with its date added after it:
 * "היום (2026-03-05)", "上周(2026-02-23 – 2026-03-01)". Its words stay, prefixes and particles with them,
 * so the sentence reads as before; a week or weekend is written as its first and last day, in no
 * language's words.
 */
export function annotatedText(text: string, mention: DateMention): string {
  const written = text.slice(mention.start, mention.end);
  const { date } = mention;
  let value: string;
  switch (mention.granularity) {
    case 'day':
      value = formatIsoDate(date);
      break;
    case 'week': {
      const monday = mondayOf(date);
      value = `${formatIsoDate(monday)} – ${formatIsoDate(addDays(monday, 6))}`;
      break;
    }
    case 'weekend': {
      const saturday = weekdayInWeek(date, 0, 6);
      value = `${formatIsoDate(saturday)} – ${formatIsoDate(addDays(saturday, 1))}`;
      break;
    }
    case 'month':
      value = formatIsoMonth(date);
      break;
    case 'year':
      value = String(date.year);
      break;
  }
  return `${written}${mention.language === 'zh' ? '' : ' '}(${value})`;
}
