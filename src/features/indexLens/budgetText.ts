import * as vscode from 'vscode';
import { characterCount, lineCount } from '../../workspace/display/counts';
import { Commands } from '../../commands';
import type { IndexLoadWay, LoadBudget } from '../../core';
import { formatNumber } from './indexState';

/**
 * "212 / 200 lines · 9,876 / 25,000 characters load at session start", said as the root's load
 * statement (core's IndexLoadWay) says it: an imported index loads whole and is not cut; an index
 * nothing loads is measured against the limit it would have as an auto memory index, and says so.
 */
export function budgetLensTitle(budget: LoadBudget, way: IndexLoadWay): string {
  const counts = budgetCounts(budget, way);
  if (way === 'imported') return `$(check) ${counts}`;
  // Nothing is cut of an index nothing loads: no warning, whatever its size (issue #40).
  if (way === 'not-loaded') return `$(circle-slash) ${counts}${budget.cutLine === undefined ? '' : ` · ${cutSentence(budget, way)}`}`;
  if (budget.cutLine === undefined) return `$(check) ${counts}`;
  return `$(warning) ${counts} · ${cutSentence(budget, way)}`;
}

/** The counts and whether they load, without icon. */
export function budgetCounts(budget: LoadBudget, way: IndexLoadWay): string {
  const lines = formatNumber(budget.lines);
  const characters = formatNumber(budget.characters);
  const maxLines = formatNumber(budget.limits.maxLines);
  const maxChars = formatNumber(budget.limits.maxChars);
  switch (way) {
    case 'entrypoint':
      return vscode.l10n.t('{0} / {1} lines · {2} / {3} characters load at session start', lines, maxLines, characters, maxChars);
    case 'imported':
      return vscode.l10n.t('{0} load at session start, the whole file (imported by a CLAUDE.md)', `${lineCount(budget.lines, lines)} · ${characterCount(budget.characters, characters)}`);
    case 'not-loaded':
      return vscode.l10n.t('{0} / {1} lines · {2} / {3} characters · not loaded at session start', lines, maxLines, characters, maxChars);
  }
}

/** Where loading stops (or, for an index nothing loads, where the limit would stop it), in a few words. */
export function cutSentence(budget: LoadBudget, way: IndexLoadWay = 'entrypoint'): string {
  if (budget.cutLine === undefined || way === 'imported') return vscode.l10n.t('everything loads');
  const line = formatNumber(budget.cutLine + 1);
  if (way === 'not-loaded') return vscode.l10n.t('past the limit from line {0}', line);
  if (budget.cutPartly) return vscode.l10n.t('loading stops inside line {0} (character limit)', line);
  return budget.cutBy === 'lines'
    ? vscode.l10n.t('loading stops before line {0} (line limit)', line)
    : vscode.l10n.t('loading stops before line {0} (character limit)', line);
}

/** What is not loaded: the entries past the cut. */
export function cutEntriesSentence(budget: LoadBudget): string {
  const count = budget.cutEntries.length;
  if (count === 0) return vscode.l10n.t('No entry is cut, only text after the last entry.');
  return count === 1 ? vscode.l10n.t('1 entry is not loaded:') : vscode.l10n.t('{0} entries are not loaded:', formatNumber(count));
}

/** The commands {@link overBudgetActions} links to, for the hover's `isTrusted`. */
export const OVER_BUDGET_COMMANDS: readonly string[] = [Commands.indexSort, Commands.indexUpdateHooks];

/** Command links that bring what is cut back inside the limit, for a hover that can run commands. */
export function overBudgetActions(root: vscode.Uri): string {
  const link = (command: string, args: unknown[]): string => `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
  return [
    `[${vscode.l10n.t('Sort by recency')}](${link(Commands.indexSort, [root, 'recency'])} "${vscode.l10n.t('Newest first, so what changed last stays inside the load budget.')}")`,
    `[${vscode.l10n.t('Update hooks')}](${link(Commands.indexUpdateHooks, [root])} "${vscode.l10n.t('Shorter hooks taken from the descriptions')}")`,
  ].join(' · ');
}
