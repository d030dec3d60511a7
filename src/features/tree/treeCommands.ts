import * as vscode from 'vscode';
import { displayName, singleLine } from '../../core';
import { Commands, Views } from '../../commands';
import type { Services } from '../../workspace/services';
import { targetMemoryOrActive, targetRoot, type CommandTarget } from '../../workspace/commandTargets';

/**
 * The tree's context-menu commands on a memory and a root. Each takes the node (or URI) it was invoked
 * on; from the palette (nothing) the memory is the active editor's.
 */
export function registerTreeCommands(services: Services): vscode.Disposable {
  const memoryAt = (target: CommandTarget): { uri: vscode.Uri; name: string } | undefined => {
    const found = targetMemoryOrActive(services, target);
    return found && { uri: found.uri, name: displayName(found.memory) };
  };
  const uriOf = (target: CommandTarget): vscode.Uri | undefined => (target && !(target instanceof vscode.Uri) && target.kind === 'root' ? targetRoot(services, target)?.uri : memoryAt(target)?.uri);
  return vscode.Disposable.from(
    // Resolves once the rules have run too, so whoever refreshes (a test, a script) reads final diagnostics.
    vscode.commands.registerCommand(Commands.refresh, async () => {
      await services.roots.reload();
      await services.problems.whenChecked();
    }),
    vscode.commands.registerCommand(Commands.openMemory, (uri: vscode.Uri) => vscode.window.showTextDocument(uri, { preview: true })),
    vscode.commands.registerCommand(Commands.openToSide, async (node?: CommandTarget) => {
      const memory = memoryAt(node);
      if (memory) await vscode.window.showTextDocument(memory.uri, { viewColumn: vscode.ViewColumn.Beside, preview: false });
    }),
    vscode.commands.registerCommand(Commands.revealInExplorer, async (node?: CommandTarget) => {
      const uri = uriOf(node);
      if (uri) await vscode.commands.executeCommand('revealInExplorer', uri);
    }),
    vscode.commands.registerCommand(Commands.revealInOS, async (node?: CommandTarget) => {
      const uri = uriOf(node);
      if (uri) await vscode.commands.executeCommand('revealFileInOS', uri);
    }),
    vscode.commands.registerCommand(Commands.copyName, async (node?: CommandTarget) => {
      const memory = memoryAt(node);
      // A name is the file's text: a line break in it would put two lines (a command, say) on the clipboard.
      if (memory) await vscode.env.clipboard.writeText(singleLine(memory.name));
    }),
    vscode.commands.registerCommand(Commands.copyLink, async (node?: CommandTarget) => {
      const memory = memoryAt(node);
      if (memory) await vscode.env.clipboard.writeText(`[[${singleLine(memory.name)}]]`);
    }),
    // The one rename of a memory: the tree's menu, the palette and the form's name field all run it.
    vscode.commands.registerCommand(Commands.renameMemory, async (node?: CommandTarget, newName?: string) => renameMemory(services, memoryAt(node)?.uri, newName)),
    vscode.commands.registerCommand(Commands.showBacklinks, async (node?: CommandTarget) => {
      const memory = memoryAt(node);
      if (!memory) return;
      // The Backlinks view follows the active memory: open it (kept in the background) and show the view.
      await vscode.window.showTextDocument(memory.uri, { preview: true, preserveFocus: true });
      await vscode.commands.executeCommand(`${Views.backlinks}.focus`);
    }),
  );
}

/**
 * The F2 rename, started from the tree: asks the new name and applies what the rename provider plans
 * (name, file, every link and the index) through the one edit path.
 */
async function renameMemory(services: Services, uri: vscode.Uri | undefined, givenName?: unknown): Promise<void> {
  if (!uri) return;
  const document = await vscode.workspace.openTextDocument(uri);
  services.documents.flush(document);
  const memory = services.documents.current(document)?.memory;
  const field = memory?.frontmatter.fields.get('name');
  if (!memory || !field) {
    void vscode.window.showInformationMessage(vscode.l10n.t('This memory has no name to rename.'));
    return;
  }
  const current = displayName(memory);
  // From the tree, VS Code passes the selection second: only a string is a name given.
  const newName = typeof givenName === 'string' ? givenName : await vscode.window.showInputBox({
    title: vscode.l10n.t('Rename memory "{0}"', current),
    prompt: vscode.l10n.t('Every [[link]] to it, its file name and its index line follow the new name.'),
    value: current,
    valueSelection: [0, current.length],
  });
  if (!newName || newName.trim() === current) return;
  const position = new vscode.Position(field.valueRange.start.line, field.valueRange.start.character);
  try {
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit | undefined>('vscode.executeDocumentRenameProvider', uri, position, newName.trim());
    if (edit && edit.size > 0) await services.edits.applyPrepared(edit, { isRefactoring: true });
  } catch (error) {
    void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
  }
}
