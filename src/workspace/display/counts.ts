import * as vscode from 'vscode';

// "1 lines" read as a slip: each count says its noun in the number it takes, one phrase per form so a
// translator sees both. `shown` is the number as it is printed (grouped digits), `n` decides the form.

export function lineCount(n: number, shown: string = String(n)): string {
  return n === 1 ? vscode.l10n.t('1 line') : vscode.l10n.t('{0} lines', shown);
}

export function characterCount(n: number, shown: string = String(n)): string {
  return n === 1 ? vscode.l10n.t('1 character') : vscode.l10n.t('{0} characters', shown);
}

export function tokenCount(n: number, shown: string = String(n)): string {
  return n === 1 ? vscode.l10n.t('~1 token') : vscode.l10n.t('~{0} tokens', shown);
}
