import * as vscode from 'vscode';
import { parseMemoryFile } from '../../core';
import { Commands } from '../../commands';
import { anyOf } from '../../workspace/events';
import type { Services } from '../../workspace/services';
import type { MemoryEditorDeps } from './editorDeps';

/** The editor's dependencies taken from the services; the one place that knows them. */
export function memoryEditorDeps(extensionUri: vscode.Uri, services: Services): MemoryEditorDeps {
  const { roots, documents, problems, config } = services;
  return {
    extensionUri,
    typeSet: () => config.typeSet(),
    onDidChange: anyOf<unknown>(roots.onDidChange, problems.onDidCheck),
    memoryFor(document) {
      const model = documents.current(document);
      if (!model?.memory) return { memory: parseMemoryFile(document.uri.path.split('/').pop() ?? 'memory.md', document.getText()) };
      const held = model.root.store.get(model.path);
      return { memory: model.memory, root: { store: model.root.store, held, uriOf: (path) => model.root.uriOf(path) } };
    },
    applyEdit: (edit) => services.edits.applyPrepared(edit),
    problemsFor: (document) => problems.problemsAt(document)?.problems ?? [],
    async rename(document, newName) {
      const memory = this.memoryFor(document).memory;
      const field = memory.frontmatter.fields.get('name');
      if (!field) return;
      const position = new vscode.Position(field.valueRange.start.line, field.valueRange.start.character);
      // F2's own path: the rename provider plans through the edit applier; its answer is applied there too.
      try {
        const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit | undefined>('vscode.executeDocumentRenameProvider', document.uri, position, newName);
        if (edit && edit.size > 0) await services.edits.applyPrepared(edit, { isRefactoring: true });
      } catch (error) {
        void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      }
    },
    async openLink(document, target) {
      await vscode.commands.executeCommand(Commands.openLink, { source: document.uri.toString(), target });
    },
  };
}
