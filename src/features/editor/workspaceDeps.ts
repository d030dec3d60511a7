import * as vscode from 'vscode';
import { parseMemoryFile } from '../../core';
import { Commands } from '../../commands';
import type { Services } from '../../workspace/services';
import type { MemoryEditorDeps } from './editorDeps';

/** The editor's dependencies taken from the services; the one place that knows them. */
export function memoryEditorDeps(extensionUri: vscode.Uri, services: Services): MemoryEditorDeps {
  return {
    extensionUri,
    typeSet: () => services.config.typeSet(),
    onDidChange: services.roots.onDidChange,
    memoryFor(document) {
      const current = services.documents.current(document);
      if (!current?.memory) return { memory: parseMemoryFile(document.uri.path.split('/').pop() ?? 'memory.md', document.getText()) };
      const { root, path } = current;
      return { memory: current.memory, root: { store: root.store, held: root.store.get(path), uriOf: (file) => root.uriOf(file) } };
    },
    problemsFor: (document) => services.problems.problemsAt(document)?.problems ?? [],
    async applyTextEdits(document, textEdits) {
      // A memory of a root is edited as a file of that root (its text checked against the store); any other file as one of its folder.
      const found = services.roots.rootOf(document.uri);
      const folder = vscode.Uri.joinPath(document.uri, '..');
      const change = found
        ? { root: found.root.uri, edits: [{ kind: 'edit' as const, path: found.path, edits: textEdits }] }
        : { root: folder, edits: [{ kind: 'edit' as const, path: document.uri.path.slice(folder.path.length + 1), edits: textEdits }] };
      return (await services.edits.apply(() => services.edits.plan([change]))) === 'applied';
    },
    async rename(document, newName) {
      const memory = this.memoryFor(document).memory;
      const field = memory.frontmatter.fields.get('name');
      if (!field) return;
      const position = new vscode.Position(field.valueRange.start.line, field.valueRange.start.character);
      try {
        // Our own rename provider answers, through the edit applier, which also applies its edit.
        const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit | undefined>('vscode.executeDocumentRenameProvider', document.uri, position, newName);
        if (edit && edit.size > 0) await services.edits.applyPrepared(edit);
      } catch (error) {
        void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      }
    },
    async openLink(document, target) {
      await vscode.commands.executeCommand(Commands.openLink, { source: document.uri.toString(), target });
    },
  };
}
