import * as vscode from 'vscode';
import type { ProblemTally } from '../../workspace/problems/problemTally';

/**
 * What a memory's hover says of its problems, in VS Code's terms: only errors and warnings make the
 * number beside the row, information is only listed in the Problems panel, and hints are in neither,
 * so pointing at a number or the panel for them sends the reader looking for nothing.
 */
export function problemHoverLines(tally: ProblemTally): string[] {
  const lines: string[] = [];
  if (tally.numbered > 0) {
    lines.push(tally.numbered === 1
      ? vscode.l10n.t('1 problem (the number beside it; see the Problems panel)')
      : vscode.l10n.t('{0} problems (the number beside it; see the Problems panel)', tally.numbered));
  }
  if (tally.listed > 0) {
    lines.push(tally.listed === 1
      ? vscode.l10n.t('1 note in the Problems panel')
      : vscode.l10n.t('{0} notes in the Problems panel', tally.listed));
  }
  if (tally.hints > 0) {
    lines.push(tally.hints === 1
      ? vscode.l10n.t('1 suggestion, marked with dots under the text when the file is open')
      : vscode.l10n.t('{0} suggestions, marked with dots under the text when the file is open', tally.hints));
  }
  return lines;
}
