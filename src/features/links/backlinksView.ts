import * as vscode from 'vscode';
import { INDEX_FILE_NAME, isKnownType, isMemoryPath, linksTo, type LinkOccurrence, type MemoryFile, type TypeSet } from '../../core';
import { Commands, Views } from '../../commands';
import { toVsRange } from '../../workspace/display/ranges';
import { typeIcon } from '../../workspace/display/typeIcons';
import { Disposable } from '../../workspace/dispose';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { memoryTitle } from './linkUi';


/** One link to the active memory, as the view lists it. */
export interface BacklinkNode {
  readonly root: MemoryRoot;
  readonly occurrence: LinkOccurrence;
}

/**
 * The links to the memory in the active editor. Read from the store on every call; the provider keeps
 * only which memory is active.
 */
export class BacklinksProvider extends Disposable implements vscode.TreeDataProvider<BacklinkNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  /**
   * The memory the list stays on while the person follows its backlinks: set when a backlink is opened
   * from the view, so the list does not turn into the opened file's; released when they open a memory
   * some other way. `opening` is the backlink's file, whose editor is about to become active.
   */
  private pinned: { readonly root: MemoryRoot; readonly path: string; opening: string | undefined } | undefined;

  constructor(private readonly services: Services) {
    super();
    this._register(vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (this.pinned && this.pinned.opening !== undefined && editor?.document.uri.toString() === this.pinned.opening) this.pinned.opening = undefined;
      else if (editor) this.pinned = undefined;
      this.changeEmitter.fire();
    }));
    this._register(services.roots.onDidChange(() => this.changeEmitter.fire()));
    this._register(vscode.commands.registerCommand(Commands.openBacklink, async (source: vscode.Uri, selection: vscode.Range) => {
      const shown = this.activeMemory();
      if (shown) this.pinned = { root: shown.root, path: shown.memory.path, opening: source.toString() };
      await vscode.window.showTextDocument(source, { selection, preview: true });
    }));
  }

  private typeSet(): TypeSet {
    return this.services.config.typeSet();
  }

  /** The memory whose backlinks are shown: the pinned one while its backlinks are followed, else the active editor's. */
  activeMemory(): { root: MemoryRoot; memory: MemoryFile } | undefined {
    const pinned = this.pinned && this.pinned.root.store.get(this.pinned.path);
    if (this.pinned && pinned) return { root: this.pinned.root, memory: pinned };
    const uri = vscode.window.activeTextEditor?.document.uri;
    const found = uri && this.services.roots.rootOf(uri);
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
      command: Commands.openBacklink,
      title: vscode.l10n.t('Open Memory'),
      arguments: [root.uriOf(occurrence.path), toVsRange(occurrence.link.range)],
    };
    return item;
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

export function registerBacklinksView(services: Services): vscode.Disposable & { readonly provider: BacklinksProvider } {
  const provider = new BacklinksProvider(services);
  const view = vscode.window.createTreeView(Views.backlinks, { treeDataProvider: provider });
  const describe = (): void => {
    const active = provider.activeMemory();
    view.description = active ? active.memory.name ?? active.memory.stem : undefined;
    if (!active) view.message = vscode.l10n.t('Open a memory to see which memories link to it.');
    else if (provider.getChildren().length === 0) view.message = vscode.l10n.t('No memory links to "{0}" yet.', active.memory.name ?? active.memory.stem);
    else view.message = undefined;
  };
  describe();
  return Object.assign(vscode.Disposable.from(view, provider, provider.onDidChangeTreeData(describe)), { provider });
}
