import * as vscode from 'vscode';
import { ContextKeys } from '../../commands';
import { BudgetDecorations } from './budgetDecorations';
import { BudgetStatusBar } from './budgetStatusBar';
import { IndexCodeLensProvider } from './entryCodeLens';
import { registerIndexCommands } from './indexCommands';
import type { IndexLensDeps } from './indexLensDeps';

export type { IndexLensDeps } from './indexLensDeps';
export { indexLensDeps } from './currentServices';

/** MEMORY.md made legible: entry and budget lenses, the cut marker, the status-bar budget, the index commands. */
export function registerIndexLens(deps: IndexLensDeps): vscode.Disposable {
  const lenses = new IndexCodeLensProvider(deps);
  const decorations = new BudgetDecorations(deps);
  const statusBar = new BudgetStatusBar(deps);
  const refresh = (): void => {
    lenses.refresh();
    decorations.refreshAll();
    statusBar.refresh();
    void vscode.commands.executeCommand('setContext', ContextKeys.rootsWithoutIndex, deps.roots().filter((root) => !root.store.index).map((root) => root.uri.toString()));
  };
  refresh();
  return vscode.Disposable.from(
    lenses,
    decorations,
    statusBar,
    vscode.languages.registerCodeLensProvider([{ language: 'markdown', pattern: '**/MEMORY.md' }, { pattern: '**/MEMORY.md' }], lenses),
    registerIndexCommands(deps, statusBar),
    deps.onDidChange(refresh),
    deps.onDidChangeSettings(refresh),
    vscode.window.onDidChangeActiveTextEditor(() => statusBar.refresh()),
    vscode.window.onDidChangeVisibleTextEditors(() => decorations.refreshAll()),
  );
}
