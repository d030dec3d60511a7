import * as vscode from 'vscode';
import { ProblemCode, ruleDocsUrl, type Problem } from '../../core';
import { localized } from '../display/localized';
import { toVsRange as toVscodeRange } from '../display/ranges';
import type { MemoryRoot } from '../roots/memoryRoot';

export const DIAGNOSTIC_SOURCE = 'Memory Shelf';

/**
 * A core problem as VS Code shows it. The code is the stable string code (quick fixes switch on it,
 * through `diagnosticCode`), linked to its page: the hover and the Problems panel open it.
 */
export function toDiagnostic(problem: Problem, root: MemoryRoot, severity: vscode.DiagnosticSeverity): vscode.Diagnostic {
  const diagnostic = new vscode.Diagnostic(toVscodeRange(problem.range), problemMessage(problem), severity);
  diagnostic.source = DIAGNOSTIC_SOURCE;
  diagnostic.code = { value: problem.code, target: vscode.Uri.parse(ruleDocsUrl(problem.code)) };
  if (problem.related?.length) {
    diagnostic.relatedInformation = problem.related.map((related) =>
      new vscode.DiagnosticRelatedInformation(new vscode.Location(root.uriOf(related.path), toVscodeRange(related.range)), localized(related.messageText, related.message)));
  }
  // Lines Claude Code never loads are faded, the way unreachable code is.
  if (problem.code === ProblemCode.IndexOverBudget) diagnostic.tags = [vscode.DiagnosticTag.Unnecessary];
  return diagnostic;
}

/** The problem's message as its diagnostic shows it, in the display language. */
export function problemMessage(problem: Problem): string {
  return localized(problem.messageText, problem.message);
}

/** A diagnostic's code as a string, whether VS Code holds it bare or with its page. */
export function diagnosticCode(diagnostic: vscode.Diagnostic): string | undefined {
  const code = diagnostic.code;
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}

/** Whether a diagnostic VS Code hands back is the one made from `problem`. */
export function isDiagnosticOf(diagnostic: vscode.Diagnostic, problem: Problem): boolean {
  return diagnostic.source === DIAGNOSTIC_SOURCE && diagnosticCode(diagnostic) === problem.code && diagnostic.range.isEqual(toVscodeRange(problem.range)) && diagnostic.message === problemMessage(problem);
}
