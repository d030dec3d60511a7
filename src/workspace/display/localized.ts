import * as vscode from 'vscode';
import type { Text } from '../../core';

/**
 * A sentence core made, in VS Code's display language. The English template is the key of the l10n
 * bundles, and vscode.l10n.t fills it in as it is where there is no translation, which is core's
 * English message. Without a template (a problem made outside core's rules) the English is shown.
 */
export function localized(text: Text | undefined, english: string): string {
  return text ? vscode.l10n.t(text.template, ...text.args) : english;
}
