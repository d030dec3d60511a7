import * as vscode from 'vscode';
import { Commands } from '../../commands';
import { targetRoot, type CommandTarget } from '../../workspace/commandTargets';
import type { FirstRunChoice } from '../../workspace/review/reviewService';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';

/**
 * The answers to a new root's first-run question, from its row in the tree: Yes (what is there counts
 * as reviewed), No (it all waits under To review), or the row clicked, which asks with both spelt out.
 */
export function registerFirstRunQuestion(services: Services): vscode.Disposable {
  const answer = async (target: CommandTarget, choice: FirstRunChoice | undefined): Promise<boolean> => {
    const root = targetRoot(services, target);
    if (!root || !choice || !services.review.asksFirstRun(root)) return false;
    await services.review.answerFirstRun(root, choice);
    return true;
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.reviewFirstRunYes, (target?: CommandTarget) => answer(target, 'from-now')),
    vscode.commands.registerCommand(Commands.reviewFirstRunNo, (target?: CommandTarget) => answer(target, 'everything')),
    vscode.commands.registerCommand(Commands.reviewFirstRun, async (target?: CommandTarget) => {
      const root = target ? targetRoot(services, target) : await askingRoot(services);
      if (!root) return false;
      const picked = await vscode.window.showQuickPick([
        { label: `$(check) ${vscode.l10n.t('Yes, count them as reviewed')}`, detail: vscode.l10n.t('Only what an agent writes or changes from now on waits under To review.'), choice: 'from-now' as const },
        { label: `$(eye) ${vscode.l10n.t('No, list them under To review')}`, detail: vscode.l10n.t('Every memory in "{0}" waits until you approve it.', root.info.label), choice: 'everything' as const },
      ], { title: vscode.l10n.t('Count the memories already in "{0}" as reviewed?', root.info.label) });
      return answer(root.uri, picked?.choice);
    }),
  );
}

/** The root whose question a click on its row means: the only one still asking, else the one picked. */
async function askingRoot(services: Services): Promise<MemoryRoot | undefined> {
  const asking = services.roots.roots.filter((root) => services.review.asksFirstRun(root));
  if (asking.length <= 1) return asking[0];
  const picked = await vscode.window.showQuickPick(asking.map((root) => ({ label: root.info.label, root })), {
    title: vscode.l10n.t('Which folder\'s question to answer?'),
  });
  return picked?.root;
}
