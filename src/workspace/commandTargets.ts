import * as vscode from 'vscode';
import type { MemoryFile, RootPath } from '../core';
import type { MemoryRoot } from './roots/memoryRoot';
import type { Services } from './services';

/**
 * What a tree node carries that a command reads, whatever its kind: every node holds its root, a
 * memory node its memory, a "To review" item its entry. Commands take nodes through this shape, so no
 * feature guesses at another's node type.
 */
export interface TargetNode {
  readonly kind?: string;
  readonly root?: MemoryRoot;
  readonly memory?: MemoryFile;
  readonly entry?: { readonly memory: MemoryFile };
}

/** What a command may be invoked on: a file or folder URI (Explorer, CodeLens, code), a tree node, or nothing (the palette). */
export type CommandTarget = vscode.Uri | TargetNode | undefined;

/** A file of a root a command acts on; `memory` is the store's, when the store holds a memory there. */
export interface TargetFile {
  readonly root: MemoryRoot;
  readonly path: RootPath;
  readonly uri: vscode.Uri;
}

/** A memory a command acts on, read from the store as it is now. */
export interface TargetMemory extends TargetFile {
  readonly memory: MemoryFile;
}

/** The loaded root `root` stands for: nodes hold the root object of the load they were made from; the current one has the same URI. */
export function currentRoot(services: Services, root: MemoryRoot): MemoryRoot {
  return services.roots.rootAt(root.uri) ?? root;
}

/** The file of a root that a URI or a memory node names; undefined for anything else (a folder node, a file outside every root). */
export function targetFile(services: Services, target: CommandTarget): TargetFile | undefined {
  if (!target) return undefined;
  if (target instanceof vscode.Uri) {
    const found = services.roots.rootOf(target);
    return found && { root: found.root, path: found.path, uri: target };
  }
  const path = target.memory?.path ?? target.entry?.memory.path;
  if (!target.root || path === undefined) return undefined;
  const root = currentRoot(services, target.root);
  return { root, path, uri: root.uriOf(path) };
}

/** The memory a URI or memory node names, as the store holds it now. */
export function targetMemory(services: Services, target: CommandTarget): TargetMemory | undefined {
  const file = targetFile(services, target);
  const memory = file && file.root.store.get(file.path);
  return file && memory ? { ...file, memory } : undefined;
}

/** The memory of the active editor, as its text is now (pending typing applied first). */
export function activeMemory(services: Services): TargetMemory | undefined {
  const document = vscode.window.activeTextEditor?.document;
  // A command plans from the store: what was typed goes in first.
  if (document) services.documents.flush(document);
  const model = document && services.documents.current(document);
  return document && model?.memory ? { root: model.root, path: model.path, uri: document.uri, memory: model.memory } : undefined;
}

/** The memory a command from a menu or the palette acts on: the node or URI it was given, else the active editor's. */
export function targetMemoryOrActive(services: Services, target: CommandTarget): TargetMemory | undefined {
  return target ? targetMemory(services, target) : activeMemory(services);
}

/**
 * The memories a command acts on, per root: the tree's selection when VS Code passes one (multi-select,
 * it includes the clicked node), else the clicked node, else (with `orActiveEditor`) the active editor's memory.
 */
export function targetMemories(
  services: Services,
  clicked: CommandTarget,
  selected: readonly CommandTarget[] | undefined,
  options: { readonly orActiveEditor: boolean },
): { root: MemoryRoot; memories: MemoryFile[] }[] {
  const picked = selected && selected.length > 0 ? selected : clicked ? [clicked] : [];
  const found = picked.map((target) => targetMemory(services, target));
  if (picked.length === 0 && options.orActiveEditor) found.push(activeMemory(services));
  const byRoot = new Map<MemoryRoot, MemoryFile[]>();
  for (const target of found) {
    if (!target) continue;
    const list = byRoot.get(target.root) ?? [];
    if (!list.some((memory) => memory.path === target.memory.path)) list.push(target.memory);
    byRoot.set(target.root, list);
  }
  return [...byRoot].map(([root, memories]) => ({ root, memories }));
}

/**
 * The one memory a command acts on; undefined (after saying why when several were picked) when there
 * is not exactly one.
 */
export function singleTargetMemory(services: Services, clicked: CommandTarget, selected: readonly CommandTarget[] | undefined, whyOne: string): { root: MemoryRoot; memory: MemoryFile } | undefined {
  const picked = targetMemories(services, clicked, selected, { orActiveEditor: true });
  const count = picked.reduce((sum, group) => sum + group.memories.length, 0);
  if (count > 1) void vscode.window.showInformationMessage(whyOne);
  return count === 1 ? { root: picked[0].root, memory: picked[0].memories[0] } : undefined;
}

/** The root a URI (the root's folder or a file in it) or any node names. */
export function targetRoot(services: Services, target: CommandTarget): MemoryRoot | undefined {
  if (!target) return undefined;
  if (target instanceof vscode.Uri) return services.roots.rootAt(target) ?? services.roots.rootOf(target)?.root;
  return target.root && currentRoot(services, target.root);
}

/** The URI a command acts on: the one given, a memory node's file, a root node's folder, else the active editor's file. */
export function targetUri(target: CommandTarget): vscode.Uri | undefined {
  if (target instanceof vscode.Uri) return target;
  const path = target?.memory?.path ?? target?.entry?.memory.path;
  if (target?.root && path !== undefined) return target.root.uriOf(path);
  if (target?.root && target.kind === 'root') return target.root.uri;
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active) return active;
  // The active editor may be no text editor (a diff, a preview) while its tab names a file.
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputText ? input.uri : undefined;
}
