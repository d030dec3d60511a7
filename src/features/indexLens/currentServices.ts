import * as vscode from 'vscode';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import type { MemoryTreeNode, MemoryTreeProvider } from '../tree/memoryTreeProvider';
import type { IndexLensDeps, IndexRoot } from './indexLensDeps';

/** The tree as the index lens reveals memories in it. */
export interface RevealableTree {
  readonly provider: MemoryTreeProvider;
  readonly view: vscode.TreeView<MemoryTreeNode>;
}

/** The index lens's dependencies, taken from the services: the one place that knows them. */
export function indexLensDeps(services: Services, tree: RevealableTree): IndexLensDeps {
  const { roots, documents, problems, config, edits } = services;
  const onDidChangeSettings: vscode.Event<void> = (listener, thisArg, disposables) => config.onDidChange((change) => {
    if (change.affects('indexMaxLines', 'indexMaxCharacters', 'indexCodeLens', 'indexPreviewChanges', 'typesPreset', 'typesCustom')) listener.call(thisArg);
  }, undefined, disposables);
  return {
    roots: () => roots.roots,
    rootOf: (uri) => roots.rootOf(uri),
    onDidChange: roots.onDidChange,
    flush: (document) => void documents.current(document),
    problemsFor: (root, path) => problems.engineOf(root as MemoryRoot)?.problemsFor(path) ?? [],
    applyEdits: async (root, fileEdits, options) =>
      (await edits.apply(() => edits.plan([{ root: root.uri, edits: fileEdits }]), { label: options.label, preview: options.preview })) === 'applied',
    settings: () => {
      const settings = config.settings;
      return {
        limits: config.budget(),
        types: config.typeSet().types,
        previewChanges: settings.indexPreviewChanges,
        codeLens: settings.indexCodeLens,
      };
    },
    onDidChangeSettings,
    revealInTree: (root, path) => revealInTree(tree, root, path),
  };
}

/** Finds the memory's node (root, then its type group) and reveals it; the view is shown first. */
async function revealInTree(tree: RevealableTree, root: IndexRoot, path: string): Promise<boolean> {
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
