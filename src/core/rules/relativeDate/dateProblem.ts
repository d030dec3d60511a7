import { replaceWithinValue } from '../../edits/frontmatterEdits';
import type { LineIndex } from '../../lineIndex';
import { messageOf, ProblemCode, titleOf, type Problem, type ProblemFix } from '../../problems';
import { msg, type Text } from '../../text';
import type { TextRuleInput } from '../shared/ruleContext';
import type { AnchorSource, DateAnchor } from './anchors';
import { formatIsoDate } from './calendar';
import { languageOf, type DateMention } from './mention';
import { absoluteText, annotatedText } from './phrasing';

const SEVERITY = 'warning';

/**
 * The problem for one mention, counted from `anchor`: its message says which anchor dated it; its fix
 * is safe only when the anchor comes from the text or its history, the words name one day and a verb
 * of their clause tells of one occasion, past or planned. A fix
 * counted from the modification time says it is a guess; an ambiguous one offers both days; neither
 * is ever applied by `--fix`.
 */
export function toProblem(input: TextRuleInput, lines: LineIndex, mention: DateMention, anchor: DateAnchor | undefined): Problem {
  const shown = input.text.slice(mention.start, mention.end).replace(/\s+/g, ' ');
  const range = lines.rangeAt(mention.start, mention.end);
  const problem = { code: ProblemCode.RelativeDate, severity: SEVERITY, path: input.path, range } as const;
  if (!anchor) {
    return {
      ...problem,
      ...messageOf(msg('"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write the absolute date (nothing gives the day it was written: no dated section, file name, date key, history or file time).', shown)),
      agentText: msg('Replace "{0}" with the absolute date it means (YYYY-MM-DD).', shown),
    };
  }
  const day = formatIsoDate(anchor.day);
  const fix = (replacement: string, kind: FixKind, safe: boolean, preferred: boolean): ProblemFix => ({
    ...titleOf(fixTitle(kind, anchor, shown, replacement, day)), preferred, safe, edits: [{ kind: 'edit', path: input.path, edits: [replaceWithinValue(input.memory, range, replacement)] }],
  });
  const guess = anchor.source === 'modified-time';

  if (mention.language) {
    // Found by its words alone, with no verb read: the words stay and gain their date, at a person's choice only.
    const annotated = annotatedText(input.text, mention);
    return { ...problem, ...messageOf(oneDayMessage(anchor, shown, annotated, day)), fixes: [fix(annotated, 'annotate', false, !guess)], agentText: agentStep(shown, annotated, day, guess) };
  }

  if (mention.reading === 'ambiguous' && mention.alternative) {
    const thisWeek = absoluteText(input.text, mention, mention.date);
    const nextWeek = absoluteText(input.text, mention, mention.alternative);
    return {
      ...problem,
      ...messageOf(ambiguousMessage(anchor, shown, day, thisWeek, nextWeek)),
      agentText: guess
        ? msg('Replace "{0}" with "{1}" (this week\'s) or "{2}" (next week\'s) if it was written on {3}; otherwise with the date meant.', shown, thisWeek, nextWeek, day)
        : msg('Replace "{0}" with "{1}" (this week\'s) or "{2}" (next week\'s), counted from {3}.', shown, thisWeek, nextWeek, day),
      fixes: [fix(thisWeek, 'this-week', false, false), fix(nextWeek, 'next-week', false, false)],
    };
  }

  if (mention.reading === 'approximate') {
    // No one day to write: the words stay, pinned to the day they count from.
    const pinned = countedFromText(input.text.slice(mention.start, mention.end), day);
    return { ...problem, ...messageOf(oneDayMessage(anchor, shown, pinned, day)), fixes: [fix(pinned, 'pin', false, false)], agentText: agentStep(shown, pinned, day, guess) };
  }
  const replacement = absoluteText(input.text, mention);
  const message = messageOf(oneDayMessage(anchor, shown, replacement, day));
  if (mention.reading === 'nearest') {
    const agentText = guess ? agentStep(shown, replacement, day, guess) : msg('Replace "{0}" with "{1}" (the nearest one, counted from {2}), or with the date meant.', shown, replacement, day);
    return { ...problem, ...message, fixes: [fix(replacement, 'nearest', false, false)], agentText };
  }
  // Applied without a person only when a verb says the words name one occasion (shipped, will ship):
  // a date in a label, a plan's window or a note without a verb is offered, never written unasked.
  return { ...problem, ...message, fixes: [fix(replacement, 'replace', !guess && mention.occasion === true, !guess)], agentText: agentStep(shown, replacement, day, guess) };
}

/**
 * What an agent is told: the edit to make, in the words of its Edit tool, and the day it counts from.
 * An agent that just wrote the memory knows whether that day is the one meant, so no why, no hedge
 * beyond the guess of a modification time.
 */
function agentStep(shown: string, replacement: string, day: string, guess: boolean): Text {
  return guess
    ? msg('Replace "{0}" with "{1}" if it was written on {2}; otherwise with the date it means.', shown, replacement, day)
    : msg('Replace "{0}" with "{1}" (counted from {2}).', shown, replacement, day);
}

type FixKind = 'replace' | 'nearest' | 'annotate' | 'pin' | 'this-week' | 'next-week';

/** A fix's title: what it writes, the day it counted from and why that day, for each kind of fix and anchor. */
function fixTitle(kind: FixKind, anchor: DateAnchor, shown: string, value: string, day: string): Text {
  return FIX_TITLES[kind](anchor.source, shown, value, day, anchor.key ?? '');
}

const FIX_TITLES: Record<FixKind, (source: AnchorSource, shown: string, value: string, day: string, key: string) => Text> = {
  'replace': (source, shown, value, day, key) => {
    switch (source) {
      case 'section':
        return msg('Replace "{0}" with "{1}" (counted from {2}, the date of its section)', shown, value, day);
      case 'file-name':
        return msg('Replace "{0}" with "{1}" (counted from {2}, the date in the file name)', shown, value, day);
      case 'frontmatter':
        return msg('Replace "{0}" with "{1}" (counted from {2}, the date in the memory\'s {3})', shown, value, day, key);
      case 'index-entry':
        return msg('Replace "{0}" with "{1}" (counted from {2}, the date of the memory this entry lists)', shown, value, day);
      case 'history':
        return msg('Replace "{0}" with "{1}" (counted from {2}, when git records this line was written)', shown, value, day);
      case 'typed':
        return msg('Replace "{0}" with "{1}" (counted from {2}, when you typed it)', shown, value, day);
      case 'modified-time':
        return msg('Replace "{0}" with "{1}" (a guess: counted from {2}, the file\'s modification time)', shown, value, day);
    }
  },
  'nearest': (source, shown, value, day, key) => {
    switch (source) {
      case 'section':
        return msg('Replace "{0}" with "{1}" (the nearest {0}, counted from {2}, the date of its section: check that it is the one meant)', shown, value, day);
      case 'file-name':
        return msg('Replace "{0}" with "{1}" (the nearest {0}, counted from {2}, the date in the file name: check that it is the one meant)', shown, value, day);
      case 'frontmatter':
        return msg('Replace "{0}" with "{1}" (the nearest {0}, counted from {2}, the date in the memory\'s {3}: check that it is the one meant)', shown, value, day, key);
      case 'index-entry':
        return msg('Replace "{0}" with "{1}" (the nearest {0}, counted from {2}, the date of the memory this entry lists: check that it is the one meant)', shown, value, day);
      case 'history':
        return msg('Replace "{0}" with "{1}" (the nearest {0}, counted from {2}, when git records this line was written: check that it is the one meant)', shown, value, day);
      case 'typed':
        return msg('Replace "{0}" with "{1}" (the nearest {0}, counted from {2}, when you typed it: check that it is the one meant)', shown, value, day);
      case 'modified-time':
        return msg('Replace "{0}" with "{1}" (the nearest {0}, a guess: counted from {2}, the file\'s modification time: check that it is the one meant)', shown, value, day);
    }
  },
  'annotate': (source, shown, value, day, key) => {
    switch (source) {
      case 'section':
        return msg('Add the date to "{0}": "{1}" (counted from {2}, the date of its section)', shown, value, day);
      case 'file-name':
        return msg('Add the date to "{0}": "{1}" (counted from {2}, the date in the file name)', shown, value, day);
      case 'frontmatter':
        return msg('Add the date to "{0}": "{1}" (counted from {2}, the date in the memory\'s {3})', shown, value, day, key);
      case 'index-entry':
        return msg('Add the date to "{0}": "{1}" (counted from {2}, the date of the memory this entry lists)', shown, value, day);
      case 'history':
        return msg('Add the date to "{0}": "{1}" (counted from {2}, when git records this line was written)', shown, value, day);
      case 'typed':
        return msg('Add the date to "{0}": "{1}" (counted from {2}, when you typed it)', shown, value, day);
      case 'modified-time':
        return msg('Add the date to "{0}": "{1}" (a guess: counted from {2}, the file\'s modification time)', shown, value, day);
    }
  },
  'pin': (source, shown, value, day, key) => {
    switch (source) {
      case 'section':
        return msg('Add the day "{0}" counts from: "{1}" (counted from {2}, the date of its section)', shown, value, day);
      case 'file-name':
        return msg('Add the day "{0}" counts from: "{1}" (counted from {2}, the date in the file name)', shown, value, day);
      case 'frontmatter':
        return msg('Add the day "{0}" counts from: "{1}" (counted from {2}, the date in the memory\'s {3})', shown, value, day, key);
      case 'index-entry':
        return msg('Add the day "{0}" counts from: "{1}" (counted from {2}, the date of the memory this entry lists)', shown, value, day);
      case 'history':
        return msg('Add the day "{0}" counts from: "{1}" (counted from {2}, when git records this line was written)', shown, value, day);
      case 'typed':
        return msg('Add the day "{0}" counts from: "{1}" (counted from {2}, when you typed it)', shown, value, day);
      case 'modified-time':
        return msg('Add the day "{0}" counts from: "{1}" (a guess: counted from {2}, the file\'s modification time)', shown, value, day);
    }
  },
  'this-week': (source, shown, value, day, key) => {
    switch (source) {
      case 'section':
        return msg('Replace "{0}" with "{1}" (this week\'s, counted from {2}, the date of its section)', shown, value, day);
      case 'file-name':
        return msg('Replace "{0}" with "{1}" (this week\'s, counted from {2}, the date in the file name)', shown, value, day);
      case 'frontmatter':
        return msg('Replace "{0}" with "{1}" (this week\'s, counted from {2}, the date in the memory\'s {3})', shown, value, day, key);
      case 'index-entry':
        return msg('Replace "{0}" with "{1}" (this week\'s, counted from {2}, the date of the memory this entry lists)', shown, value, day);
      case 'history':
        return msg('Replace "{0}" with "{1}" (this week\'s, counted from {2}, when git records this line was written)', shown, value, day);
      case 'typed':
        return msg('Replace "{0}" with "{1}" (this week\'s, counted from {2}, when you typed it)', shown, value, day);
      case 'modified-time':
        return msg('Replace "{0}" with "{1}" (this week\'s, a guess: counted from {2}, the file\'s modification time)', shown, value, day);
    }
  },
  'next-week': (source, shown, value, day, key) => {
    switch (source) {
      case 'section':
        return msg('Replace "{0}" with "{1}" (next week\'s, counted from {2}, the date of its section)', shown, value, day);
      case 'file-name':
        return msg('Replace "{0}" with "{1}" (next week\'s, counted from {2}, the date in the file name)', shown, value, day);
      case 'frontmatter':
        return msg('Replace "{0}" with "{1}" (next week\'s, counted from {2}, the date in the memory\'s {3})', shown, value, day, key);
      case 'index-entry':
        return msg('Replace "{0}" with "{1}" (next week\'s, counted from {2}, the date of the memory this entry lists)', shown, value, day);
      case 'history':
        return msg('Replace "{0}" with "{1}" (next week\'s, counted from {2}, when git records this line was written)', shown, value, day);
      case 'typed':
        return msg('Replace "{0}" with "{1}" (next week\'s, counted from {2}, when you typed it)', shown, value, day);
      case 'modified-time':
        return msg('Replace "{0}" with "{1}" (next week\'s, a guess: counted from {2}, the file\'s modification time)', shown, value, day);
    }
  },
};

/** "a few days ago (as of 2026-08-04)", "3일 전쯤(2026-08-04 기준)", "3日前ぐらい(2026-08-04時点)". */
function countedFromText(written: string, day: string): string {
  const language = languageOf(written);
  if (language === 'ko') return `${written}(${day} 기준)`;
  if (language === 'ja') return `${written}(${day}時点)`;
  return `${written} (as of ${day})`;
}

function oneDayMessage(anchor: DateAnchor, shown: string, replacement: string, day: string): Text {
  switch (anchor.source) {
    case 'section':
      return msg('"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write "{1}" (counted from {2}, the date of its section).', shown, replacement, day);
    case 'file-name':
      return msg('"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write "{1}" (counted from {2}, the date in the file name).', shown, replacement, day);
    case 'frontmatter':
      return msg('"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write "{1}" (counted from {2}, the memory\'s {3}).', shown, replacement, day, anchor.key ?? '');
    case 'index-entry':
      return msg('"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write "{1}" (counted from {2}, the date of the memory this entry lists).', shown, replacement, day);
    case 'history':
      return msg('"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write "{1}" (counted from {2}, when git records this line was written).', shown, replacement, day);
    case 'typed':
      return msg('"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write "{1}" (counted from {2}, when you typed it).', shown, replacement, day);
    case 'modified-time':
      return msg('"{0}" is a relative date: it points elsewhere once the memory is read on another day. Write the absolute date: "{1}" if it was written on {2}, when the file was last modified (nothing in its text or history dates it, so this is a guess).', shown, replacement, day);
  }
}

function ambiguousMessage(anchor: DateAnchor, shown: string, day: string, thisWeek: string, nextWeek: string): Text {
  switch (anchor.source) {
    case 'section':
      return msg('"{0}" is a relative date, and ambiguous: counted from {1}, the date of its section, it is "{2}" (this week\'s) or "{3}" (next week\'s). Write the date meant.', shown, day, thisWeek, nextWeek);
    case 'file-name':
      return msg('"{0}" is a relative date, and ambiguous: counted from {1}, the date in the file name, it is "{2}" (this week\'s) or "{3}" (next week\'s). Write the date meant.', shown, day, thisWeek, nextWeek);
    case 'frontmatter':
      return msg('"{0}" is a relative date, and ambiguous: counted from {1}, the memory\'s {4}, it is "{2}" (this week\'s) or "{3}" (next week\'s). Write the date meant.', shown, day, thisWeek, nextWeek, anchor.key ?? '');
    case 'index-entry':
      return msg('"{0}" is a relative date, and ambiguous: counted from {1}, the date of the memory this entry lists, it is "{2}" (this week\'s) or "{3}" (next week\'s). Write the date meant.', shown, day, thisWeek, nextWeek);
    case 'history':
      return msg('"{0}" is a relative date, and ambiguous: counted from {1}, when git records this line was written, it is "{2}" (this week\'s) or "{3}" (next week\'s). Write the date meant.', shown, day, thisWeek, nextWeek);
    case 'typed':
      return msg('"{0}" is a relative date, and ambiguous: counted from {1}, when you typed it, it is "{2}" (this week\'s) or "{3}" (next week\'s). Write the date meant.', shown, day, thisWeek, nextWeek);
    case 'modified-time':
      return msg('"{0}" is a relative date, and ambiguous: if it was written on {1}, when the file was last modified (a guess), it is "{2}" (this week\'s) or "{3}" (next week\'s). Write the date meant.', shown, day, thisWeek, nextWeek);
  }
}
