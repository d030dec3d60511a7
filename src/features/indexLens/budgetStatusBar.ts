import * as vscode from 'vscode';
import { escapeMarkdown } from '../../core';
import { Commands } from '../../commands';
import type { Services } from '../../workspace/services';
import { activeRoot, budgetOf, formatNumber } from './indexState';
import { budgetCounts, cutEntriesSentence, cutSentence, OVER_BUDGET_COMMANDS, overBudgetActions } from './budgetText';

/** From this share of either limit the item turns to the warning colour. */
const WARNING_USAGE = 0.9;

/** What the status bar shows, readable by tests through {@link Commands.indexBudgetStatus}. */
export interface BudgetStatus {
  readonly visible: boolean;
  readonly text: string;
  readonly tooltip: string;
  readonly level: 'ok' | 'warning' | 'error';
  readonly rootUri: string | undefined;
}

/** The active root's load budget in the status bar; a click opens its MEMORY.md (or offers to create it). */
export class BudgetStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('memoryShelf.indexBudget', vscode.StatusBarAlignment.Left, 50);
  private status: BudgetStatus = { visible: false, text: '', tooltip: '', level: 'ok', rootUri: undefined };

  constructor(private readonly services: Services) {
    this.item.name = vscode.l10n.t('MEMORY.md load budget');
  }

  get current(): BudgetStatus {
    return this.status;
  }

  refresh(): void {
    const root = activeRoot(this.services);
    if (!root) {
      this.status = { visible: false, text: '', tooltip: '', level: 'ok', rootUri: undefined };
      this.item.hide();
      return;
    }
    const state = budgetOf(this.services, root);
    if (!state) {
      this.show({
        visible: true,
        text: `$(book) ${vscode.l10n.t('No MEMORY.md')}`,
        tooltip: vscode.l10n.t('{0} has no MEMORY.md: Claude Code does not know which memories exist. Click to create it from the files.', escapeMarkdown(root.info.label)),
        level: 'warning',
        rootUri: root.uri.toString(),
      }, { title: '', command: Commands.indexCreate, arguments: [root.uri] });
      return;
    }
    const { budget, index } = state;
    const way = root.info.load.index;
    // Only an entrypoint index is cut or near its cut: one imported loads whole, one nothing loads has nothing cut (issue #40).
    const cut = way === 'entrypoint' && budget.cutLine !== undefined;
    const level = cut ? 'error' : way === 'entrypoint' && budget.usage >= WARNING_USAGE ? 'warning' : 'ok';
    const percent = formatNumber(Math.round(budget.usage * 100));
    const tooltip = [
      `**${escapeMarkdown(root.info.label)}** · MEMORY.md`,
      budgetCounts(budget, way),
    ];
    if (way !== 'entrypoint') tooltip.push(escapeMarkdown(root.info.load.detail));
    if (way === 'not-loaded' && budget.cutLine !== undefined) tooltip.push(vscode.l10n.t('Loaded as an auto memory index, it would stop before line {0}.', formatNumber(budget.cutLine + 1)));
    if (cut) {
      tooltip.push(`${cutSentence(budget, way)}. ${cutEntriesSentence(budget)}`);
      const titles = budget.cutEntries.map((line) => index.entries.find((entry) => entry.line === line)?.title ?? '').filter(Boolean);
      const shown = titles.slice(0, 8).map((title) => `- ${escapeMarkdown(title)}`);
      if (titles.length > shown.length) shown.push(`- ${vscode.l10n.t('and {0} more', formatNumber(titles.length - shown.length))}`);
      tooltip.push(shown.join('\n'));
      tooltip.push(overBudgetActions(root.uri));
    } else if (way === 'entrypoint') {
      tooltip.push(vscode.l10n.t('Everything loads at session start.'));
    }
    // With several roots, "MEMORY.md 28%" alone does not say whose index it is.
    const several = this.services.roots.roots.length > 1;
    // A share of a limit that does not apply reads as a warning: an index nothing loads says so instead.
    const said = way === 'not-loaded'
      ? several ? vscode.l10n.t('{0} · MEMORY.md not loaded', root.info.label) : vscode.l10n.t('MEMORY.md not loaded')
      : several ? vscode.l10n.t('{0} · MEMORY.md {1}%', root.info.label, percent) : vscode.l10n.t('MEMORY.md {0}%', percent);
    this.show({
      visible: true,
      text: `$(book) ${said}`,
      tooltip: tooltip.join('\n\n'),
      level,
      rootUri: root.uri.toString(),
    }, { title: '', command: Commands.indexOpen, arguments: [root.uri] });
  }

  private show(status: BudgetStatus, command: vscode.Command): void {
    this.status = status;
    this.item.text = status.text;
    const tooltip = new vscode.MarkdownString(status.tooltip, true);
    tooltip.isTrusted = { enabledCommands: [...OVER_BUDGET_COMMANDS] };
    this.item.tooltip = tooltip;
    this.item.command = command;
    this.item.backgroundColor = status.level === 'ok' ? undefined : new vscode.ThemeColor(status.level === 'error' ? 'statusBarItem.errorBackground' : 'statusBarItem.warningBackground');
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
