import * as vscode from 'vscode';
import { shownSeverity, type ProblemCode, type Severity } from '../../core';
import type { SeverityOverrides } from '../../language/settings';

const TO_VSCODE: Readonly<Record<Severity, vscode.DiagnosticSeverity>> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

/** The severity to show, or undefined when the user turned the rule off. */
export function effectiveSeverity(code: ProblemCode, ruleDefault: Severity, overrides: SeverityOverrides): vscode.DiagnosticSeverity | undefined {
  const severity = shownSeverity(code, ruleDefault, overrides);
  return severity === undefined ? undefined : TO_VSCODE[severity];
}
