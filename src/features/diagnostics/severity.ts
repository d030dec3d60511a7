import * as vscode from 'vscode';
import type { ProblemCode, Severity, SeveritySetting } from '../../core';

const TO_VSCODE: Readonly<Record<Severity, vscode.DiagnosticSeverity>> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

/** The user's `memoryShelf.severity` setting, read once per recheck rather than per problem. */
export type SeverityOverrides = Readonly<Partial<Record<ProblemCode, SeveritySetting>>>;

export function readSeverityOverrides(): SeverityOverrides {
  return vscode.workspace.getConfiguration('memoryShelf').get<SeverityOverrides>('severity', {});
}

/** The severity to show, or undefined when the user turned the rule off. */
export function effectiveSeverity(code: ProblemCode, ruleDefault: Severity, overrides: SeverityOverrides): vscode.DiagnosticSeverity | undefined {
  const setting = overrides[code] ?? ruleDefault;
  return setting === 'off' ? undefined : TO_VSCODE[setting] ?? TO_VSCODE[ruleDefault];
}
