import * as vscode from 'vscode';
import type { MemoryFile } from '../../core';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';

/** What a curation command is invoked on: a tree node of a memory, a file URI, or nothing (the active editor). */
export type MemoryArgument = { readonly kind?: string; readonly root?: MemoryRoot; readonly memory?: MemoryFile } | vscode.Uri;

/**
 * The memories a command acts on, per root: the tree's selection when the clicked node is part of it
 * (VS Code passes both), else the clicked node, else the active editor's memory.
 */
export function memoriesOf(services: Services, clicked?: MemoryArgument, selected?: readonly MemoryArgument[]): { root: MemoryRoot; memories: MemoryFile[] }[] {
  const picked = selected && selected.length > 0 ? selected : clicked ? [clicked] : activeUri(services);
  const byRoot = new Map<MemoryRoot, MemoryFile[]>();
  for (const argument of picked) {
    const found = resolve(services, argument);
    if (!found) continue;
    const list = byRoot.get(found.root) ?? [];
    if (!list.includes(found.memory)) list.push(found.memory);
    byRoot.set(found.root, list);
  }
  return [...byRoot].map(([root, memories]) => ({ root, memories }));
}

function activeUri(services: Services): vscode.Uri[] {
  const document = vscode.window.activeTextEditor?.document;
  return document && services.roots.rootOf(document.uri) ? [document.uri] : [];
}

function resolve(services: Services, argument: MemoryArgument): { root: MemoryRoot; memory: MemoryFile } | undefined {
  if (argument instanceof vscode.Uri) {
    const found = services.roots.rootOf(argument);
    const memory = found && found.root.store.get(found.path);
    return found && memory ? { root: found.root, memory } : undefined;
  }
  if (argument.kind === 'memory' && argument.root && argument.memory) return { root: argument.root, memory: argument.memory };
  return undefined;
}

/**
 * The one memory a command acts on, from what was clicked and selected; undefined (after saying why
 * when several were picked) when there is not exactly one.
 */
export function singleMemoryOf(services: Services, clicked: MemoryArgument | undefined, selected: readonly MemoryArgument[] | undefined, whyOne: string): { root: MemoryRoot; memory: MemoryFile } | undefined {
  const picked = memoriesOf(services, clicked, selected);
  const count = picked.reduce((sum, group) => sum + group.memories.length, 0);
  if (count > 1) void vscode.window.showInformationMessage(whyOne);
  return count === 1 ? { root: picked[0].root, memory: picked[0].memories[0] } : undefined;
}
