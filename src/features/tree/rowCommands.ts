import * as vscode from 'vscode';

/**
 * What a click on a row runs. Only VS Code's own API commands (`vscode.open`) or commands without
 * arguments: VS Code keeps any other command's arguments in the extension host under an id that a
 * refresh of the row throws away, so a row clicked while the tree refreshes (an agent writing, a check
 * finishing) ran into "Actual command not found". `vscode.open`'s arguments are sent with the row itself.
 */
export function openCommand(uri: vscode.Uri): vscode.Command {
  return { command: 'vscode.open', title: vscode.l10n.t('Open Memory'), arguments: [uri, { preview: true } satisfies vscode.TextDocumentShowOptions] };
}
