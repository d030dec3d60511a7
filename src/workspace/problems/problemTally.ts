import * as vscode from 'vscode';

/**
 * A file's diagnostics as VS Code shows them: errors and warnings are the number it paints beside the
 * file's row and are listed in the Problems panel; information is listed there without a number; hints
 * are neither (only a few dots under the text in the editor).
 */
export interface ProblemTally {
  readonly numbered: number;
  readonly listed: number;
  readonly hints: number;
}

export const NO_PROBLEMS: ProblemTally = { numbered: 0, listed: 0, hints: 0 };

export function tallyOf(diagnostics: readonly vscode.Diagnostic[]): ProblemTally {
  let numbered = 0;
  let listed = 0;
  let hints = 0;
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity === vscode.DiagnosticSeverity.Hint) hints++;
    else if (diagnostic.severity === vscode.DiagnosticSeverity.Information) listed++;
    else numbered++;
  }
  return { numbered, listed, hints };
}
