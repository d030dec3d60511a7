import * as vscode from 'vscode';
import { parseMemoryFile, type TypeSet } from '../../core';
import { Commands } from '../../commands';
import type { ProblemsService } from '../diagnostics/problemsService';
import type { MemoryWorkspace } from '../roots/memoryWorkspace';
import type { MemoryEditorDeps } from './editorDeps';

/** The editor's dependencies taken from today's workspace and problems; the one place that knows them. */
export function memoryEditorDeps(extensionUri: vscode.Uri, workspace: MemoryWorkspace, problems: ProblemsService, typeSet: () => TypeSet): MemoryEditorDeps {
  return {
    extensionUri,
    typeSet,
    onDidChange: workspace.onDidChange,
    memoryFor(document) {
      const text = document.getText();
      const found = workspace.rootOf(document.uri);
      if (!found) return { memory: parseMemoryFile(document.uri.path.split('/').pop() ?? 'memory.md', text) };
      workspace.flush(document);
      const held = found.root.store.get(found.path);
      // The store's parse when it holds exactly what the document shows; this one file otherwise.
      const memory = held && held.text === (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) ? held : parseMemoryFile(found.path, text);
      return { memory, root: { store: found.root.store, held, uriOf: (path) => found.root.uriOf(path) } };
    },
    problemsFor: (document) => problems.problemsAt(document)?.problems ?? [],
    async rename(document, newName) {
      const memory = this.memoryFor(document).memory;
      const field = memory.frontmatter.fields.get('name');
      if (!field) return;
      const position = new vscode.Position(field.valueRange.start.line, field.valueRange.start.character);
      try {
        const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit | undefined>('vscode.executeDocumentRenameProvider', document.uri, position, newName);
        if (edit && edit.size > 0) await vscode.workspace.applyEdit(edit);
      } catch (error) {
        void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      }
    },
    async openLink(document, target) {
      await vscode.commands.executeCommand(Commands.openLink, { source: document.uri.toString(), target });
    },
  };
}
