import * as vscode from 'vscode';
import { INDEX_FILE_NAME } from '../../core';
import { Commands } from '../../commands';
import { uriExists } from '../../workspace/fs';
import { landsInside } from '../../workspace/realPathBoundary';
import type { Services } from '../../workspace/services';

const INDEX_TEMPLATE = '# Memory index\n';

/**
 * Creates `memory/MEMORY.md` in a workspace folder (asking which one in a multi-root window). An
 * existing index is opened, never overwritten; a `memory` link leading out of the workspace folder
 * is not written through. Asked with `offerLoad` (the welcome view), it says the new folder does not
 * load until CLAUDE.md imports it and offers that import; a caller that adds the import itself
 * (Promote) does not ask.
 */
export function registerCreateMemoryFolder(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.createMemoryFolder, async (target?: vscode.Uri | null, options?: { readonly offerLoad?: boolean }) => {
    const folder = target ? vscode.workspace.getWorkspaceFolder(target) : await pickWorkspaceFolder();
    if (!folder) {
      if (!vscode.workspace.workspaceFolders?.length) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: the memory folder is created inside it.'));
      }
      return undefined;
    }
    const memory = vscode.Uri.joinPath(folder.uri, 'memory');
    const index = vscode.Uri.joinPath(memory, INDEX_FILE_NAME);
    if (!(await uriExists(index))) {
      if (!(await landsInside(folder.uri, index))) {
        void vscode.window.showErrorMessage(vscode.l10n.t('{0} is a link that leads out of the workspace folder; no memory folder was created there.', memory.fsPath || memory.toString()));
        return undefined;
      }
      const created = await services.edits.apply(() => [{ root: memory, edits: [{ kind: 'create', path: INDEX_FILE_NAME, content: INDEX_TEMPLATE }] }]);
      if (created !== 'applied') return undefined;
      if (options?.offerLoad) offerLoad(memory);
    }
    await services.roots.reload();
    await vscode.window.showTextDocument(index);
    return index;
  });
}

/** A new memory/ is read by nothing until a CLAUDE.md imports its index: said at once, with the import offered. */
function offerLoad(memory: vscode.Uri): void {
  const load = vscode.l10n.t('Load in Claude Code');
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Created memory/MEMORY.md. Claude Code does not load it until CLAUDE.md imports it.'),
    load,
  ).then(async (answer) => {
    if (answer === load) await vscode.commands.executeCommand(Commands.importIndex, memory);
  });
}

async function pickWorkspaceFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Where should the memory folder be created?') });
}
