import * as vscode from 'vscode';
import { INDEX_FILE_NAME, isKnownType, isMemoryPath, linksTo, type LinkOccurrence, type MemoryFile, type TypeSet } from '../../core';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryWorkspace } from '../roots/memoryWorkspace';
import { typeIcon } from '../tree/typeIcons';
import { memoryTitle, toVsRange } from './linkDocuments';

export const BACKLINKS_VIEW_ID = 'memoryShelf.backlinks';

/** One link to the active memory, as the view lists it. */
export interface BacklinkNode {
  readonly root: MemoryRoot;
  readonly occurrence: LinkOccurrence;
}

/**
 * The links to the memory in the active editor. Read from the store on every call; the provider keeps
 * only which memory is active.
 */
export class BacklinksProvider implements vscode.TreeDataProvider<BacklinkNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChangeTreeData = this.changeEmitter.event;

  constructor(private readonly workspace: MemoryWorkspace, private readonly typeSet: () => TypeSet) {
    this.subscriptions = [
      this.changeEmitter,
      vscode.window.onDidChangeActiveTextEditor(() => this.changeEmitter.fire()),
      workspace.onDidChange(() => this.changeEmitter.fire()),
    ];
  }

  /** The memory whose backlinks are shown: the active editor's, when it is a memory. */
  activeMemory(): { root: MemoryRoot; memory: MemoryFile } | undefined {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const found = uri && this.workspace.rootOf(uri);
    if (!found || !isMemoryPath(found.path)) return undefined;
    const memory = found.root.store.get(found.path);
    return memory ? { root: found.root, memory } : undefined;
  }

  getChildren(node?: BacklinkNode): BacklinkNode[] {
    if (node) return [];
    const active = this.activeMemory();
    if (!active) return [];
    return linksTo(active.root.store, active.memory).map((occurrence) => ({ root: active.root, occurrence }));
  }

  getTreeItem(node: BacklinkNode): vscode.TreeItem {
    const { root, occurrence } = node;
    const source = root.store.get(occurrence.path);
    const label = source ? memoryTitle(root, source) : occurrence.path;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.description = lineText(root, occurrence);
    item.tooltip = `${occurrence.path}:${occurrence.link.range.start.line + 1}`;
    item.resourceUri = root.uriOf(occurrence.path);
    item.iconPath = occurrence.path === INDEX_FILE_NAME
      ? new vscode.ThemeIcon('list-unordered')
      : typeIcon(source && isKnownType(this.typeSet(), source.type) ? source.type : undefined);
    item.contextValue = 'backlink';
    item.command = {
      command: 'vscode.open',
      title: vscode.l10n.t('Open Memory'),
      arguments: [root.uriOf(occurrence.path), { selection: toVsRange(occurrence.link.range) } satisfies vscode.TextDocumentShowOptions],
    };
    return item;
  }

  dispose(): void {
    vscode.Disposable.from(...this.subscriptions).dispose();
  }
}

/** The line a link stands on, trimmed: what the linking memory says about the target. */
export function lineText(root: MemoryRoot, occurrence: LinkOccurrence): string {
  const line = occurrence.link.range.start.line;
  const text = occurrence.path === INDEX_FILE_NAME
    ? root.store.index?.lines[line]?.text
    : root.store.get(occurrence.path)?.text.split(/\r\n|\n|\r/, line + 1)[line];
  return (text ?? '').trim();
}

export function registerBacklinksView(workspace: MemoryWorkspace, typeSet: () => TypeSet): { provider: BacklinksProvider; disposable: vscode.Disposable } {
  const provider = new BacklinksProvider(workspace, typeSet);
  const view = vscode.window.createTreeView(BACKLINKS_VIEW_ID, { treeDataProvider: provider });
  const describe = (): void => {
    const active = provider.activeMemory();
    view.description = active ? active.memory.name ?? active.memory.stem : undefined;
    if (!active) view.message = vscode.l10n.t('Open a memory to see which memories link to it.');
    else if (provider.getChildren().length === 0) view.message = vscode.l10n.t('No memory links to "{0}" yet.', active.memory.name ?? active.memory.stem);
    else view.message = undefined;
  };
  describe();
  return { provider, disposable: vscode.Disposable.from(view, provider, provider.onDidChangeTreeData(describe)) };
}
