import * as vscode from 'vscode';
import { INDEX_FILE_NAME, type FileEdit, type TypeSet } from '../../core';
import type { ProblemsService } from '../diagnostics/problemsService';
import { safeUri, toVscodeRange } from '../fileEdits';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryWorkspace } from '../roots/memoryWorkspace';
import type { MemoryTreeNode, MemoryTreeProvider } from '../tree/memoryTreeProvider';
import type { ApplyOptions, IndexLensDeps, IndexRoot } from './indexLensDeps';

const encoder = new TextEncoder();

interface Services {
  readonly workspace: MemoryWorkspace;
  readonly problems: ProblemsService;
  readonly tree: { readonly provider: MemoryTreeProvider; readonly view: vscode.TreeView<unknown> };
  readonly typeSet: () => TypeSet;
}

/**
 * The index lens's dependencies, taken from the extension's current roots, problems and tree. This
 * is the one place that knows them: when the workspace services take over, only this file changes.
 */
export function indexLensDeps(services: Services): IndexLensDeps {
  const { workspace, problems, tree, typeSet } = services;
  const onDidChangeSettings: vscode.Event<void> = (listener, thisArg, disposables) => vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('memoryShelf.index') || event.affectsConfiguration('memoryShelf.types')) listener.call(thisArg);
  }, undefined, disposables);
  return {
    roots: () => workspace.roots,
    rootOf: (uri) => workspace.rootOf(uri),
    onDidChange: workspace.onDidChange,
    flush: (document) => workspace.flush(document),
    problemsFor: (root, path) => problems.engineOf(root as MemoryRoot)?.problemsFor(path) ?? [],
    applyEdits: (root, edits, options) => applyEdits(root, edits, options),
    settings: () => {
      const config = vscode.workspace.getConfiguration('memoryShelf');
      return {
        limits: { maxLines: config.get<number>('index.maxLines', 200), maxChars: config.get<number>('index.maxCharacters', 25_000) },
        types: typeSet().types,
        previewChanges: config.get<boolean>('index.previewChanges', true),
        codeLens: config.get<boolean>('index.codeLens', true),
      };
    },
    onDidChangeSettings,
    revealInTree: (root, path) => revealInTree(tree, root, path),
  };
}

/**
 * One undoable WorkspaceEdit for the edits; with `preview`, every change needs confirmation, so VS
 * Code opens the refactor preview and nothing changes until the user applies it.
 */
async function applyEdits(root: IndexRoot, edits: readonly FileEdit[], options: ApplyOptions): Promise<boolean> {
  const edit = new vscode.WorkspaceEdit();
  const metadata: vscode.WorkspaceEditEntryMetadata = { label: options.label, needsConfirmation: options.preview };
  const memoryRoot = root as MemoryRoot;
  for (const fileEdit of edits) {
    if (fileEdit.kind === 'create') edit.createFile(safeUri(memoryRoot, fileEdit.path), { contents: encoder.encode(fileEdit.content), overwrite: false }, metadata);
  }
  for (const fileEdit of edits) {
    if (fileEdit.kind !== 'edit') continue;
    const uri = safeUri(memoryRoot, fileEdit.path);
    for (const textEdit of fileEdit.edits) edit.replace(uri, toVscodeRange(textEdit.range), textEdit.newText, metadata);
  }
  return vscode.workspace.applyEdit(edit, { isRefactoring: edits.some((fileEdit) => fileEdit.path === INDEX_FILE_NAME) });
}

/** Finds the memory's node (root, then its type group) and reveals it; the view is shown first. */
async function revealInTree(tree: Services['tree'], root: IndexRoot, path: string): Promise<boolean> {
  await vscode.commands.executeCommand('memoryShelf.memories.focus');
  const rootNode = (await tree.provider.getChildren()).find((node) => node.kind === 'root' && node.root === root);
  if (!rootNode) return false;
  for (const group of await tree.provider.getChildren(rootNode)) {
    const memory = (await tree.provider.getChildren(group)).find((node): node is Extract<MemoryTreeNode, { kind: 'memory' }> => node.kind === 'memory' && node.memory.path === path);
    if (!memory) continue;
    // Right after the view turns visible its nodes may not be known yet: try again briefly.
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        await tree.view.reveal(memory, { select: true, focus: true, expand: true });
        return true;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return false;
  }
  return false;
}
