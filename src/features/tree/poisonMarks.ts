import * as vscode from 'vscode';
import { escapeMarkdown, isPoisonCode, ProblemCode } from '../../core';
import { diagnosticCode, DIAGNOSTIC_SOURCE } from '../../workspace/problems/toDiagnostic';

/**
 * The poisoning findings (hidden text, channel markup, planted instructions) of a file as VS Code
 * shows them: read from the published diagnostics, so a rule the user turned off marks nothing.
 */
export function poisonFindings(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE && isPoisonCode(diagnosticCode(diagnostic) as ProblemCode));
}

/**
 * Marks a memory row that holds poisoning: a red shield for its icon, what it holds first in its
 * description, and each finding (line and message; messages name characters, never print them) on top
 * of its hover. Returns whether it marked anything.
 */
export function markPoisoned(item: vscode.TreeItem, findings: readonly vscode.Diagnostic[]): boolean {
  if (findings.length === 0) return false;
  item.iconPath = new vscode.ThemeIcon('shield', new vscode.ThemeColor('errorForeground'));
  const label = poisonLabel(findings);
  item.description = item.description ? `${label} · ${item.description as string}` : label;
  const shown = findings.slice(0, MAX_SHOWN).map((finding) => `- ${vscode.l10n.t('Line {0}: {1}', finding.range.start.line + 1, escapeMarkdown(finding.message))}`);
  const lines = [`$(shield) **${escapeMarkdown(vscode.l10n.t('Memory poisoning: text the agent would read as instructions.'))}**`, shown.join('\n')];
  if (findings.length > MAX_SHOWN) lines.push(escapeMarkdown(vscode.l10n.t('and {0} more in the Problems panel', findings.length - MAX_SHOWN)));
  const rest = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : '';
  item.tooltip = new vscode.MarkdownString(`${lines.join('\n\n')}\n\n${rest}`, true);
  return true;
}

const MAX_SHOWN = 3;

function poisonLabel(findings: readonly vscode.Diagnostic[]): string {
  const codes = new Set(findings.map((finding) => diagnosticCode(finding)));
  if (codes.has(ProblemCode.PlantedInstruction)) return vscode.l10n.t('planted instruction');
  if (codes.has(ProblemCode.ChannelMarkup)) return vscode.l10n.t('channel markup');
  return vscode.l10n.t('hidden text');
}
