import * as vscode from 'vscode';
import { Commands } from '../../commands';
import { describeAutoMemory, lookUpAutoMemory, type AutoMemoryLookup } from '../../workspace/roots/autoMemoryLookup';
import type { Services } from '../../workspace/services';

/** Says where Claude Code keeps this project's auto memory (the welcome view's link), with its path to copy. */
export function registerShowAutoMemoryPath(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.showAutoMemoryPath, async () => {
    const found = await lookUpAutoMemory().catch((error: unknown): AutoMemoryLookup[] => {
      services.log.warn('Could not find where Claude Code keeps the auto memory', error);
      return [];
    });
    if (found.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: Claude Code keeps an auto memory for each project folder.'));
      return undefined;
    }
    const copy = vscode.l10n.t('Copy Path');
    const message = found.map((lookup) => describeAutoMemory(lookup, found.length > 1)).join(' ');
    void vscode.window.showInformationMessage(message, copy).then(async (answer) => {
      if (answer === copy) await vscode.env.clipboard.writeText(found.map((lookup) => lookup.location.path).join('\n'));
    });
    return found.map((lookup) => lookup.location.path);
  });
}
