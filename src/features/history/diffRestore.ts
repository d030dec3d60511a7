import * as vscode from 'vscode';
import { Commands, ContextKeys } from '../../commands';
import { HISTORY_SCHEME } from '../../workspace/history/historyTexts';
import type { Services } from '../../workspace/services';
import type { VersionRef } from './versionList';

/**
 * Restore on the title bar of a diff Show History or the Timeline opened. VS Code gives an editor title
 * command the diff's right side, the file now, so the version is read from the diff's left side; the
 * `when` clause knows such a diff by the paths this keeps in a context key.
 */
export function registerDiffRestore(services: Services): vscode.Disposable {
  const update = (): void => {
    const paths = historyDiffTabs().filter((tab) => tab.isActive).flatMap((tab) => {
      const modified = (tab.input as vscode.TabInputTextDiff).modified;
      // `resourcePath` is the file-system path locally and the URI's path in a remote window (code-server).
      return [...new Set([modified.fsPath, modified.path])];
    });
    void vscode.commands.executeCommand('setContext', ContextKeys.historyDiffs, paths);
  };
  update();
  return vscode.Disposable.from(
    vscode.window.tabGroups.onDidChangeTabs(update),
    vscode.window.tabGroups.onDidChangeTabGroups(update),
    vscode.commands.registerCommand(Commands.historyRestoreShown, async (uri?: vscode.Uri) => {
      const ref = (uri && services.historyTexts.versionOf(uri)) ?? shownVersion(services, uri);
      if (!ref) return false;
      return vscode.commands.executeCommand<boolean>(Commands.historyRestoreVersion, ref satisfies VersionRef);
    }),
  );
}

/** Diff tabs whose left side is a recorded version. */
function historyDiffTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.original.scheme === HISTORY_SCHEME);
}

/** The version on the left of the history diff of `uri` (the active group's first), or of the active diff without one. */
function shownVersion(services: Services, uri: vscode.Uri | undefined): VersionRef | undefined {
  const active = vscode.window.tabGroups.activeTabGroup.activeTab;
  const tabs = historyDiffTabs()
    .filter((tab) => (uri ? (tab.input as vscode.TabInputTextDiff).modified.toString() === uri.toString() : tab === active))
    .sort((a, b) => Number(b === active) - Number(a === active) || Number(b.isActive) - Number(a.isActive));
  const tab = tabs[0];
  return tab && services.historyTexts.versionOf((tab.input as vscode.TabInputTextDiff).original);
}
