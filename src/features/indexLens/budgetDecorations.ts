import * as vscode from 'vscode';
import type { Services } from '../../workspace/services';
import { budgetOf, indexRootOf } from './indexState';
import { escapeMarkdown } from '../../core';
import { cutSentence, OVER_BUDGET_COMMANDS, overBudgetActions } from './budgetText';

/**
 * In every visible MEMORY.md editor: a marker on the line where Claude Code stops loading, and the
 * lines past it dimmed, so what the agent never sees looks like it.
 */
export class BudgetDecorations implements vscode.Disposable {
  private readonly marker = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    borderWidth: '2px 0 0 0',
    borderStyle: 'dashed',
    borderColor: new vscode.ThemeColor('editorWarning.foreground'),
    overviewRulerColor: new vscode.ThemeColor('editorWarning.foreground'),
    overviewRulerLane: vscode.OverviewRulerLane.Full,
  });
  private readonly markerText = vscode.window.createTextEditorDecorationType({
    after: { margin: '0 0 0 2em', color: new vscode.ThemeColor('editorWarning.foreground'), fontStyle: 'italic' },
  });
  private readonly dimmed = vscode.window.createTextEditorDecorationType({ opacity: '0.45' });

  constructor(private readonly services: Services) {}

  refreshAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.refresh(editor);
  }

  refresh(editor: vscode.TextEditor): void {
    const root = indexRootOf(this.services, editor.document);
    const state = root && budgetOf(this.services, root);
    // An imported index loads whole: nothing is cut. One nothing loads keeps its marker, worded for what it is.
    if (!root || root.info.load.index === 'imported' || !state || state.budget.cutLine === undefined || state.index.text !== editor.document.getText()) {
      for (const type of [this.marker, this.markerText, this.dimmed]) editor.setDecorations(type, []);
      return;
    }
    const cutLine = state.budget.cutLine;
    const lastLine = editor.document.lineCount - 1;
    const line = editor.document.lineAt(cutLine);
    const said = root.info.load.index === 'entrypoint'
      ? vscode.l10n.t('Claude Code stops loading MEMORY.md here: {0}.', cutSentence(state.budget))
      : vscode.l10n.t('An auto memory index would stop loading here; this one is not loaded at session start ({0}).', root.info.load.detail);
    const hover = new vscode.MarkdownString(`${escapeMarkdown(said)}\n\n${overBudgetActions(root.uri)}`);
    hover.isTrusted = { enabledCommands: [...OVER_BUDGET_COMMANDS] };
    editor.setDecorations(this.marker, [{ range: line.range, hoverMessage: hover }]);
    editor.setDecorations(this.markerText, [{ range: new vscode.Range(cutLine, line.text.length, cutLine, line.text.length), renderOptions: { after: { contentText: `✂ ${vscode.l10n.t('not loaded from here on')}` } } }]);
    editor.setDecorations(this.dimmed, [new vscode.Range(cutLine, 0, lastLine, editor.document.lineAt(lastLine).text.length)]);
  }

  dispose(): void {
    vscode.Disposable.from(this.marker, this.markerText, this.dimmed).dispose();
  }
}
