import * as vscode from 'vscode';
import { planFieldValue, planIndexMove, planRetypeFileName, typePath } from '../../core';
import { Commands } from '../../commands';
import { targetMemoryOrActive, type CommandTarget } from '../../workspace/commandTargets';
import { memoryTitle } from '../../workspace/display/memoryTitle';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import type { MemoryTreeNode } from './treeNodes';

const MIME = 'application/vnd.code.tree.memoryshelf.memories';

/**
 * Drag memories onto a type group to retype them: only the `type` value's bytes change (or one line
 * is added where the file has none), each file through the one edit path, in one undoable edit.
 * Memories dropped on the group they are in, or from another root, are left alone.
 */
export class RetypeByDrop implements vscode.TreeDragAndDropController<MemoryTreeNode> {
  readonly dragMimeTypes = [MIME];
  readonly dropMimeTypes = [MIME];
  private dragged: readonly MemoryTreeNode[] = [];

  constructor(private readonly services: Services) {}

  handleDrag(source: readonly MemoryTreeNode[], data: vscode.DataTransfer): void {
    this.dragged = source.filter((node) => node.kind === 'memory');
    if (this.dragged.length > 0) data.set(MIME, new vscode.DataTransferItem(this.dragged.length));
  }

  async handleDrop(target: MemoryTreeNode | undefined, data: vscode.DataTransfer): Promise<void> {
    if (!data.get(MIME) || target?.kind !== 'group' || target.group.kind !== 'type') return;
    const moving = this.dragged.filter((node): node is Extract<MemoryTreeNode, { kind: 'memory' }> => node.kind === 'memory' && node.root === target.root);
    this.dragged = [];
    await retype(this.services, target.root, moving.map((node) => node.memory.path), target.group.type);
  }
}

/**
 * `memoryShelf.changeType`: the same retype from the context menu (or the palette on the active
 * memory), the type picked from the configured set unless given.
 */
export function registerChangeType(services: Services): vscode.Disposable {
  return vscode.Disposable.from(vscode.commands.registerCommand(Commands.renameAfterRetype, (rootUri: vscode.Uri, renamable: readonly { readonly path: string; readonly oldType: string }[], type: string) => {
    const root = services.roots.rootAt(rootUri);
    return root ? renameAfterRetype(services, root, renamable, type) : false;
  }), vscode.commands.registerCommand(Commands.changeType, async (node?: CommandTarget, _selected?: unknown, givenType?: string) => {
    const target = targetMemoryOrActive(services, node);
    if (!target) return false;
    const current = target.root.store.get(target.path)?.type;
    const type = givenType ?? (await vscode.window.showQuickPick(services.config.typeSet().types.filter((candidate) => candidate !== current), {
      placeHolder: vscode.l10n.t('The new type of {0}', target.path),
    }));
    return type ? retype(services, target.root, [target.path], type) : false;
  }));
}

/** Sets the type of memories of one root; refuses a file whose frontmatter does not parse. */
export async function retype(services: Services, root: MemoryRoot, paths: readonly string[], type: string): Promise<boolean> {
  let refused: string | undefined;
  // Files whose name still says the old type (`feedback_x.md` now a project memory): renaming them is offered, never done unasked.
  const renamable = paths.flatMap((path) => {
    const memory = root.store.get(path);
    return memory?.type && planRetypeFileName(root.store, memory, memory.type, type) ? [{ path, oldType: memory.type }] : [];
  });
  const result = await services.edits.apply(() => {
    services.documents.flushRoot(root);
    const edits = [];
    for (const path of paths) {
      const memory = root.store.get(path);
      if (!memory || memory.type === type) continue;
      const planned = planFieldValue(memory, typePath(memory), type);
      if (!planned.ok) {
        refused = path;
        continue;
      }
      if (planned.edits.length > 0) edits.push({ kind: 'edit' as const, path, edits: planned.edits });
    }
    return edits.length > 0 ? [{ root: root.uri, edits }] : undefined;
  }, {
    label: vscode.l10n.t('Change the type to {0}', type),
    announce: retypedMessage(root, paths, renamable, type),
    // The button stays short (a notification cuts long ones); the message names the new file.
    announceActions: renamable.length === 0 ? [] : [{
      title: renamable.length === 1 ? vscode.l10n.t('Rename File') : vscode.l10n.t('Rename Files'),
      run: () => vscode.commands.executeCommand(Commands.renameAfterRetype, root.uri, renamable, type),
    }],
  });
  if (refused) void vscode.window.showWarningMessage(vscode.l10n.t('{0} was not retyped: its frontmatter does not parse.', refused));
  return result === 'applied';
}

/** What a retype did, the memory named by its title, and which file names still say the old type. */
function retypedMessage(root: MemoryRoot, paths: readonly string[], renamable: readonly { readonly path: string; readonly oldType: string }[], type: string): string {
  if (paths.length === 1) {
    const memory = root.store.get(paths[0]);
    const title = memory ? memoryTitle(root, memory) : paths[0];
    const newPath = renamable.length === 1 && memory ? planRetypeFileName(root.store, memory, renamable[0].oldType, type)?.newPath : undefined;
    return newPath
      ? vscode.l10n.t('Changed the type of "{0}" to {1}. Its file name {2} still says {3}: rename it to {4}?', title, type, paths[0], renamable[0].oldType, newPath)
      : vscode.l10n.t('Changed the type of "{0}" to {1}.', title, type);
  }
  const done = vscode.l10n.t('Changed the type of {0} memories to {1}.', paths.length, type);
  if (renamable.length === 0) return done;
  return `${done} ${renamable.length === 1 ? vscode.l10n.t('1 file name still says its old type.') : vscode.l10n.t('{0} file names still say their old type.', renamable.length)}`;
}

/** Renames the files a retype left with the old type's prefix, as one undoable edit planned from the files now. */
async function renameAfterRetype(services: Services, root: MemoryRoot, renamable: readonly { readonly path: string; readonly oldType: string }[], type: string): Promise<boolean> {
  const result = await services.edits.apply(() => {
    services.documents.flushRoot(root);
    const moves: { from: string; to: string }[] = [];
    for (const { path, oldType } of renamable) {
      const memory = root.store.get(path);
      // Retyped again, or renamed meanwhile: left as it is.
      const plan = memory && memory.type === type ? planRetypeFileName(root.store, memory, oldType, type) : undefined;
      if (plan && !moves.some((move) => move.to.toLowerCase() === plan.newPath.toLowerCase())) moves.push({ from: path, to: plan.newPath });
    }
    if (moves.length === 0) return undefined;
    // One MEMORY.md edit for every move, planned from one text.
    const index = planIndexMove(root.store.index, moves);
    return [{ root: root.uri, edits: [...(index ? [index] : []), ...moves.map((move) => ({ kind: 'rename' as const, path: move.from, newPath: move.to }))] }];
  }, {
    label: vscode.l10n.t('Rename files to match their type'),
    announce: renamable.length === 1 ? renamedMessage(root, renamable[0], type) : vscode.l10n.t('Renamed {0} files to match their type.', renamable.length),
  });
  return result === 'applied';
}

/** The memory by its title, with the file name it gets. */
function renamedMessage(root: MemoryRoot, renamed: { readonly path: string; readonly oldType: string }, type: string): string {
  const memory = root.store.get(renamed.path);
  const newPath = memory && planRetypeFileName(root.store, memory, renamed.oldType, type)?.newPath;
  return memory && newPath
    ? vscode.l10n.t('Renamed the file of "{0}" to {1}, to match its type.', memoryTitle(root, memory), newPath)
    : vscode.l10n.t('Renamed {0} to match its type.', renamed.path);
}
