import * as vscode from 'vscode';
import { Commands } from '../../commands';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { PREVIEW_SCHEME, SessionPreviewDocuments } from './previewDocuments';
import { SessionPreviewPanels } from './previewPanel';
import { recallCheck } from './recallCheck';

/** A tree node the root's buttons pass: only its root matters here. */
function rootOf(argument: unknown): MemoryRoot | undefined {
  const node = argument as { kind?: unknown; root?: MemoryRoot } | undefined;
  return node && node.kind === 'root' && node.root ? node.root : undefined;
}

/**
 * The session preview (what Claude Code loads at session start): a panel to read, and the same as a
 * Markdown document to copy; and the recall check.
 */
export function registerSessionPreview(services: Services, extensionUri: vscode.Uri): vscode.Disposable {
  const documents = new SessionPreviewDocuments(services);
  const panels = new SessionPreviewPanels(services, extensionUri, (found) => documents.watchSources(found));
  return vscode.Disposable.from(
    documents,
    panels,
    documents.onDidChangeSources(() => panels.refreshAll()),
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, documents),
    // Resolves to the panel, so a test reads what it lists as a person would see it.
    vscode.commands.registerCommand(Commands.sessionPreview, async (argument?: unknown) => {
      const folder = await folderFor(argument);
      return folder ? panels.show(folder) : undefined;
    }),
    vscode.commands.registerCommand(Commands.sessionPreviewMarkdown, async (argument?: unknown) => {
      const folder = await folderFor(argument);
      if (!folder) return undefined;
      const document = await vscode.workspace.openTextDocument(SessionPreviewDocuments.uriFor(folder));
      await vscode.languages.setTextDocumentLanguage(document, 'markdown');
      await vscode.window.showTextDocument(document, { preview: false });
      return document.uri;
    }),
    vscode.commands.registerCommand(Commands.recallCheck, (argument?: unknown) => recallCheck(services, rootOf(argument))),
  );
}

/** The workspace folder whose session start is asked for: a folder given, the folder holding a root, the one open, or the one chosen. */
async function folderFor(argument: unknown): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const root = rootOf(argument);
  const given = argument instanceof vscode.Uri ? argument : root?.uri;
  const holding = given ? vscode.workspace.getWorkspaceFolder(given) : undefined;
  if (holding) return holding;
  if (folders.length <= 1) {
    if (folders.length === 0) void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: the session preview shows what Claude Code loads when it starts in a folder.'));
    return folders[0];
  }
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Preview the session start of which folder?') });
}
