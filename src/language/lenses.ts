import { entryLenses, INDEX_FILE_NAME, loadBudget, msg, type EntryIssue, type EntryLens, type IndexBudget, type IndexLoadWay, type LoadBudget, type Text } from '../core';
import type { DocumentModel } from './documentModel';
import type { StoreRoot } from './navigation';

/** A translatable sentence whose arguments may be sentences of their own (said one after another, joined by " · "). */
export interface Sentence {
  readonly template: string;
  readonly args: readonly (string | number | readonly Sentence[])[];
}

/** One lens over a line of MEMORY.md: what it says, sentence by sentence (a door joins them with " · "), and what about. */
export interface IndexLens {
  readonly line: number;
  readonly title: readonly Sentence[];
  /** What it tells of, for a door that adds an icon or an action to it. */
  readonly about: LensSubject;
}

/** The load budget (on the first line), an entry's memory (its type and backlinks), or what is wrong with an entry. */
export type LensSubject =
  | { readonly kind: 'budget'; readonly budget: LoadBudget; readonly way: IndexLoadWay }
  | { readonly kind: 'memory'; readonly entry: EntryLens }
  | { readonly kind: 'issue'; readonly entry: EntryLens; readonly issue: EntryIssue };

/**
 * Lenses on MEMORY.md, from core's models: the load budget on the first line (said as the root's load
 * way says it), and above each entry the memory's type and backlinks, or what is wrong with the entry.
 * They only say things: what can be done about an entry is a quick fix on its diagnostic. Nothing for
 * any other file.
 */
export function indexLenses(model: DocumentModel<StoreRoot>, limits: IndexBudget, way: IndexLoadWay): IndexLens[] {
  if (model.path !== INDEX_FILE_NAME || !model.index) return [];
  const budget = loadBudget(model.index, limits);
  const lenses: IndexLens[] = [{ line: 0, title: budgetTitle(budget, way), about: { kind: 'budget', budget, way } }];
  for (const entry of entryLenses(model.index, model.root.store)) lenses.push(...entryTitles(entry));
  return lenses;
}

/** A sentence in the door's language: its arguments said first. */
export function say(sentences: readonly Sentence[], translate: (text: Text) => string): string {
  return sentences.map((sentence) => translate({ template: sentence.template, args: sentence.args.map((arg) => (typeof arg === 'object' ? say(arg, translate) : arg)) })).join(' · ');
}

function entryTitles(entry: EntryLens): IndexLens[] {
  const lenses: IndexLens[] = [];
  // A type is the memory's own word, not a sentence to translate.
  if (entry.memory) {
    const title = [entry.memory.type === undefined ? msg('no type') : { template: '{0}', args: [entry.memory.type] }, entry.backlinks === 1 ? msg('1 backlink') : msg('{0} backlinks', entry.backlinks)];
    lenses.push({ line: entry.line, title, about: { kind: 'memory', entry } });
  }
  for (const issue of entry.issues) lenses.push({ line: entry.line, title: [issueTitle(issue)], about: { kind: 'issue', entry, issue } });
  return lenses;
}

function issueTitle(issue: EntryIssue): Sentence {
  switch (issue.kind) {
    case 'missing-file':
      return msg('file missing — create');
    case 'hook-drift':
      return msg('hook differs from the description: {0} → {1}', issue.change.old, issue.change.now);
    case 'duplicate':
      return msg('listed twice (line {0}) — remove', lineNumber(issue.firstLine));
  }
}

/**
 * "212 / 200 lines · 9876 / 25000 characters load at session start · loading stops before line 201 (line limit)",
 * said as the root's load way says it: an imported index loads whole, one nothing loads is cut nowhere (issue #40).
 */
function budgetTitle(budget: LoadBudget, way: IndexLoadWay): Sentence[] {
  if (way === 'imported') {
    const lines = budget.lines === 1 ? msg('1 line') : msg('{0} lines', budget.lines);
    const characters = budget.characters === 1 ? msg('1 character') : msg('{0} characters', budget.characters);
    return [{ template: '{0} load at session start, the whole file (imported by a CLAUDE.md)', args: [[lines, characters]] }];
  }
  if (way === 'not-loaded') {
    const counts = msg('{0} / {1} lines · {2} / {3} characters · not loaded at session start', budget.lines, budget.limits.maxLines, budget.characters, budget.limits.maxChars);
    return budget.cutLine === undefined ? [counts] : [counts, msg('past the limit from line {0}', lineNumber(budget.cutLine))];
  }
  const counts = msg('{0} / {1} lines · {2} / {3} characters load at session start', budget.lines, budget.limits.maxLines, budget.characters, budget.limits.maxChars);
  if (budget.cutLine === undefined) return [counts];
  const line = lineNumber(budget.cutLine);
  const cut = budget.cutPartly
    ? msg('loading stops inside line {0} (character limit)', line)
    : budget.cutBy === 'lines' ? msg('loading stops before line {0} (line limit)', line) : msg('loading stops before line {0} (character limit)', line);
  return [counts, cut];
}

/** A line's number as editors show it ("Ln 1234"): a name, not a count a door writes with grouping. */
function lineNumber(line: number): string {
  return String(line + 1);
}
