import * as vscode from 'vscode';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import { anyOf } from '../../workspace/events';
import type { Services } from '../../workspace/services';
import { Commands } from '../../commands';
import type { IndexLensDeps } from './indexLensDeps';

/** The index lens's dependencies, taken from the services: the one place that knows them. */
export function indexLensDeps(services: Services): IndexLensDeps {
  const { roots, documents, problems, config, edits } = services;
  const onDidChangeSettings: vscode.Event<void> = (listener, thisArg, disposables) => config.onDidChange((change) => {
    if (change.affects('indexMaxLines', 'indexMaxCharacters', 'indexCodeLens', 'indexPreviewChanges', 'typesPreset', 'typesCustom')) listener.call(thisArg);
  }, undefined, disposables);
  return {
    roots: () => roots.roots,
    rootOf: (uri) => roots.rootOf(uri),
    onDidChange: anyOf<unknown>(roots.onDidChange, problems.onDidCheck),
    flush: (document) => void documents.current(document),
    problemsFor: (root, path) => problems.engineOf(root as MemoryRoot)?.problemsFor(path) ?? [],
    applyEdits: async (root, fileEdits, options) =>
      (await edits.apply(() => edits.plan([{ root: root.uri, edits: fileEdits }]), { label: options.label, preview: options.preview, announce: options.announce })) === 'applied',
    settings: () => {
      const settings = config.settings;
      return {
        limits: config.budget(),
        typeSet: config.typeSet(),
        previewChanges: settings.indexPreviewChanges,
        codeLens: settings.indexCodeLens,
      };
    },
    onDidChangeSettings,
    revealInTree: async (root, path) => (await vscode.commands.executeCommand<boolean>(Commands.revealInTree, root.uriOf(path))) === true,
  };
}
