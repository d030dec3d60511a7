import * as vscode from 'vscode';
import { ContextKeys } from '../../commands';
import { anyOf } from '../../workspace/events';
import type { Services } from '../../workspace/services';
import { BudgetDecorations } from './budgetDecorations';
import { BudgetStatusBar } from './budgetStatusBar';
import { IndexCodeLensProvider } from './entryCodeLens';
import { registerIndexCommands } from './indexCommands';

/** MEMORY.md made legible: entry and budget lenses, the cut marker, the status-bar budget, the index commands. */
export function registerIndexLens(services: Services): vscode.Disposable {
  const lenses = new IndexCodeLensProvider(services);
  const decorations = new BudgetDecorations(services);
  const statusBar = new BudgetStatusBar(services);
  // Set only when it changes: VS Code takes every set of a list as a change, and a change of a key the
  // tree's menus name re-renders every row the tree has drawn, a row being removed too (a memory just
  // approved or merged away), which logs "TreeError: Data tree node not found". Every store change
  // and check came here.
  let withoutIndex: string | undefined;
  const refresh = (): void => {
    lenses.refresh();
    decorations.refreshAll();
    statusBar.refresh();
    const roots = services.roots.roots.filter((root) => !root.store.index).map((root) => root.uri.toString());
    if (JSON.stringify(roots) === withoutIndex) return;
    withoutIndex = JSON.stringify(roots);
    void vscode.commands.executeCommand('setContext', ContextKeys.rootsWithoutIndex, roots);
    void vscode.commands.executeCommand('setContext', ContextKeys.anyRootWithoutIndex, roots.length > 0);
  };
  refresh();
  return vscode.Disposable.from(
    lenses,
    decorations,
    statusBar,
    vscode.languages.registerCodeLensProvider([{ language: 'markdown', pattern: '**/MEMORY.md' }, { pattern: '**/MEMORY.md' }], lenses),
    registerIndexCommands(services, statusBar),
    anyOf<unknown>(services.roots.onDidChange, services.problems.onDidCheck)(refresh),
    services.config.onDidChange((change) => {
      if (change.affects('indexMaxLines', 'indexMaxCharacters', 'indexCodeLens', 'indexPreviewChanges', 'typesPreset', 'typesCustom')) refresh();
    }),
    vscode.window.onDidChangeActiveTextEditor(() => statusBar.refresh()),
    vscode.window.onDidChangeVisibleTextEditors(() => decorations.refreshAll()),
  );
}
