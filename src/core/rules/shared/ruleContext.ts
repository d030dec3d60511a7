import type { MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import type { TypeSet } from '../../memoryTypes';
import type { Problem } from '../../problems';
import type { CalendarDate, RootPath } from '../../types';
import type { IndexLoadWay } from '../../indexLoad';

/** Claude Code loads the first 200 lines or 25,000 characters of MEMORY.md, whichever ends first. */
export interface IndexBudget {
  readonly maxLines: number;
  readonly maxChars: number;
}

export const DEFAULT_INDEX_BUDGET: IndexBudget = { maxLines: 200, maxChars: 25_000 };

/** What every rule may read besides the file it checks. */
export interface RuleContext {
  readonly store: MemoryStore;
  readonly typeSet: TypeSet;
  readonly budget: IndexBudget;
  /**
   * The file's modification time (ms since the epoch) where the adapter knows it: the last anchor
   * for relative dates when the frontmatter has no `modified`/`date`/`updated`.
   */
  readonly modifiedTime: (path: RootPath) => number | undefined;
  /**
   * What version history (git blame) says about each line of a file, where the adapter knows it: the
   * relative-date rule's anchor after the text's own dates and before the modification time. Called
   * only for files with a relative date the text does not date, once per check of that file.
   */
  readonly lineHistory?: (path: RootPath) => LineHistory | undefined;
  /** Documentation files of the root (`README.md`, the `exclude` globs): not memories, never checked. */
  readonly isDocumentation?: (path: RootPath) => boolean;
  /**
   * How Claude Code reads the root's MEMORY.md at session start (default `entrypoint`): only an
   * entrypoint index is cut at the budget, so only there is anything "past the limit, never loaded".
   */
  readonly indexLoad?: IndexLoadWay;
}

/**
 * One line as history last recorded it: its text then, and the day it was written in its author's
 * zone; and, for a line edited in the editor, the parts typed there, each with the day it was typed.
 */
export interface LineRecord {
  readonly text: string;
  /** Absent for a line history does not hold as it reads now, of which only some parts were typed. */
  readonly day?: CalendarDate;
  /**
   * Parts of the line typed in the editor in this window: a relative date among them counts from the
   * day it was typed, whatever the line's other anchors say. Not yet in any history.
   */
  readonly typed?: readonly TypedSpan[];
}

/** Characters `start` to `end` (columns of the line) typed on `day`. */
export interface TypedSpan {
  readonly start: number;
  readonly end: number;
  readonly day: CalendarDate;
}

/** Per 0-based line of a file as history knows it; undefined for a line not committed. */
export type LineHistory = readonly (LineRecord | undefined)[];

/** A file to check by its text alone: a memory (with its parsed form) or MEMORY.md. */
export interface TextRuleInput {
  readonly path: RootPath;
  /** Text without BOM; positions in problems are positions in this text. */
  readonly text: string;
  /** Present for memory files, absent for MEMORY.md. */
  readonly memory?: MemoryFile;
}

/** A rule that reads one file's text (relative dates, secrets). */
export type TextRule = (input: TextRuleInput, context: RuleContext) => Problem[];

const textOnlyRules = new WeakSet<TextRule>();

/**
 * Says that `rule` reads nothing but the text it is given (not the store, the file's time or its
 * history), so its problems for an unchanged text are the ones it found before. MEMORY.md is checked
 * again whenever a listed memory's date changes, for the relative dates of its entries; a rule marked
 * so is not run again over its 20,000 lines for it.
 */
export function readsTextOnly<Rule extends TextRule>(rule: Rule): Rule {
  textOnlyRules.add(rule);
  return rule;
}

export function isTextOnly(rule: TextRule): boolean {
  return textOnlyRules.has(rule);
}

/** Work a rule can do ahead of being run on one text, a part per step; running it afterwards finds that work done. */
export type RulePreparation = (input: TextRuleInput, context: RuleContext) => Iterable<void>;

const preparations = new WeakMap<TextRule, RulePreparation>();

/**
 * Says that `rule`'s reading of a long text (MEMORY.md's 20,000 lines) can be done ahead in parts, so
 * an adapter that must not hold its thread for long runs `preparation` a step at a time first.
 */
export function preparesInSteps<Rule extends TextRule>(rule: Rule, preparation: RulePreparation): Rule {
  preparations.set(rule, preparation);
  return rule;
}

export function preparationOf(rule: TextRule): RulePreparation | undefined {
  return preparations.get(rule);
}
