import type { Granularity } from './calendar';
import type { CalendarDate } from '../../types';

/**
 * One relative date expression found in a file's prose: where it is, what it names, and the day it
 * names when counted from the reference day the finder was given (any day of the week for `week`,
 * day 1 for `month`, January 1 for `year`).
 */
export interface DateMention {
  readonly start: number;
  readonly end: number;
  readonly granularity: Granularity;
  readonly date: CalendarDate;
  /**
   * How far the words alone decide the day: unset when they do; `ambiguous` when they name one of two
   * days (`date` or `alternative`: "next Friday" said on a Tuesday); `nearest` when a bare weekday is
   * taken as the nearest one (ahead, or behind after a past-tense verb); `countdown` when they count to
   * an event ("3 days to the deadline"), whose fix adds the date rather than replacing the words;
   * `approximate` when the count is rounded or vague ("a few days ago", "in a week or two"), whose fix
   * keeps the words and adds the day they count from.
   */
  readonly reading?: 'ambiguous' | 'nearest' | 'countdown' | 'approximate';
  readonly alternative?: CalendarDate;
  /**
   * Whether a verb of its clause tells of one occasion, past or planned ("shipped yesterday", "will ship
   * tomorrow", 어제 배포했다): only then may `--fix` write its date without a person choosing it.
   */
  readonly occasion?: boolean;
  /**
   * Set by the finders of languages read from a table alone (Hebrew, Chinese, Russian): no verb is read there,
   * so the fix keeps the words and adds the date, and is never applied without a person choosing it.
   */
  readonly language?: AnnotatedLanguage;
}

/** Languages whose dates are found by their words alone and annotated, never rewritten: see {@link DateMention.language}. */
export type AnnotatedLanguage = 'he' | 'zh' | 'ru';

/** Text of one language as a person writes it: decides how a replacement is phrased. */
export type TextLanguage = 'en' | 'ko' | 'ja' | AnnotatedLanguage;

const HANGUL = /\p{Script=Hangul}/u;
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
const HEBREW = /\p{Script=Hebrew}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/**
 * The language of one match by its script: Hangul is Korean, kana or kanji Japanese, anything else English.
 * Kanji alone do not tell Chinese from Japanese: a Chinese mention says so itself (see {@link mentionLanguage}).
 */
export function languageOf(text: string): TextLanguage {
  if (HANGUL.test(text)) return 'ko';
  if (HEBREW.test(text)) return 'he';
  if (CYRILLIC.test(text)) return 'ru';
  if (JAPANESE.test(text)) return 'ja';
  return 'en';
}

/** The language a mention was found in: the one its finder read it as, else the one its script says. */
export function mentionLanguage(text: string, mention: Pick<DateMention, 'start' | 'end' | 'language'>): TextLanguage {
  return mention.language ?? languageOf(text.slice(mention.start, mention.end));
}

/**
 * Keeps one mention where several overlap (chrono-node's 昨日 inside the table's 一昨日, "next week"
 * from both chrono and the table): the longest, and of equal ones the first listed. `mentions` must be
 * in priority order; the result is sorted by position. One sweep, so a file with thousands of dates
 * costs no more than their count.
 */
export function resolveOverlaps(mentions: readonly DateMention[]): DateMention[] {
  const ranked = mentions
    .map((mention, order) => ({ mention, order }))
    .sort((a, b) => a.mention.start - b.mention.start || b.mention.end - a.mention.end || a.order - b.order);
  const kept: { mention: DateMention; order: number }[] = [];
  for (const current of ranked) {
    const last = kept[kept.length - 1];
    if (!last || current.mention.start >= last.mention.end) {
      kept.push(current);
      continue;
    }
    const length = (m: DateMention): number => m.end - m.start;
    const better = length(current.mention) - length(last.mention) || last.order - current.order;
    // The replaced mention was the only one kept that reaches past current's start.
    if (better > 0) kept[kept.length - 1] = current;
  }
  return kept.map((k) => k.mention);
}
