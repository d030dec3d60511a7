import * as vscode from 'vscode';
import type { LoadBudget } from '../../core';
import { formatNumber } from './indexState';

/** "212 / 200 lines · 9,876 / 25,000 characters load at session start" */
export function budgetLensTitle(budget: LoadBudget): string {
  const counts = vscode.l10n.t('{0} / {1} lines · {2} / {3} characters load at session start',
    formatNumber(budget.lines), formatNumber(budget.limits.maxLines), formatNumber(budget.characters), formatNumber(budget.limits.maxChars));
  if (budget.cutLine === undefined) return `$(check) ${counts}`;
  return `$(warning) ${counts} · ${cutSentence(budget)}`;
}

/** Where loading stops, in a few words. */
export function cutSentence(budget: LoadBudget): string {
  if (budget.cutLine === undefined) return vscode.l10n.t('everything loads');
  const line = formatNumber(budget.cutLine + 1);
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
