import * as vscode from 'vscode';
import { INDEX_FILE_NAME } from '../../core';
import { Commands } from '../../commands';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import type { IndexLensDeps } from './indexLensDeps';

/** The index lens's dependencies, taken from the services: the one place that knows them. */
export function indexLensDeps(services: Services): IndexLensDeps {
  const { roots, documents, problems, edits, config } = services;
  const onDidChangeSettings: vscode.Event<void> = (listener, thisArg, disposables) => config.onDidChange((change) => {
    if (change.affects('indexMaxLines', 'indexMaxCharacters', 'indexCodeLens', 'indexPreviewChanges', 'typesPreset', 'typesCustom')) listener.call(thisArg);
  }, undefined, disposables);
  return {
    roots: () => roots.roots,
    rootOf: (uri) => roots.rootOf(uri),
    onDidChange: roots.onDidChange,
    flush: (document) => void documents.current(document),
    problemsFor: (root, path) => problems.engineOf(root as MemoryRoot)?.problemsFor(path) ?? [],
    applyEdits: async (root, fileEdits, options) => {
      const refactoring = fileEdits.some((fileEdit) => fileEdit.path === INDEX_FILE_NAME);
      const result = await edits.apply(() => edits.plan([{ root: root.uri, edits: fileEdits }]), { label: options.label, preview: options.preview, refactoring });
      return result === 'applied';
    },
    settings: () => ({
      limits: config.budget(),
      types: config.typeSet().types,
      previewChanges: config.settings.indexPreviewChanges,
      codeLens: config.settings.indexCodeLens,
    }),
    onDidChangeSettings,
    revealInTree: async (root, path) => (await vscode.commands.executeCommand<boolean>(Commands.revealInTree, root.uri.toString(), path)) === true,
  };
}
