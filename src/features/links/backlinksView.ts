import * as vscode from 'vscode';
import { INDEX_FILE_NAME, isKnownType, isMemoryPath, linksTo, type LinkOccurrence, type MemoryFile, type TypeSet } from '../../core';
import { Views } from '../../commands';
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
  /** The path of the memory the link points to: the one whose list the row is in. */
  readonly target: string;
}

/**
 * The links to the memory in the active editor. Read from the store on every call; the provider keeps
 * only which memory is active.
 */
export class BacklinksProvider extends Disposable implements vscode.TreeDataProvider<BacklinkNode> {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeTreeData = this.changeEmitter.event;
  /**
   * The memory the list stays on while the person follows its backlinks, so the list does not turn
   * into the opened file's; released when they open something other than the selected backlink.
   * Set from the row's selection, not from its command: a row's command is `vscode.open`, whose
   * arguments survive a redraw of the row (an extension command's would not), and VS Code reports the
   * selection and the new editor in either order.
   */
  private pinned: { readonly root: MemoryRoot; readonly path: string } | undefined;
  /**
   * The backlink last selected alone. Kept by the provider, not read from the view: a redraw of the
   * list empties the view's selection for a moment, which fell exactly between a click and its editor.
   */
  private selected: BacklinkNode | undefined;
  /** The view showing the list, once attached: tests select its rows as a click does. */
  view: vscode.TreeView<BacklinkNode> | undefined;

  constructor(private readonly services: Services) {
    super();
    this._register(vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (editor && !this.isSelectedBacklink(editor.document.uri)) this.pinned = undefined;
      this.changeEmitter.fire();
    }));
    this._register(services.roots.onDidChange(() => this.changeEmitter.fire()));
  }

  /** Follows the view's selection: a backlink selected (clicked, or reached with the keys) pins the list to its target. */
  attach(view: vscode.TreeView<BacklinkNode>): vscode.Disposable {
    this.view = view;
    return view.onDidChangeSelection(({ selection }) => {
      const [node] = selection;
      if (selection.length !== 1 || !node.root.store.get(node.target)) return;
      this.selected = node;
      const shown = this.activeMemory();
      this.pinned = { root: node.root, path: node.target };
      // Redrawn only when the editor already moved on (VS Code told of it first): a redraw empties the selection.
      if (shown?.root !== node.root || shown.memory.path !== node.target) this.changeEmitter.fire();
    });
  }

  /** Whether `uri` is the file of the backlink last selected in the list of the pinned memory. */
  private isSelectedBacklink(uri: vscode.Uri): boolean {
    const node = this.selected;
    return !!this.pinned && !!node && node.root === this.pinned.root && node.target === this.pinned.path && node.root.uriOf(node.occurrence.path).toString() === uri.toString();
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
    return linksTo(active.root.store, active.memory).map((occurrence) => ({ root: active.root, occurrence, target: active.memory.path }));
  }

  /** Every row is top-level; VS Code needs this to reveal (select) a row. */
  getParent(): undefined {
    return undefined;
  }

  getTreeItem(node: BacklinkNode): vscode.TreeItem {
    const { root, occurrence } = node;
    const source = root.store.get(occurrence.path);
    const label = source ? memoryTitle(root, source) : occurrence.path;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    // Per target and link: a row left selected in one memory's list is not taken for a row of the next.
    const { line, character } = occurrence.link.range.start;
    item.id = `${root.uriOf(node.target).toString()}<-${occurrence.path}:${line}:${character}`;
    item.description = lineText(root, occurrence);
    item.tooltip = `${occurrence.path}:${occurrence.link.range.start.line + 1}`;
    item.resourceUri = root.uriOf(occurrence.path);
    item.iconPath = occurrence.path === INDEX_FILE_NAME
      ? new vscode.ThemeIcon('list-unordered')
      : typeIcon(source && isKnownType(this.typeSet(), source.type) ? source.type : undefined);
    item.contextValue = 'backlink';
    // `vscode.open`: its arguments travel with the row, so a click during a redraw still opens the link.
    item.command = {
      command: 'vscode.open',
      title: vscode.l10n.t('Open Memory'),
      arguments: [root.uriOf(occurrence.path), { selection: toVsRange(occurrence.link.range), preview: true } satisfies vscode.TextDocumentShowOptions],
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
  const selection = provider.attach(view);
  const describe = (): void => {
    const active = provider.activeMemory();
    view.description = active ? active.memory.name ?? active.memory.stem : undefined;
    if (!active) view.message = vscode.l10n.t('Open a memory to see which memories link to it.');
    else if (provider.getChildren().length === 0) view.message = vscode.l10n.t('No memory links to "{0}" yet.', active.memory.name ?? active.memory.stem);
    else view.message = undefined;
  };
  describe();
  return Object.assign(vscode.Disposable.from(selection, view, provider, provider.onDidChangeTreeData(describe)), { provider });
}
