import * as vscode from 'vscode';
import type { MemoryFile } from '../../core';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';

/** A "To review" node (`{ root, entry }`), a memory node (`{ root, memory }`) or a file URI. */
export type ArchiveArgument =
  | vscode.Uri
  | { readonly root?: MemoryRoot; readonly entry?: { readonly memory: MemoryFile }; readonly memory?: MemoryFile };

/**
 * The memories to archive, per root: the tree's selection when VS Code passes one (multi-select), else
 * the clicked node. Nodes hold the root of the load they were made from: the current one is looked up.
 */
export function archiveTargets(services: Services, clicked?: ArchiveArgument, selected?: readonly ArchiveArgument[]): { root: MemoryRoot; memories: MemoryFile[] }[] {
  const picked = selected && selected.length > 0 ? selected : clicked ? [clicked] : [];
  const byRoot = new Map<MemoryRoot, MemoryFile[]>();
  for (const argument of picked) {
    const found = resolve(services, argument);
    if (!found) continue;
    const list = byRoot.get(found.root) ?? [];
    if (!list.some((memory) => memory.path === found.memory.path)) list.push(found.memory);
    byRoot.set(found.root, list);
  }
  return [...byRoot].map(([root, memories]) => ({ root, memories }));
}

function resolve(services: Services, argument: ArchiveArgument): { root: MemoryRoot; memory: MemoryFile } | undefined {
  if (argument instanceof vscode.Uri) {
    const found = services.roots.rootOf(argument);
    const memory = found && found.root.store.get(found.path);
    return found && memory ? { root: found.root, memory } : undefined;
  }
  const path = argument.entry?.memory.path ?? argument.memory?.path;
  if (!argument.root || path === undefined) return undefined;
  const root = services.roots.rootAt(argument.root.uri) ?? argument.root;
  const memory = root.store.get(path);
  return memory ? { root, memory } : undefined;
}
