import * as vscode from 'vscode';
import { Commands, Views } from '../../commands';
import { targetUri, type CommandTarget } from '../../workspace/commandTargets';
import type { Services } from '../../workspace/services';
import { EditorSession } from './editorSession';

/** The open memory editors, by document; the integration tests reach the sessions through it. */
export interface MemoryEditors {
  sessionsFor(uri: vscode.Uri): readonly EditorSession[];
}

/**
 * The Memory Shelf Editor: "Open With…" on any Markdown file (priority `option`, so the text editor
 * stays the default), the `memoryShelf.openEditor` command, and the tree's context menu.
 */
export function registerMemoryEditor(services: Services, extensionUri: vscode.Uri): { editors: MemoryEditors; disposable: vscode.Disposable } {
  const sessions = new Set<EditorSession>();
  const provider: vscode.CustomTextEditorProvider = {
    resolveCustomTextEditor(document, panel) {
      const session = new EditorSession(document, panel, services, extensionUri);
      sessions.add(session);
      panel.onDidDispose(() => {
        sessions.delete(session);
        session.dispose();
      });
    },
  };
  const editors: MemoryEditors = {
    sessionsFor: (uri) => [...sessions].filter((session) => session.document.uri.toString() === uri.toString()),
  };
  return {
    editors,
    disposable: vscode.Disposable.from(
      vscode.window.registerCustomEditorProvider(Views.editor, provider, { supportsMultipleEditorsPerDocument: true }),
      vscode.commands.registerCommand(Commands.openEditor, async (target?: CommandTarget) => {
        const uri = targetUri(target);
        if (uri) await vscode.commands.executeCommand('vscode.openWith', uri, Views.editor);
      }),
      new vscode.Disposable(() => {
        for (const session of sessions) session.dispose();
        sessions.clear();
      }),
    ),
  };
}
