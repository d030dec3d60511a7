import { LineIndex } from '../../lineIndex';
import type { MemoryFile } from '../../memoryFile';
import { parseMemoryIndex, type MemoryIndex } from '../../memoryIndex';
import { messageOf, ProblemCode, titleOf, type Problem, type ProblemFix } from '../../problems';
import { INDEX_FILE_NAME } from '../../rootPath';
import { msg } from '../../text';
import type { TextEdit } from '../../types';
import { replaceWithinValue } from '../../edits/frontmatterEdits';
import {
  formatIsoDate,
  formatIsoMonth,
  mondayOf,
  parseIsoDate,
  weekdayInWeek,
  type CalendarDate,
} from './calendar';
import { findChronoMentions, JA_CANDIDATE } from './chronoMentions';
import { proseOf } from './proseMask';
import { languageOf, resolveOverlaps, type DateMention } from './mention';
import { findTableMentions, JA_GATE, KO_GATE } from './expressionTable';
import type { RuleContext, TextRule, TextRuleInput } from '../engine/ruleContext';

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
 * the absolute date when the memory says when it was written (see {@link relativeDateAnchor}). In
 * MEMORY.md an entry line counts from the dated memory it points at; any other line only from
 * MEMORY.md's file time, which every rewrite of the index moves, so that fix is offered but not safe.
 */
export const relativeDate: TextRule = (input, context) => findRelativeDates(input, context);

/** How far a problem's fix can be trusted: counted from a date the memory states, guessed, or none. */
type FixTrust = 'safe' | 'guess' | undefined;

/** {@link relativeDate} with options (a fixed time zone in tests). */
export function findRelativeDates(input: TextRuleInput, context: RuleContext, options: RelativeDateOptions = {}): Problem[] {
  const { text } = input;
  // Most files hold no candidate at all; the anchor and the prose (frontmatter keys, code and links
  // blanked) are worked out only for those that do.
  if (!mayMention(input)) return [];
  const anchor = relativeDateAnchor(input, context, options);
  // Without an anchor the expressions are still found (the words decide, not the day); only the fix needs it.
  const prose = proseOf(text, input.memory);
  const mentions = findMentions(prose, anchor ?? PLACEHOLDER_DAY);
  if (mentions.length === 0) return [];
  const lines = new LineIndex(text);
  if (!isIndex(input)) return resolveOverlaps(mentions).map((mention) => toProblem(input, lines, mention, anchor && 'safe'));

  const trust = new Map<DateMention, FixTrust>();
  const kept: DateMention[] = [];
  const byLine = new Map<number, DateMention[]>();
  for (const mention of mentions) {
    const line = lines.positionAt(mention.start).line;
    const onLine = byLine.get(line);
    if (onLine) onLine.push(mention);
    else byLine.set(line, [mention]);
  }
  const entryAnchors = indexEntryAnchors(indexOf(input.text, context), context, options);
  for (const [line, onLine] of byLine) {
    const entryAnchor = entryAnchors.get(line);
    if (!entryAnchor) {
      for (const mention of onLine) trust.set(mention, anchor && 'guess');
      kept.push(...onLine);
      continue;
    }
    // The line again, counted from its memory's day: its words are the same, their days are not.
    const start = lines.offsetAt({ line, character: 0 });
    const end = lines.offsetAt({ line: line + 1, character: 0 });
    for (const mention of findMentions(prose.slice(start, end), entryAnchor)) {
      const shifted = { ...mention, start: mention.start + start, end: mention.end + start };
      trust.set(shifted, 'safe');
      kept.push(shifted);
    }
  }
  return resolveOverlaps(kept).map((mention) => toProblem(input, lines, mention, trust.get(mention)));
}

/** Relative dates in `prose`, counted from `reference`, overlaps not yet resolved. */
function findMentions(prose: string, reference: CalendarDate): DateMention[] {
  const found = [...findTableMentions(prose, reference), ...findChronoMentions(prose, reference)];
  return found.filter((mention) => !countsWithinPeriod(prose, mention));
}

function isIndex(input: TextRuleInput): boolean {
  return !input.memory && input.path === INDEX_FILE_NAME;
}

/** MEMORY.md as the store holds it when that is the text being checked, else parsed from it. */
function indexOf(text: string, context: RuleContext): MemoryIndex {
  const held = context.store.index;
  return held && held.text === text ? held : parseMemoryIndex(text);
}

/** The day each entry line counts from: the date its memory states, for entries to a dated memory. */
function indexEntryAnchors(index: MemoryIndex, context: RuleContext, options: RelativeDateOptions): Map<number, CalendarDate> {
  const anchors = new Map<number, CalendarDate>();
  const offset = options.utcOffsetMinutes ?? localOffset;
  for (const entry of index.entries) {
    const memory = entry.target === undefined ? undefined : context.store.get(entry.target);
    const day = memory && statedAnchor(memory, offset);
    if (day) anchors.set(entry.line, day);
  }
  return anchors;
}

/**
 * What of a memory its relative dates, and MEMORY.md's line for it, count from: the values of
 * {@link RELATIVE_DATE_ANCHOR_KEYS}, or undefined without a memory or readable frontmatter. Equal
 * values mean equal anchors, so a change that keeps them need not re-check MEMORY.md.
 */
export function relativeDateAnchorData(memory: MemoryFile | undefined): unknown[] | undefined {
  if (memory?.frontmatter.status !== 'ok') return undefined;
  const data = memory.frontmatter.data;
  return RELATIVE_DATE_ANCHOR_KEYS.map((key) => valueAt(data, key));
}

/**
 * One fix replacing every relative date of the file with its absolute date ("fix all relative dates in
 * this file"), or undefined when there is nothing to fix or no day to count from. Safe only when every
 * date it replaces was counted from a day the memory states.
 */
export function relativeDateFixAll(input: TextRuleInput, context: RuleContext, options: RelativeDateOptions = {}): ProblemFix | undefined {
  const edits: TextEdit[] = [];
  let safe = true;
  for (const problem of findRelativeDates(input, context, options)) {
    for (const fix of problem.fixes ?? []) {
      safe &&= fix.safe === true;
      for (const edit of fix.edits) if (edit.kind === 'edit') edits.push(...edit.edits);
    }
  }
  if (edits.length === 0) return undefined;
  return {
    ...titleOf(edits.length === 1 ? msg('Replace the relative date with an absolute date') : msg('Replace all {0} relative dates with absolute dates', edits.length)),
    safe,
    edits: [{ kind: 'edit', path: input.path, edits }],
  };
}

/**
 * `text` from a memory (its description, for a hook in MEMORY.md) with every relative date replaced
 * by the absolute date the memory's own fix writes, counted from the memory's anchor; unchanged when
 * it has none. What is copied out of a memory must not carry a relative date the copy cannot anchor.
 */
export function withAbsoluteDates(text: string, input: TextRuleInput, context: RuleContext, options: RelativeDateOptions = {}): string {
  const plain: TextRuleInput = { path: input.path, text };
  if (!mayMention(plain)) return text;
  const anchor = relativeDateAnchor(input, context, options);
  if (!anchor) return text;
  let result = text;
  for (const mention of resolveOverlaps(findMentions(proseOf(text, undefined), anchor)).reverse()) {
    result = result.slice(0, mention.start) + absoluteText(text, mention) + result.slice(mention.end);
  }
  return result;
}

/**
 * The day a file's relative dates count from: the first of {@link RELATIVE_DATE_ANCHOR_KEYS} holding an
 * ISO date or timestamp, else the file's modification time, else undefined. A timestamp with a zone
 * (Claude Code writes UTC) becomes the local day it was written on; a bare date is taken as written.
 */
export function relativeDateAnchor(input: TextRuleInput, context: RuleContext, options: RelativeDateOptions = {}): CalendarDate | undefined {
  const offset = options.utcOffsetMinutes ?? localOffset;
  const stated = input.memory && statedAnchor(input.memory, offset);
  if (stated) return stated;
  const time = context.modifiedTime(input.path);
  return time === undefined || !Number.isFinite(time) ? undefined : localDay(time, offset);
}

/** The day a memory's frontmatter says it was written, if it says so. */
function statedAnchor(memory: MemoryFile, offset: (epochMs: number) => number): CalendarDate | undefined {
  for (const value of relativeDateAnchorData(memory) ?? []) {
    const day = dayOf(value, offset);
    if (day) return day;
  }
  return undefined;
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

function toProblem(input: TextRuleInput, lines: LineIndex, mention: DateMention, trust: FixTrust): Problem {
  const written = input.text.slice(mention.start, mention.end);
  const shown = written.replace(/\s+/g, ' ');
  const range = lines.rangeAt(mention.start, mention.end);
  const problem = {
    code: ProblemCode.RelativeDate,
    severity: SEVERITY,
    path: input.path,
    range,
  } as const;
  if (!trust) {
    return {
      ...problem,
      ...messageOf(msg('"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write the absolute date (the memory has no modified date to compute it from).', shown)),
    };
  }
  const replacement = absoluteText(input.text, mention);
  const edits = [{ kind: 'edit' as const, path: input.path, edits: [replaceWithinValue(input.memory, range, replacement)] }];
  if (trust === 'guess') {
    return {
      ...problem,
      ...messageOf(msg(
        '"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write the absolute date: "{1}" if it was written when MEMORY.md last changed (it has no date of its own).',
        shown,
        replacement,
      )),
      fixes: [{ ...titleOf(msg('Replace "{0}" with "{1}" (counted from MEMORY.md\'s last change)', shown, replacement)), preferred: false, safe: false, edits }],
    };
  }
  return {
    ...problem,
    ...messageOf(msg('"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write "{1}".', shown, replacement)),
    fixes: [{ ...titleOf(msg('Replace "{0}" with "{1}"', shown, replacement)), preferred: true, safe: true, edits }],
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
