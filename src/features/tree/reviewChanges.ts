import * as vscode from 'vscode';
import { escapeMarkdown, markdownCodeBlock, type ChangedLines } from '../../core';

/** What changed since the approved version, as a hover shows it: a diff block, and how many lines it left out. */
export function changesMarkdown(change: ChangedLines): string {
  const title = `**${escapeMarkdown(vscode.l10n.t('What changed since you approved it:'))}**`;
  const block = markdownCodeBlock(change.lines.map((line) => `${line.sign} ${line.text}`).join('\n'), 'diff');
  const more = change.more === 0 ? '' : `\n\n_${escapeMarkdown(change.more === 1
    ? vscode.l10n.t('and 1 more changed line: Show Changes Since Approval opens them all')
    : vscode.l10n.t('and {0} more changed lines: Show Changes Since Approval opens them all', change.more))}_`;
  return `${title}\n\n${block}${more}`;
}
