import * as vscode from 'vscode';
import { Commands } from '../../commands';
import { uriExists } from '../workspaceFs';

const INDEX_TEMPLATE = '# Memory index\n';

/**
 * Creates `memory/MEMORY.md` in a workspace folder (asking which one in a multi-root window). An
 * existing index is opened, never overwritten.
 */
export function registerCreateMemoryFolder(onCreated: () => Promise<void>): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.createMemoryFolder, async (target?: vscode.Uri) => {
    const folder = target ? vscode.workspace.getWorkspaceFolder(target) : await pickWorkspaceFolder();
    if (!folder) {
      if (!vscode.workspace.workspaceFolders?.length) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: the memory folder is created inside it.'));
      }
      return undefined;
    }
    const index = vscode.Uri.joinPath(folder.uri, 'memory', 'MEMORY.md');
    if (!(await uriExists(index))) {
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(folder.uri, 'memory'));
      await vscode.workspace.fs.writeFile(index, new TextEncoder().encode(INDEX_TEMPLATE));
    }
    await onCreated();
    await vscode.window.showTextDocument(index);
    return index;
  });
}

async function pickWorkspaceFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Where should the memory folder be created?') });
}
