import * as vscode from 'vscode';
import { displayName, singleLine } from '../../core';
import { Commands } from '../../commands';
import type { Services } from '../../workspace/services';
import type { MemoryTreeNode } from './memoryTreeProvider';

type MemoryNode = Extract<MemoryTreeNode, { kind: 'memory' }>;
type RootNode = Extract<MemoryTreeNode, { kind: 'root' }>;

/**
 * The tree's context-menu commands on a memory and a root. Each takes the node it was invoked on;
 * from the palette (no node) the memory is the active editor's.
 */
export function registerTreeCommands(services: Services): vscode.Disposable {
  const memoryAt = (node?: MemoryTreeNode): { uri: vscode.Uri; name: string } | undefined => {
    if (node?.kind === 'memory') return { uri: node.root.uriOf(node.memory.path), name: displayName(node.memory) };
    const document = vscode.window.activeTextEditor?.document;
    if (!document) return undefined;
    const model = services.documents.current(document);
    return model?.memory ? { uri: document.uri, name: displayName(model.memory) } : undefined;
  };
  const uriOf = (node?: MemoryTreeNode): vscode.Uri | undefined => (node?.kind === 'root' ? (node as RootNode).root.uri : memoryAt(node)?.uri);
  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.openToSide, async (node?: MemoryNode) => {
      const memory = memoryAt(node);
      if (memory) await vscode.window.showTextDocument(memory.uri, { viewColumn: vscode.ViewColumn.Beside, preview: false });
    }),
    vscode.commands.registerCommand(Commands.revealInExplorer, async (node?: MemoryTreeNode) => {
      const uri = uriOf(node);
      if (uri) await vscode.commands.executeCommand('revealInExplorer', uri);
    }),
    vscode.commands.registerCommand(Commands.revealInOS, async (node?: MemoryTreeNode) => {
      const uri = uriOf(node);
      if (uri) await vscode.commands.executeCommand('revealFileInOS', uri);
    }),
    vscode.commands.registerCommand(Commands.copyName, async (node?: MemoryNode) => {
      const memory = memoryAt(node);
      // A name is the file's text: a line break in it would put two lines (a command, say) on the clipboard.
      if (memory) await vscode.env.clipboard.writeText(singleLine(memory.name));
    }),
    vscode.commands.registerCommand(Commands.copyLink, async (node?: MemoryNode) => {
      const memory = memoryAt(node);
      if (memory) await vscode.env.clipboard.writeText(`[[${singleLine(memory.name)}]]`);
    }),
    vscode.commands.registerCommand(Commands.renameMemory, async (node?: MemoryNode, newName?: string) => renameMemory(services, memoryAt(node)?.uri, newName)),
    vscode.commands.registerCommand(Commands.showBacklinks, async (node?: MemoryNode) => {
      const memory = memoryAt(node);
      if (!memory) return;
      // The Backlinks view follows the active memory: open it (kept in the background) and show the view.
      await vscode.window.showTextDocument(memory.uri, { preview: true, preserveFocus: true });
      await vscode.commands.executeCommand('memoryShelf.backlinks.focus');
    }),
  );
}

/**
 * The F2 rename, started from the tree: asks the new name and applies what the rename provider plans
 * (name, file, every link and the index) through the one edit path.
 */
async function renameMemory(services: Services, uri: vscode.Uri | undefined, givenName?: string): Promise<void> {
  if (!uri) return;
  const document = await vscode.workspace.openTextDocument(uri);
  const memory = services.documents.current(document)?.memory;
  const field = memory?.frontmatter.fields.get('name');
  if (!memory || !field) {
    void vscode.window.showInformationMessage(vscode.l10n.t('This memory has no name to rename.'));
    return;
  }
  const current = displayName(memory);
  const newName = givenName ?? await vscode.window.showInputBox({
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
