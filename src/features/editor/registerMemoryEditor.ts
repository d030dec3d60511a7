import * as vscode from 'vscode';
import { Commands } from '../../commands';
import type { MemoryEditorDeps } from './editorDeps';
import { EditorSession } from './editorSession';

export const MEMORY_EDITOR_VIEW_TYPE = 'memoryShelf.editor';

/** The open memory editors, by document; the integration tests reach the sessions through it. */
export interface MemoryEditors {
  sessionsFor(uri: vscode.Uri): readonly EditorSession[];
}

/**
 * The Memory Shelf Editor: "Open With…" on any Markdown file (priority `option`, so the text editor
 * stays the default), the `memoryShelf.openEditor` command, and the tree's context menu.
 */
export function registerMemoryEditor(deps: MemoryEditorDeps): { editors: MemoryEditors; disposable: vscode.Disposable } {
  const sessions = new Set<EditorSession>();
  const provider: vscode.CustomTextEditorProvider = {
    resolveCustomTextEditor(document, panel) {
      const session = new EditorSession(document, panel, deps);
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
      vscode.window.registerCustomEditorProvider(MEMORY_EDITOR_VIEW_TYPE, provider, { supportsMultipleEditorsPerDocument: true }),
      vscode.commands.registerCommand(Commands.openEditor, async (target?: unknown) => {
        const uri = targetUri(target);
        if (uri) await vscode.commands.executeCommand('vscode.openWith', uri, MEMORY_EDITOR_VIEW_TYPE);
      }),
      new vscode.Disposable(() => {
        for (const session of sessions) session.dispose();
        sessions.clear();
      }),
    ),
  };
}

/** The file a command was invoked on: a URI (Explorer, CodeLens), a tree node holding one, or the active editor. */
function targetUri(target: unknown): vscode.Uri | undefined {
  if (target instanceof vscode.Uri) return target;
  const node = target as { root?: { uriOf?(path: string): vscode.Uri }; memory?: { path?: string } } | undefined;
  if (node?.root?.uriOf && typeof node.memory?.path === 'string') return node.root.uriOf(node.memory.path);
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active) return active;
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputText ? input.uri : undefined;
}
