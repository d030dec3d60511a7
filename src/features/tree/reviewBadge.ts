import * as vscode from 'vscode';
import type { Services } from '../../workspace/services';

/**
 * The count of what waits for review on the view's activity-bar icon, as Source Control shows its
 * changes: To review is easy to miss below many type groups, and the view may be closed.
 */
export function showReviewBadge(services: Services, view: vscode.TreeView<unknown>): vscode.Disposable {
  const update = (): void => {
    const count = services.review.pending().length;
    view.badge = count === 0 ? undefined : {
      value: count,
      tooltip: count === 1 ? vscode.l10n.t('1 memory to review') : vscode.l10n.t('{0} memories to review', count),
    };
  };
  update();
  return services.review.onDidChange(update);
}
