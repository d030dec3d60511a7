import * as vscode from 'vscode';
import { planFieldValue, typePath } from '../../core';
import { Commands } from '../../commands';
import { targetMemoryOrActive, type CommandTarget } from '../../workspace/commandTargets';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import type { MemoryTreeNode } from './memoryTreeProvider';

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
  return vscode.commands.registerCommand(Commands.changeType, async (node?: CommandTarget, _selected?: unknown, givenType?: string) => {
    const target = targetMemoryOrActive(services, node);
    if (!target) return false;
    const current = target.root.store.get(target.path)?.type;
    const type = givenType ?? (await vscode.window.showQuickPick(services.config.typeSet().types.filter((candidate) => candidate !== current), {
      placeHolder: vscode.l10n.t('The new type of {0}', target.path),
    }));
    return type ? retype(services, target.root, [target.path], type) : false;
  });
}

/** Sets the type of memories of one root; refuses a file whose frontmatter does not parse. */
export async function retype(services: Services, root: MemoryRoot, paths: readonly string[], type: string): Promise<boolean> {
  let refused: string | undefined;
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
    announce: paths.length === 1 ? vscode.l10n.t('Changed the type of {0} to {1}.', paths[0], type) : vscode.l10n.t('Changed the type of {0} memories to {1}.', paths.length, type),
  });
  if (refused) void vscode.window.showWarningMessage(vscode.l10n.t('{0} was not retyped: its frontmatter does not parse.', refused));
  return result === 'applied';
}
