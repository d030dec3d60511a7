import * as vscode from 'vscode';
import { Commands } from '../../commands';
import { targetRoot, type CommandTarget } from '../../workspace/commandTargets';
import type { Services } from '../../workspace/services';

/**
 * New Memory from the view's title bar. VS Code hands the title bar's command the focused row, which
 * the person may have clicked for another reason: with several roots, the folder is asked (the focused
 * row's first), never taken unasked. A row's own New Memory (its context menu) keeps its root.
 */
export function registerNewMemoryInView(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.newMemoryInView, async (focused?: CommandTarget): Promise<vscode.Uri | undefined> => {
    await services.roots.ready;
    const roots = services.roots.roots;
    if (roots.length <= 1) return vscode.commands.executeCommand<vscode.Uri | undefined>(Commands.newMemory);
    const first = (focused && targetRoot(services, focused)) ?? roots[0];
    const ordered = [first, ...roots.filter((root) => root !== first)];
    const picked = await vscode.window.showQuickPick(ordered.map((root) => ({ label: root.info.label, description: root.info.load.short ?? root.info.load.detail, detail: root.uri.fsPath || root.uri.toString(), root })), {
      title: vscode.l10n.t('New memory'),
      placeHolder: vscode.l10n.t('Which memory folder?'),
    });
    return picked ? vscode.commands.executeCommand<vscode.Uri | undefined>(Commands.newMemory, { kind: 'root', root: picked.root }) : undefined;
  });
}
