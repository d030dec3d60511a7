import * as vscode from 'vscode';
import { Commands } from '../../commands';
import { targetFile, type CommandTarget } from '../../workspace/commandTargets';
import { memoryTitle } from '../../workspace/display/memoryTitle';
import { restoreVersion } from '../../workspace/history/restoreVersion';
import type { Services } from '../../workspace/services';
import { registerDiffRestore } from './diffRestore';
import { registerTimeline, type TimelineItemLike } from './timeline';
import { historyFile, versionRows, type VersionRef, type VersionRow } from './versionList';

/**
 * A memory's versions: in VS Code's Timeline view where this VS Code lets an extension add to it, and
 * everywhere through "Show History" (the palette, the tree); each version opens as a diff against the
 * file now and can be restored, from its row or from the diff's title bar.
 */
export function registerHistory(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    registerTimeline(services),
    registerDiffRestore(services),
    vscode.commands.registerCommand(Commands.historyOpenVersion, (ref: VersionRef) => openVersion(services, ref)),
    vscode.commands.registerCommand(Commands.historyRestoreVersion, async (item?: TimelineItemLike | VersionRef) => {
      const ref = item && ('memoryShelfVersion' in item ? item.memoryShelfVersion : item);
      if (!ref || !('hash' in ref) || !ref.hash) return false;
      const root = services.roots.rootAt(vscode.Uri.parse(ref.root));
      if (!root) return false;
      const result = await restoreVersion(services, root, ref.path, ref.hash);
      if (result === 'missing') void vscode.window.showErrorMessage(vscode.l10n.t('This version of "{0}" is no longer in the history.', ref.path));
      return result === 'applied';
    }),
    vscode.commands.registerCommand(Commands.historyShow, async (target?: CommandTarget) => showHistory(services, target)),
  );
}

/** The version beside the file as it is now (or alone, when the file is gone). */
export async function openVersion(services: Services, ref: VersionRef): Promise<void> {
  const root = services.roots.rootAt(vscode.Uri.parse(ref.root));
  if (!root || !ref.hash) return;
  const before = services.historyTexts.uriOf(root, ref.path, ref.hash);
  if (!root.store.get(ref.path) && root.heldText(ref.path) === undefined) {
    await vscode.window.showTextDocument(before, { preview: true });
    return;
  }
  await vscode.commands.executeCommand('vscode.diff', before, root.uriOf(ref.path), vscode.l10n.t('{0} (this version ↔ now)', ref.path));
}

/** A quick pick of the memory's versions: pick one to see its diff, or restore it with the row's button. */
async function showHistory(services: Services, target: CommandTarget): Promise<void> {
  const uri = target ? targetFile(services, target)?.uri : vscode.window.activeTextEditor?.document.uri;
  const found = historyFile(services, uri);
  if (!found) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a memory to see its history.'));
    return;
  }
  if (!services.history.enabled) {
    void vscode.window.showInformationMessage(vscode.l10n.t('The history is off (memoryShelf.history.enabled).'));
    return;
  }
  const rows = await versionRows(services, found.root, found.path);
  if (rows.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No version of "{0}" is recorded yet.', found.path));
    return;
  }
  const restore = { iconPath: new vscode.ThemeIcon('discard'), tooltip: vscode.l10n.t('Restore This Version') };
  type Pick = vscode.QuickPickItem & { readonly row: VersionRow };
  const picker = vscode.window.createQuickPick<Pick>();
  // Named as the tree names it, with the file beside it: the versions are the file's.
  const memory = found.root.store.get(found.path);
  picker.title = vscode.l10n.t('History of {0}', memory ? `${memoryTitle(found.root, memory)} (${found.path})` : found.path);
  picker.items = rows.map((row) => ({
    label: `$(${row.icon.id}) ${row.label}`,
    description: new Date(row.version.time).toLocaleString(vscode.env.language),
    ...(row.description ? { detail: row.description } : {}),
    buttons: row.version.hash ? [restore] : [],
    row,
  }));
  const done = new Promise<void>((resolve) => {
    picker.onDidAccept(() => {
      const picked = picker.selectedItems[0];
      picker.hide();
      if (picked?.row.version.hash) void openVersion(services, picked.row.ref);
    });
    picker.onDidTriggerItemButton((event) => {
      picker.hide();
      void vscode.commands.executeCommand(Commands.historyRestoreVersion, event.item.row.ref);
    });
    picker.onDidHide(() => {
      picker.dispose();
      resolve();
    });
  });
  picker.show();
  await done;
}
