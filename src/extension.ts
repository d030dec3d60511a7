import * as vscode from 'vscode';
import { resolveTypeSet, type TypeSet } from './core';
import { Commands, ContextKeys } from './commands';
import { registerCreateMemoryFolder } from './features/commands/createMemoryFolder';
import type { ProblemsService } from './features/diagnostics/problemsService';
import { registerDiagnostics } from './features/diagnostics/registerDiagnostics';
import { registerMemoryEditor, type MemoryEditors } from './features/editor/registerMemoryEditor';
import { memoryEditorDeps } from './features/editor/workspaceDeps';
import { OwnFileMoves } from './features/fileEdits';
import type { BacklinksProvider } from './features/links/backlinksView';
import { registerLinks } from './features/links/registerLinks';
import { discoverRoots } from './features/roots/discoverRoots';
import { MemoryWorkspace } from './features/roots/memoryWorkspace';
import type { MemoryTreeProvider } from './features/tree/memoryTreeProvider';
import { registerMemoryTree } from './features/tree/registerMemoryTree';
import { indexLensDeps, registerIndexLens } from './features/indexLens/registerIndexLens';

/** What activation returns: the integration tests read the user-visible tree through it. */
export interface MemoryShelfApi {
  readonly workspace: MemoryWorkspace;
  readonly tree: MemoryTreeProvider;
  readonly backlinks: BacklinksProvider;
  readonly problems: ProblemsService;
  readonly editors: MemoryEditors;
}

/** Composition root: wires the features and returns at once; roots load in the background. */
export function activate(context: vscode.ExtensionContext): MemoryShelfApi {
  const typeSet = (): TypeSet => {
    const config = vscode.workspace.getConfiguration('memoryShelf');
    return resolveTypeSet(config.get<string>('types.preset'), config.get<unknown[]>('types.custom'));
  };
  const workspace = new MemoryWorkspace(discoverRoots);
  const ownMoves = new OwnFileMoves();
  const diagnostics = registerDiagnostics(workspace, typeSet, ownMoves);
  const tree = registerMemoryTree(workspace, typeSet);
  const links = registerLinks(workspace, typeSet, ownMoves);
  const editor = registerMemoryEditor(memoryEditorDeps(context.extensionUri, workspace, diagnostics.service, typeSet));
  const reload = async (): Promise<void> => {
    await workspace.reload();
    await vscode.commands.executeCommand('setContext', ContextKeys.hasRoots, workspace.roots.length > 0);
    await vscode.commands.executeCommand('setContext', ContextKeys.ready, true);
  };

  context.subscriptions.push(
    workspace,
    diagnostics.disposable,
    tree.disposable,
    links.disposable,
    editor.disposable,
    registerCreateMemoryFolder(reload),
    registerIndexLens(indexLensDeps({ workspace, problems: diagnostics.service, tree, typeSet })),
    vscode.commands.registerCommand(Commands.refresh, reload),
    vscode.commands.registerCommand(Commands.openMemory, (uri: vscode.Uri) => vscode.window.showTextDocument(uri, { preview: true })),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('memoryShelf.roots') || event.affectsConfiguration('memoryShelf.autoMemory')) void reload();
      else if (event.affectsConfiguration('memoryShelf.types')) tree.provider.refresh();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void reload()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void reload()),
    watchForNewRoots(workspace, reload),
  );
  void reload();
  return { workspace, tree: tree.provider, backlinks: links.backlinks, problems: diagnostics.service, editors: editor.editors };
}

/** A `memory/` folder that appears later (an agent's first write) becomes a root without a reload. */
function watchForNewRoots(workspace: MemoryWorkspace, reload: () => Promise<void>): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher('**/memory/*.md', false, true, true);
  let pending: ReturnType<typeof setTimeout> | undefined;
  watcher.onDidCreate((uri) => {
    if (workspace.rootOf(uri)) return;
    clearTimeout(pending);
    pending = setTimeout(() => void reload(), 300);
  });
  return vscode.Disposable.from(watcher, new vscode.Disposable(() => clearTimeout(pending)));
}

export function deactivate(): void {}
