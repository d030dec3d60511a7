import * as vscode from 'vscode';
import { Commands } from '../commands';
import { ACTION_SNIPPET } from './actionSnippet';

/** The getting-started walkthrough's own command: its other steps open views and commands that exist anyway. */
export function registerWalkthrough(): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.copyActionSnippet, async () => {
    await vscode.env.clipboard.writeText(ACTION_SNIPPET);
    void vscode.window.showInformationMessage(vscode.l10n.t('Copied a GitHub Actions workflow that checks memory on every pull request. Save it as .github/workflows/memory.yml.'));
  });
}
