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
  // The would-be limit of an index nothing loads, in the colour of text that says something rather than warns.
  private readonly limitMarker = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    borderWidth: '1px 0 0 0',
    borderStyle: 'dotted',
    borderColor: new vscode.ThemeColor('editorCodeLens.foreground'),
  });
  private readonly limitMarkerText = vscode.window.createTextEditorDecorationType({
    after: { margin: '0 0 0 2em', color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' },
  });

  constructor(private readonly services: Services) {}

  refreshAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.refresh(editor);
  }

  refresh(editor: vscode.TextEditor): void {
    const root = indexRootOf(this.services, editor.document);
    const state = root && budgetOf(this.services, root);
    // An imported index loads whole: nothing is cut. One nothing loads keeps its marker, worded for what it is.
    if (!root || root.info.load.index === 'imported' || !state || state.budget.cutLine === undefined || state.index.text !== editor.document.getText()) {
      for (const type of this.types()) editor.setDecorations(type, []);
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
    // Of an index nothing loads, no line is loaded more than another: the limit is marked, nothing dimmed (issue #40).
    const loads = root.info.load.index === 'entrypoint';
    const markerText = loads ? vscode.l10n.t('not loaded from here on') : vscode.l10n.t('an auto memory index would stop here');
    const [marker, text, unused, unusedText] = loads ? [this.marker, this.markerText, this.limitMarker, this.limitMarkerText] : [this.limitMarker, this.limitMarkerText, this.marker, this.markerText];
    editor.setDecorations(unused, []);
    editor.setDecorations(unusedText, []);
    editor.setDecorations(marker, [{ range: line.range, hoverMessage: hover }]);
    editor.setDecorations(text, [{ range: new vscode.Range(cutLine, line.text.length, cutLine, line.text.length), renderOptions: { after: { contentText: `✂ ${markerText}` } } }]);
    editor.setDecorations(this.dimmed, loads ? [new vscode.Range(cutLine, 0, lastLine, editor.document.lineAt(lastLine).text.length)] : []);
  }

  private types(): vscode.TextEditorDecorationType[] {
    return [this.marker, this.markerText, this.dimmed, this.limitMarker, this.limitMarkerText];
  }

  dispose(): void {
    vscode.Disposable.from(...this.types()).dispose();
  }
}
