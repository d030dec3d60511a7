import type * as vscode from 'vscode';
import { registerCreateMemoryFolder } from './features/commands/createMemoryFolder';
import { registerShowAutoMemoryPath } from './features/commands/showAutoMemoryPath';
import { registerCuration } from './features/curation/registerCuration';
import { registerDiagnostics } from './features/diagnostics/registerDiagnostics';
import { registerMemoryEditor, type MemoryEditors } from './features/editor/registerMemoryEditor';
import { registerIndexLens } from './features/indexLens/registerIndexLens';
import { registerLinks } from './features/links/registerLinks';
import type { BacklinksProvider } from './features/links/backlinksView';
import { registerHistory } from './features/history/registerHistory';
import { registerReview } from './features/review/registerReview';
import { registerSessionPreview } from './features/sessionPreview/registerSessionPreview';
import { registerMemoryTree } from './features/tree/registerMemoryTree';
import type { MemoryTreeProvider } from './features/tree/memoryTreeProvider';
import type { MemoryTreeNode } from './features/tree/treeNodes';
import { registerWalkthrough } from './walkthrough/registerWalkthrough';
import { openHistoryPort } from './workspace/history/storePort';
import { WorkspaceServices, type Services } from './workspace/services';

/** What activation returns: the services, and the two views as the person sees them, for the integration tests. */
export interface MemoryShelfApi extends Services {
  readonly tree: MemoryTreeProvider;
  readonly treeView: vscode.TreeView<MemoryTreeNode>;
  readonly backlinks: BacklinksProvider;
  readonly editors: MemoryEditors;
}

/** Composition root: builds the services once, hands them to every feature, and returns at once; roots load in the background. */
export function activate(context: vscode.ExtensionContext): MemoryShelfApi {
  const services = new WorkspaceServices({
    workspace: context.workspaceState,
    global: context.globalState,
    workspaceFolder: context.storageUri,
    globalFolder: context.globalStorageUri,
  }, openHistoryPort);
  const tree = registerMemoryTree(services, context.workspaceState);
  const links = registerLinks(services);
  const editor = registerMemoryEditor(services, context.extensionUri);
  context.subscriptions.push(
    services,
    registerDiagnostics(services),
    tree,
    links,
    registerCreateMemoryFolder(services),
    registerShowAutoMemoryPath(services),
    registerReview(services),
    registerHistory(services),
    registerCuration(services),
    editor.disposable,
    registerIndexLens(services),
    registerSessionPreview(services, context.extensionUri),
    registerWalkthrough(),
  );
  void services.roots.reload();
  return {
    config: services.config,
    roots: services.roots,
    documents: services.documents,
    problems: services.problems,
    edits: services.edits,
    log: services.log,
    history: services.history,
    historyTexts: services.historyTexts,
    review: services.review,
    tree: tree.provider,
    treeView: tree.view,
    backlinks: links.backlinks,
    editors: editor.editors,
  };
}

export function deactivate(): void {}
