import { LineIndex } from '../../lineIndex';
import { parseMemoryIndex, type MemoryIndex } from '../../memoryIndex';
import { titleOf, type Problem, type ProblemFix } from '../../problems';
import { INDEX_FILE_NAME } from '../../rootPath';
import { msg } from '../../text';
import type { TextEdit } from '../../types';
import { preparesInSteps, type LineHistory, type LineRecord, type RuleContext, type TextRule, type TextRuleInput, type TypedSpan } from '../shared/ruleContext';
import { localDay, localOffset, statedAnchor, type DateAnchor, type UtcOffset } from './anchors';
import type { CalendarDate } from '../../types';
import { findChronoMentions, JA_CANDIDATE, type ChronoReadings } from './chronoMentions';
import { toProblem } from './dateProblem';
import { findEventMentions } from './eventMentions';
import { CHINESE_DATES } from './chineseTable';
import type { DateLanguage } from './dateLanguage';
import { HEBREW_DATES } from './hebrewTable';
import { RUSSIAN_DATES } from './russianTable';
import { findTableMentions, JA_GATE, KO_GATE } from './expressionTable';
import { languageOf, resolveOverlaps, type DateMention } from './mention';
import { absoluteText } from './phrasing';
import { proseOf } from './proseMask';
import { RefusalCheck } from './refusals';
import { sectionDays } from './sectionDates';

export { RELATIVE_DATE_ANCHOR_KEYS, relativeDateAnchorData } from './anchors';

/** Options of the relative-date rule; the defaults are right for VS Code and the CLI. */
export interface RelativeDateOptions {
  /**
   * Minutes east of UTC at an instant, to turn a `modified` timestamp or a file time into the day its
   * writer saw. Default: the machine's zone, which is the user's in VS Code and the CLI.
   */
  readonly utcOffsetMinutes?: (epochMs: number) => number;
}

const PLACEHOLDER_DAY: CalendarDate = { year: 2000, month: 1, day: 3 };

// A weekday with a time ("Monday 10:30", "Fri 3pm"), a countdown ("3 days to the", "2 weeks until"), "D-3".
const EN_EVENT_GATE = String.raw`(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs?)?|Fri|Sat(?:ur)?|Sun)(?:day)?,?\s+(?:at\s+)?\d|(?:\d{1,3}|[Aa]n?|[Oo]ne|[Tt]wo|[Tt]hree|[Ff]our|[Ff]ive|[Ss]ix|[Ss]even|[Ee]ight|[Nn]ine|[Tt]en)\s+(?:[Dd]ays?|[Ww]eeks?)\s+(?:left\s+)?(?:to|until|till)\s|D-\d`;
// Hebrew, Cyrillic and Chinese letters, and kana and Hangul, which stop the search at a Japanese or Korean text's first word.
const OTHER_SCRIPTS = /[\u0400-\u04FF\u05D0-\u05EA\u3041-\u30FA\u4E00-\u9FFF\uAC00-\uD7A3]/;
const KANA_OR_HANGUL = /[\u3041-\u3096\u30A1-\u30FA\uAC00-\uD7A3]/;
const HEBREW_OR_CYRILLIC = /[\u0400-\u04FF\u05D0-\u05EA]/;
// Simplified and traditional characters Japanese never writes, one of which most Chinese sentences hold
// ("we", "this"): searched for one by one, each a fraction of a class of them.
const CHINESE_ONLY = ['们', '这', '們', '這'];

/**
 * The languages found by a table of their own, behind one scan for their letters (most prose has none);
 * their gates and the table finder are built from this list, in its order.
 */
const TABLE_LANGUAGES: readonly DateLanguage[] = [HEBREW_DATES, CHINESE_DATES, RUSSIAN_DATES];

/**
 * Whether text may hold Hebrew, Chinese or Russian dates: it has their letters and no kana or Hangul,
 * or, in Japanese or Korean text, a Hebrew or Cyrillic letter or a character only Chinese writes (a
 * Chinese line among Japanese ones). English text costs one scan of a few letter ranges, Japanese and
 * Korean text that and a scan for two ranges and four characters (measured over the bench's 20,000
 * memories: 3-4 ms and 7 ms on realistic, 16 ms on stress, whose every memory mixes Korean and
 * Japanese lines); a class of the tables' own characters cost three times as much.
 */
function mayHoldOtherLanguages(text: string): boolean {
  const at = text.search(OTHER_SCRIPTS);
  if (at < 0) return false;
  const code = text.charCodeAt(at);
  if (!((code >= 0x3041 && code <= 0x30fa) || code >= 0xac00) && !KANA_OR_HANGUL.test(text)) return true;
  return HEBREW_OR_CYRILLIC.test(text) || CHINESE_ONLY.some((character) => text.includes(character));
}

const EN_GATE_WORD = '(?:[Mm]on|[Tt]ue|[Ww]ed|[Tt]hu|[Ff]ri|[Ss]at|[Ss]un|[Ww]eek|[Mm]onth|[Yy]ear|[Mm]orning|[Aa]fternoon|[Ee]vening|[Nn]ight)';

/**
 * One search per script for any word a finder starts from: what nearly every file of a root costs.
 * English words are matched lower case or capitalized, not case-insensitively: a case-insensitive
 * search costs twice as much on every file, and only all-caps dates ("NEXT WEEK") are given up for it
 * (all-caps words are labels far more often than dates).
 */
const GATES: readonly { test(text: string): boolean }[] = [
  new RegExp(
    String.raw`\b(?:[Tt]o(?:day|night|morrow)|[Yy]esterday|ago\b|from\s+now|hence|(?:[Tt]his|[Nn]ext|[Ll]ast|[Pp]ast|[Cc]oming|[Uu]pcoming|[Pp]revious)\s+${EN_GATE_WORD}|[Ww]eek\s+(?:after|before)|[Ii]n\s+(?:an?\s+)?(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple|several)|${EN_EVENT_GATE})`,
  ),
  // All-caps dates stand as headings ("NEXT WEEK — plan", "TODAY'S TODO"); mid-sentence they are labels (see refusals).
  /\b(?:TO(?:DAY|NIGHT|MORROW)|YESTERDAY|(?:THIS|NEXT|LAST)\s+(?:WEEK|MONTH|YEAR|MORNING|WEEKEND))\b/,
  KO_GATE,
  new RegExp(`${JA_GATE.source}|${JA_CANDIDATE.source}`),
  // Hebrew, Chinese and Russian behind one scan for their letters: a search for their words costs every
  // file three times as much, and a scan per language twice.
  { test: (text) => mayHoldOtherLanguages(text) && TABLE_LANGUAGES.some((language) => language.gate.test(text)) },
];

/**
 * Korean and Japanese weekdays with a time and countdowns ("월요일 10시", "마감까지 3일", "締切まで3日"),
 * each behind a word looked for first: joined to a script's gate, their patterns would cost every file
 * twice the search (a pattern of many branches loses the engine's fast literal scan).
 */
const EVENT_TRIGGERS: readonly (readonly [string, RegExp])[] = [
  ['요일', /요일\s?(?:(?:오전|오후|아침|저녁)\s?)?\d/],
  ['까지', /까지\s?(?:앞으로\s?|약\s?|딱\s?)?\d/],
  ['남', /\d\s?[일주]\s?남/],
  ['曜', /曜日?\s?(?:(?:午前|午後|朝|夜)\s?)?[0-9０-９]/],
  ['まで', /まで(?:あと|残り)?\s?[0-9０-９一二三四五六七八九十]/],
  ['あと', /あと\s?[0-9０-９一二三四五六七八九十]{1,3}\s?(?:日|週間)/],
];

function hasEventWords(text: string): boolean {
  return EVENT_TRIGGERS.some(([word, pattern]) => text.includes(word) && pattern.test(text));
}

/**
 * The `relative-date` rule: a point in time relative to the writing ("next week", 어제, 3日前, a bare
 * "Monday 10:30", "3 days to the deadline") in a memory's body and description, or anywhere in
 * MEMORY.md, in prose a reader cannot resolve from the line itself: not in code, links, URLs,
 * identifiers, UI labels, quotes, idioms or durations, and not on a line that states its date (see
 * {@link RefusalCheck}). Each problem's fix counts from the first anchor that dates its line (see
 * {@link LineAnchors}) and says which one it used.
 */
export const relativeDate: TextRule = preparesInSteps(
  (input, context) => findRelativeDates(input, context),
  (input, context) => indexMentionSteps(input, context),
);

/** {@link relativeDate} with options (a fixed time zone in tests). */
export function findRelativeDates(input: TextRuleInput, context: RuleContext, options: RelativeDateOptions = {}): Problem[] {
  // Most files hold no candidate at all; the prose (frontmatter keys, code and links blanked) and the
  // anchors are worked out only for those that do.
  if (!mayMention(input)) return [];
  const offset = options.utcOffsetMinutes ?? localOffset;
  const { text } = input;
  const fileAnchor = isIndex(input) ? undefined : statedAnchor(input.path, input.memory, offset);
  // The words decide what is a date, whatever the day; each line's anchor then decides which day. The
  // first pass counts from the day most lines will have, so only lines dated otherwise are read again.
  const reference = fileAnchor?.day ?? fileTimeDay(input, context, offset) ?? PLACEHOLDER_DAY;
  const { scan, found } = isIndex(input) ? indexMentions(text, context, reference) : mentionsOf(text, input.memory, reference);
  if (found.length === 0) return [];
  const lines = (scan.lines ??= new LineIndex(text));
  const anchors = new LineAnchors(input, context, scan, lines, offset, fileAnchor);
  const problems: Problem[] = [];
  for (const [line, onLine] of byLine(found, lines)) {
    const anchor = anchors.at(line);
    const start = lines.offsetAt({ line, character: 0 });
    // The line again, counted from another day: its words are the same, their days are not.
    const countedFrom = (day: CalendarDate): DateMention[] => findMentions(scan, day, start, lines.offsetAt({ line: line + 1, character: 0 }));
    const mentions = anchor && !sameDay(anchor.day, reference) ? countedFrom(anchor.day) : onLine;
    const typed = anchors.typedAt(line);
    for (const mention of mentions) {
      // Words typed in this window count from the day they were typed, before any date the file states:
      // "next Friday" typed today in a memory modified months ago means the coming Friday.
      const span = typed?.find((part) => part.start < mention.end - start && mention.start - start < part.end);
      if (!span) {
        problems.push(toProblem(input, lines, mention, anchor));
        continue;
      }
      const again = sameDay(span.day, anchor?.day ?? reference) ? mention : countedFrom(span.day).find((other) => other.start === mention.start);
      if (again) problems.push(toProblem(input, lines, again, { day: span.day, source: 'typed' }));
    }
  }
  return problems;
}

interface FileMentions {
  readonly scan: FileScan;
  readonly found: readonly DateMention[];
}

function mentionsOf(text: string, memory: TextRuleInput['memory'], reference: CalendarDate): FileMentions {
  const scan = fileScan(proseOf(text, memory));
  return { scan, found: findMentions(scan, reference, 0, scan.prose.length) };
}

/**
 * MEMORY.md's mentions, kept with the parsed index they were read from: its lines count from the
 * memories they list, so a memory whose date changes checks the index again, and reading 20,000 lines
 * of words again for one memory's date made one keystroke cost a quarter of a second. The words depend
 * only on the text and the day counted from; only the anchors are worked out again. A new index text
 * is a new parsed index, so nothing stale is ever found here.
 */
const indexMentionMemo = new WeakMap<MemoryIndex, { readonly day: string; readonly mentions: FileMentions }>();

function indexMentions(text: string, context: RuleContext, reference: CalendarDate): FileMentions {
  const index = context.store.index;
  if (!index || index.text !== text) return mentionsOf(text, undefined, reference);
  const day = dayKey(reference);
  const held = indexMentionMemo.get(index);
  if (held?.day === day) return held.mentions;
  const mentions = mentionsOf(text, undefined, reference);
  indexMentionMemo.set(index, { day, mentions });
  return mentions;
}

/**
 * {@link indexMentions}'s reading of the store's MEMORY.md, a part per step: masking its prose, each
 * kind of finder over it, then its lines and sections. Over a 20,000-line index the reading took 65 ms
 * at once, past what the extension host may be held for. The parts are the ones the rule runs, in the
 * same order, so the mentions are the same; the rule then finds them held.
 */
function* indexMentionSteps(input: TextRuleInput, context: RuleContext): Generator<void> {
  const index = context.store.index;
  if (!isIndex(input) || !index || index.text !== input.text || !mayMention(input)) return;
  const reference = fileTimeDay(input, context, localOffset) ?? PLACEHOLDER_DAY;
  const day = dayKey(reference);
  if (indexMentionMemo.get(index)?.day === day) return;
  const scan = fileScan(proseOf(index.text, undefined));
  yield;
  const found: DateMention[] = [];
  for (const finder of FINDERS) {
    found.push(...finder(scan.prose, reference, scan));
    yield;
  }
  indexMentionMemo.set(index, { day, mentions: { scan, found: settled(scan, found, 0) } });
  yield;
  scan.lines = new LineIndex(index.text);
  scan.sections = sectionDays(scan.prose);
}

function dayKey(day: CalendarDate): string {
  return `${day.year}-${day.month}-${day.day}`;
}

function fileTimeDay(input: TextRuleInput, context: RuleContext, offset: UtcOffset): CalendarDate | undefined {
  const time = context.modifiedTime(input.path);
  return time === undefined || !Number.isFinite(time) ? undefined : localDay(time, offset);
}

/**
 * One file's prose and what is worked out about it once per check, for every line that is scanned
 * again; MEMORY.md's is kept with its parsed index (see {@link indexMentions}), so what depends on the
 * text alone (its lines, the dates of its sections) is worked out once per text, when first needed.
 */
interface FileScan {
  readonly prose: string;
  readonly refusals: RefusalCheck;
  readonly chronoReadings: ChronoReadings;
  lines?: LineIndex;
  sections?: (CalendarDate | undefined)[];
}

function fileScan(prose: string): FileScan {
  return { prose, refusals: new RefusalCheck(prose), chronoReadings: new Map() };
}

/**
 * The three ways relative dates are found in a part of a file's prose, each counting from `reference`:
 * the tables (Hebrew, Chinese and Russian behind one scan for their letters: most prose has none), chrono,
 * and events. MEMORY.md's reading takes a step per way (see {@link indexMentionSteps}).
 */
const FINDERS: readonly ((part: string, reference: CalendarDate, scan: FileScan) => DateMention[])[] = [
  (part, reference) => {
    const found = findTableMentions(part, reference);
    if (!mayHoldOtherLanguages(part)) return found;
    // concat, not push(...): a file may hold more dates than a call takes arguments.
    return found.concat(...TABLE_LANGUAGES.map((language) => language.findMentions(part, reference)));
  },
  (part, reference, scan) => findChronoMentions(part, reference, scan.chronoReadings),
  (part, reference) => findEventMentions(part, reference),
];

/** Relative dates of the prose between `from` and `to`, counted from `reference`, overlaps resolved, refusals left out. */
function findMentions(scan: FileScan, reference: CalendarDate, from: number, to: number): DateMention[] {
  const part = from === 0 && to === scan.prose.length ? scan.prose : scan.prose.slice(from, to);
  return settled(scan, FINDERS.flatMap((finder) => finder(part, reference, scan)), from);
}

/** What the finders found in the part starting at `from`, placed in the file, overlaps resolved, refusals left out. */
function settled(scan: FileScan, found: readonly DateMention[], from: number): DateMention[] {
  const { prose, refusals } = scan;
  const shifted = from === 0 ? found : found.map((mention) => ({ ...mention, start: mention.start + from, end: mention.end + from }));
  return resolveOverlaps(shifted.filter((mention) => !countsWithinPeriod(prose, mention)))
    .filter((mention) => refusals.refusal(mention) === undefined && !parentheticalInDatedSection(scan, mention))
    .map((mention) => {
      const approximate = approximation(prose, mention);
      if (approximate) return { ...mention, end: approximate.end, reading: 'approximate' as const };
      return refusals.tellsOfOccasion(mention) ? { ...mention, occasion: true } : mention;
    });
}

/**
 * "Freeze starts (today) and lasts a week" under "## 2026-11-03 standup": a day word put in brackets
 * as an aside, in a section its heading or paragraph dates, says which day that date is; it is not a
 * second date to fix.
 */
function parentheticalInDatedSection(scan: FileScan, mention: DateMention): boolean {
  const { prose } = scan;
  if (!/[(（]\s?$/.test(prose.slice(Math.max(0, mention.start - 2), mention.start)) || !/^\s?[)）]/.test(prose.slice(mention.end, mention.end + 2))) return false;
  const sections = (scan.sections ??= sectionDays(prose));
  return sections[(scan.lines ??= new LineIndex(prose)).positionAt(mention.start).line] !== undefined;
}

// "~14 months ago", "about 3 weeks ago", 약 2주 전, 約3日前: a count the writer rounded names no one day to write.
const APPROXIMATE_BEFORE = /(?:[~≈～]|\b(?:about|around|roughly|approximately|some|almost|nearly)\s|약\s?|대략\s?|약간\s?|約|およそ|ほぼ)$/i;

// "a few days ago", "in a couple of weeks", "in a week or two", 며칠 전, 数日前, 3일 전쯤, 3日前ぐらい: a vague or widened
// count names no one day either.
const VAGUE_COUNT = /\b(?:few|several|couple|some)\b|며칠|몇|数/i;
const APPROXIMATE_AFTER = /^(?:\s+or\s+(?:two|three|so|more|less|a\s+bit|longer)\b|-ish\b|\s?(?:쯤|정도|가량)|(?:前後|ほど|くらい|ぐらい|頃))/i;

/**
 * Whether a count the writer rounded or left vague, and where the words that say so end: such a date
 * is still relative, but its fix keeps the words and adds the day they count from, and is never safe.
 */
function approximation(prose: string, mention: DateMention): { end: number } | undefined {
  if (mention.reading !== undefined || mention.language) return undefined;
  const after = APPROXIMATE_AFTER.exec(prose.slice(mention.end, mention.end + 16));
  if (after) return { end: mention.end + after[0].length };
  if (APPROXIMATE_BEFORE.test(prose.slice(Math.max(0, mention.start - 16), mention.start)) || VAGUE_COUNT.test(prose.slice(mention.start, mention.end))) return { end: mention.end };
  return undefined;
}

function byLine(mentions: readonly DateMention[], lines: LineIndex): Map<number, DateMention[]> {
  const grouped = new Map<number, DateMention[]>();
  for (const mention of mentions) {
    const line = lines.positionAt(mention.start).line;
    const onLine = grouped.get(line);
    if (onLine) onLine.push(mention);
    else grouped.set(line, [mention]);
  }
  return grouped;
}

function sameDay(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

function isIndex(input: TextRuleInput): boolean {
  return !input.memory && input.path === INDEX_FILE_NAME;
}

/**
 * The day each line counts from, in the order of trust: the date of its section (a dated heading or
 * paragraph above it); for a memory, a date in its file name, then its frontmatter's date keys; for a
 * MEMORY.md entry, those of the memory it lists; then the day version history says the line was
 * written; only then the file's modification time. Words typed in this window outrank them all (see
 * {@link LineAnchors.typedAt}). Each is worked out once per file, when first needed.
 */
class LineAnchors {
  private index?: MemoryIndex;
  private history?: { readonly records: LineHistory; byText?: Map<string, LineRecord | null> } | null;
  private modified?: DateAnchor | null;

  constructor(
    private readonly input: TextRuleInput,
    private readonly context: RuleContext,
    private readonly scan: FileScan,
    private readonly lines: LineIndex,
    private readonly offset: UtcOffset,
    private readonly fileAnchor: DateAnchor | undefined,
  ) {}

  at(line: number): DateAnchor | undefined {
    const section = (this.scan.sections ??= sectionDays(this.scan.prose))[line];
    if (section) return { day: section, source: 'section' };
    if (this.fileAnchor) return this.fileAnchor;
    if (isIndex(this.input)) {
      const entry = entryAnchor((this.index ??= indexOf(this.input.text, this.context)), line, this.context, this.offset);
      if (entry) return entry;
    }
    const written = this.historyDay(line)?.day;
    if (written) return { day: written, source: 'history' };
    if (this.modified === undefined) {
      const day = fileTimeDay(this.input, this.context, this.offset);
      this.modified = day ? { day, source: 'modified-time' } : null;
    }
    return this.modified ?? undefined;
  }

  /** The parts of the line typed in this window, if any. */
  typedAt(line: number): readonly TypedSpan[] | undefined {
    return this.historyDay(line)?.typed;
  }

  /** The day history records for the line, if the line still reads as history has it (else it moved, or was edited since). */
  private historyDay(line: number): LineRecord | undefined {
    if (this.history === undefined) {
      const records = this.context.lineHistory?.(this.input.path);
      this.history = records ? { records } : null;
    }
    if (!this.history) return undefined;
    const start = this.lines.offsetAt({ line, character: 0 });
    const text = this.input.text.slice(start, this.lines.offsetAt({ line: line + 1, character: 0 })).replace(/(?:\r\n|\n|\r)$/, '');
    const record = this.history.records[line];
    if (record) return record.text === text ? record : undefined;
    // Lines above were added or removed since: the same text elsewhere still dates it, when it is there once.
    if (!this.history.byText) {
      const byText = new Map<string, LineRecord | null>();
      for (const entry of this.history.records) if (entry) byText.set(entry.text, byText.has(entry.text) ? null : entry);
      this.history.byText = byText;
    }
    return this.history.byText.get(text) ?? undefined;
  }
}

/** MEMORY.md as the store holds it when that is the text being checked, else parsed from it. */
function indexOf(text: string, context: RuleContext): MemoryIndex {
  const held = context.store.index;
  return held && held.text === text ? held : parseMemoryIndex(text);
}

/**
 * The anchor of an entry line: the date its memory states, for an entry to a dated memory. Looked up
 * for the lines with a relative date only: one memory's edit re-checks MEMORY.md's dates, and working
 * out the anchor of all 20,000 entries made that keystroke cost tens of milliseconds.
 */
function entryAnchor(index: MemoryIndex, line: number, context: RuleContext, offset: UtcOffset): DateAnchor | undefined {
  const entry = entryOnLine(index.entries, line);
  const memory = entry?.target === undefined ? undefined : context.store.get(entry.target);
  const stated = memory && statedAnchor(memory.path, memory, offset);
  return stated && { day: stated.day, source: 'index-entry' };
}

/** The entry on `line`, found by halving: entries are in line order, one per line at most. */
function entryOnLine(entries: MemoryIndex['entries'], line: number): MemoryIndex['entries'][number] | undefined {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = entries[middle].line;
    if (at === line) return entries[middle];
    if (at < line) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/**
 * One fix replacing every relative date of the file with its absolute date ("fix all relative dates in
 * this file"), or undefined when there is nothing to fix. Ambiguous dates are left out (a person picks
 * one of their two fixes); safe only when every date it replaces is.
 */
export function relativeDateFixAll(input: TextRuleInput, context: RuleContext, options: RelativeDateOptions = {}): ProblemFix | undefined {
  const edits: TextEdit[] = [];
  let safe = true;
  for (const problem of findRelativeDates(input, context, options)) {
    if (problem.fixes?.length !== 1) continue;
    const [fix] = problem.fixes;
    safe &&= fix.safe === true;
    for (const edit of fix.edits) if (edit.kind === 'edit') edits.push(...edit.edits);
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
 * by the absolute date the memory's own fix writes, counted from the date the memory states (its file
 * name or frontmatter); unchanged without one, and so is a date no verb ties to one occasion, since a
 * guess must not be written where no one looks.
 */
export function withAbsoluteDates(text: string, input: TextRuleInput, _context: RuleContext, options: RelativeDateOptions = {}): string {
  if (!mayMention({ path: input.path, text })) return text;
  const anchor = statedAnchor(input.path, input.memory, options.utcOffsetMinutes ?? localOffset);
  if (!anchor) return text;
  const prose = proseOf(text, undefined);
  let result = text;
  for (const mention of findMentions(fileScan(prose), anchor.day, 0, prose.length).reverse()) {
    if (mention.reading === 'ambiguous' || mention.reading === 'nearest' || !mention.occasion) continue;
    result = result.slice(0, mention.start) + absoluteText(text, mention) + result.slice(mention.end);
  }
  return result;
}

/**
 * The day a file's relative dates count from when no section dates them: a date in its file name or
 * frontmatter, else its modification time, else undefined.
 */
export function relativeDateAnchor(input: TextRuleInput, context: RuleContext, options: RelativeDateOptions = {}): CalendarDate | undefined {
  const offset = options.utcOffsetMinutes ?? localOffset;
  const stated = isIndex(input) ? undefined : statedAnchor(input.path, input.memory, offset);
  return stated?.day ?? fileTimeDay(input, context, offset);
}

/** Whether any gate finds a word in the prose: the body and the description; the other keys never count. */
function mayMention(input: TextRuleInput): boolean {
  const body = input.memory ? input.text.slice(input.memory.frontmatter.bodyStart) : input.text;
  const description = input.memory?.description ?? '';
  return GATES.some((gate) => gate.test(body) || gate.test(description)) || hasEventWords(body) || hasEventWords(description);
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
