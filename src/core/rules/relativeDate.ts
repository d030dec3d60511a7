import { LineIndex } from '../lineIndex';
import { ProblemCode, type Problem, type ProblemFix } from '../problems';
import type { TextEdit } from '../types';
import {
  formatIsoDate,
  formatIsoMonth,
  mondayOf,
  parseIsoDate,
  weekdayInWeek,
  type CalendarDate,
} from './relativeDateCalendar';
import { findChronoMentions, JA_CANDIDATE } from './relativeDateChrono';
import { proseOf } from './relativeDateMask';
import { languageOf, resolveOverlaps, type DateMention } from './relativeDateMention';
import { findTableMentions, JA_GATE, KO_GATE } from './relativeDateTable';
import type { RuleContext, TextRule, TextRuleInput } from './ruleContext';

/** Options of the relative-date rule; the defaults are right for VS Code and the CLI. */
export interface RelativeDateOptions {
  /**
   * Minutes east of UTC at an instant, to turn a `modified` timestamp or a file time into the day its
   * writer saw. Default: the machine's zone, which is the user's in VS Code and the CLI.
   */
  readonly utcOffsetMinutes?: (epochMs: number) => number;
}

/** Frontmatter keys that date a memory, most specific first: the day its relative dates count from. */
export const RELATIVE_DATE_ANCHOR_KEYS: readonly string[] = ['modified', 'metadata.modified', 'date', 'metadata.date', 'updated', 'metadata.updated'];

const SEVERITY = 'warning';
const PLACEHOLDER_DAY: CalendarDate = { year: 2000, month: 1, day: 3 };

const EN_GATE_WORD = '(?:[Mm]on|[Tt]ue|[Ww]ed|[Tt]hu|[Ff]ri|[Ss]at|[Ss]un|[Ww]eek|[Mm]onth|[Yy]ear|[Mm]orning|[Aa]fternoon|[Ee]vening|[Nn]ight)';

/**
 * One search per script for any word a finder starts from: what nearly every file of a root costs.
 * English words are matched lower case or capitalized, not case-insensitively: a case-insensitive
 * search costs twice as much on every file, and only all-caps dates ("NEXT WEEK") are given up for it.
 */
const GATES: readonly RegExp[] = [
  new RegExp(
    String.raw`\b(?:[Tt]o(?:day|night|morrow)|[Yy]esterday|ago\b|from\s+now|hence|(?:[Tt]his|[Nn]ext|[Ll]ast|[Pp]ast|[Cc]oming|[Uu]pcoming|[Pp]revious)\s+${EN_GATE_WORD}|[Ww]eek\s+(?:after|before)|[Ii]n\s+(?:an?\s+)?(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple|several))`,
  ),
  KO_GATE,
  new RegExp(`${JA_GATE.source}|${JA_CANDIDATE.source}`),
];

/**
 * The `relative-date` rule: relative time expressions ("next week", 어제, 3日前) in a memory's body and
 * description, or anywhere in MEMORY.md, outside code, links and URLs. Each problem carries a fix to
 * the absolute date when the memory says when it was written (see {@link relativeDateAnchor}).
 */
export const relativeDate: TextRule = (input, context) => findRelativeDates(input, context);

/** {@link relativeDate} with options (a fixed time zone in tests). */
export function findRelativeDates(input: TextRuleInput, context: RuleContext, options: RelativeDateOptions = {}): Problem[] {
  const { text } = input;
  // Most files hold no candidate at all; the anchor and the prose (frontmatter keys, code and links
  // blanked) are worked out only for those that do.
  if (!mayMention(input)) return [];
  const anchor = relativeDateAnchor(input, context, options);
  // Without an anchor the expressions are still found (the words decide, not the day); only the fix needs it.
  const reference = anchor ?? PLACEHOLDER_DAY;
  const prose = proseOf(text, input.memory);
  const found = [...findTableMentions(prose, reference), ...findChronoMentions(prose, reference)];
  const mentions = resolveOverlaps(found.filter((mention) => !countsWithinPeriod(prose, mention)));
  if (mentions.length === 0) return [];
  const lines = new LineIndex(text);
  return mentions.map((mention) => toProblem(input, lines, mention, anchor !== undefined));
}

/**
 * One fix replacing every relative date of the file with its absolute date ("fix all relative dates in
 * this file"), or undefined when there is nothing to fix or no day to count from.
 */
export function relativeDateFixAll(input: TextRuleInput, context: RuleContext, options: RelativeDateOptions = {}): ProblemFix | undefined {
  const edits: TextEdit[] = [];
  for (const problem of findRelativeDates(input, context, options)) {
    for (const fix of problem.fixes ?? []) for (const edit of fix.edits) if (edit.kind === 'edit') edits.push(...edit.edits);
  }
  if (edits.length === 0) return undefined;
  return {
    title: edits.length === 1 ? 'Replace the relative date with an absolute date' : `Replace all ${edits.length} relative dates with absolute dates`,
    safe: true,
    edits: [{ kind: 'edit', path: input.path, edits }],
  };
}

/**
 * The day a file's relative dates count from: the first of {@link RELATIVE_DATE_ANCHOR_KEYS} holding an
 * ISO date or timestamp, else the file's modification time, else undefined. A timestamp with a zone
 * (Claude Code writes UTC) becomes the local day it was written on; a bare date is taken as written.
 */
export function relativeDateAnchor(input: TextRuleInput, context: RuleContext, options: RelativeDateOptions = {}): CalendarDate | undefined {
  const offset = options.utcOffsetMinutes ?? localOffset;
  const data = input.memory?.frontmatter.status === 'ok' ? input.memory.frontmatter.data : undefined;
  if (data) {
    for (const key of RELATIVE_DATE_ANCHOR_KEYS) {
      const day = dayOf(valueAt(data, key), offset);
      if (day) return day;
    }
  }
  const time = context.modifiedTime(input.path);
  return time === undefined || !Number.isFinite(time) ? undefined : localDay(time, offset);
}

/** Whether any gate finds a word in the prose: the body and the description; the other keys never count. */
function mayMention(input: TextRuleInput): boolean {
  const body = input.memory ? input.text.slice(input.memory.frontmatter.bodyStart) : input.text;
  const description = input.memory?.description ?? '';
  return GATES.some((gate) => gate.test(body) || gate.test(description));
}

const MONTH_NAMES = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
// "Last Friday of every month", "last week of the quarter", "next Monday in each sprint": an ordinal
// within a period the sentence names, recurring or fixed, that no single absolute date can replace.
// Only a determiner, month, year or quarter counts as such a period: "last week of course" is a date.
const WITHIN_PERIOD = new RegExp(
  String.raw`^\s+(?:of\s+(?:every|each|the|this|that|these|those|a|an|any|my|our|your|his|her|their|its|next|last|q[1-4]|\d{4}|${MONTH_NAMES})|in\s+(?:every|each))\b`,
  'i',
);
const ORDINAL_MODIFIER = /^(?:the\s+)?(?:this|next|last|past|previous|coming|upcoming)\s/i;

/**
 * Whether an English mention is an ordinal within a period rather than a date ("last Friday of every
 * month"), or a duration ("in 3 days of testing"); Korean and Japanese say these with other words
 * (매달 마지막 주, 毎月最終金曜日), which are not relative in the first place.
 */
function countsWithinPeriod(prose: string, mention: DateMention): boolean {
  const words = prose.slice(mention.start, mention.end);
  if (languageOf(words) !== 'en') return false;
  const after = prose.slice(mention.end, mention.end + 24);
  if (/^in\s/i.test(words)) return /^\s+of\b/i.test(after);
  return ORDINAL_MODIFIER.test(words) && WITHIN_PERIOD.test(after);
}

function localOffset(epochMs: number): number {
  return -new Date(epochMs).getTimezoneOffset();
}

function localDay(epochMs: number, offset: (epochMs: number) => number): CalendarDate {
  const shifted = new Date(epochMs + offset(epochMs) * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function valueAt(data: Readonly<Record<string, unknown>>, dotted: string): unknown {
  let value: unknown = data;
  for (const part of dotted.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

function dayOf(value: unknown, offset: (epochMs: number) => number): CalendarDate | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : localDay(value.getTime(), offset);
  if (typeof value !== 'string') return undefined;
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return undefined;
  const date = parseIsoDate(match[1]);
  if (!date || !match[2]) return date;
  const zone = match[2].toUpperCase() === 'Z' ? 'Z' : match[2].replace(/^([+-]\d{2}):?(\d{2})?$/, (_z, h: string, m?: string) => `${h}:${m ?? '00'}`);
  const instant = Date.parse(value.trim().replace(/\s*(Z|z|[+-]\d{2}(?::?\d{2})?)$/, '').replace(/[t ]/, 'T') + zone);
  return Number.isNaN(instant) ? date : localDay(instant, offset);
}

function toProblem(input: TextRuleInput, lines: LineIndex, mention: DateMention, anchored: boolean): Problem {
  const written = input.text.slice(mention.start, mention.end);
  const shown = written.replace(/\s+/g, ' ');
  const range = lines.rangeAt(mention.start, mention.end);
  if (!anchored) {
    return {
      code: ProblemCode.RelativeDate,
      severity: SEVERITY,
      path: input.path,
      range,
      message: `"${shown}" is a relative date: it points elsewhere once the memory is read on another day. Write the absolute date (the memory has no modified date to compute it from).`,
    };
  }
  const replacement = absoluteText(input.text, mention);
  return {
    code: ProblemCode.RelativeDate,
    severity: SEVERITY,
    path: input.path,
    range,
    message: `"${shown}" is a relative date: it points elsewhere once the memory is read on another day. Write "${replacement}".`,
    fixes: [
      {
        title: `Replace "${shown}" with "${replacement}"`,
        preferred: true,
        safe: true,
        edits: [{ kind: 'edit', path: input.path, edits: [{ range, newText: replacement }] }],
      },
    ],
  };
}

/**
 * The absolute form of a mention, phrased for its language: days as ISO dates everywhere; weeks as the
 * week's Monday ("the week of 2026-08-03", "2026-08-03 주간", "2026-08-03の週"); months and years as
 * "2026-08" / "2026" in English and with 년/월 or 年/月 in Korean and Japanese, where bare ISO months
 * read as codes in a sentence.
 */
function absoluteText(text: string, mention: DateMention): string {
  const written = text.slice(mention.start, mention.end);
  const language = languageOf(written);
  const { date } = mention;
  switch (mention.granularity) {
    case 'day':
      return english(text, mention, formatIsoDate(date), 'on ');
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
function lineBefore(text: string, offset: number): string {
  const from = Math.max(0, offset - 80);
  const window = text.slice(from, offset);
  const lineBreak = window.lastIndexOf('\n');
  if (lineBreak >= 0) return window.slice(lineBreak);
  return from === 0 ? '\n' + window : window;
}

/** At a line's start, after a list marker or heading mark, or after a sentence's end. */
function startsSentence(before: string): boolean {
  return /\n[\s>*#\-+\d.)]*$/.test(before) || /[.!?:;]\s*$/.test(before);
}

/** "Next week we ship" -> "The week of ...", but "next week" stays lower case, and so does "Friday next week". */
function capitalizeAtStart(text: string, mention: DateMention, replacement: string): string {
  const capital = /^[A-Z]/.test(text.slice(mention.start, mention.end)) && startsSentence(lineBefore(text, mention.start));
  return capital ? replacement[0].toUpperCase() + replacement.slice(1) : replacement;
}
