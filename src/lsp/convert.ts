import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver/node';
import { agentMessage, ProblemCode, ruleDocsUrl, type Problem, type Severity } from '../core';
import type { Audience } from './settings';
import { localized } from './l10n';

export const DIAGNOSTIC_SOURCE = 'Memory Shelf';

const TO_LSP: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** A core problem as an LSP diagnostic; the code is the stable string code, as in VS Code and the CLI, linked to its page. */
export function toDiagnostic(problem: Problem, severity: Severity, uriOf: (path: string) => string, audience: Audience = 'people', fileProblems: readonly Problem[] = []): Diagnostic {
  const diagnostic: Diagnostic = {
    range: problem.range,
    severity: TO_LSP[severity],
    code: problem.code,
    codeDescription: { href: ruleDocsUrl(problem.code) },
    source: DIAGNOSTIC_SOURCE,
    message: problemMessage(problem, audience, fileProblems),
  };
  if (problem.related?.length) {
    diagnostic.relatedInformation = problem.related.map((related) => ({ location: { uri: uriOf(related.path), range: related.range }, message: localized(related.messageText, related.message) }));
  }
  // Lines Claude Code never loads are faded, the way unreachable code is.
  if (problem.code === ProblemCode.IndexOverBudget) diagnostic.tags = [DiagnosticTag.Unnecessary];
  return diagnostic;
}

/** The message as `audience` reads it; `fileProblems` (the file's others) let an agent's wording leave out what must not be repeated. */
export function problemMessage(problem: Problem, audience: Audience = 'people', fileProblems: readonly Problem[] = []): string {
  return audience === 'agent' ? localized(agentMessage(problem, fileProblems), problem.message) : localized(problem.messageText, problem.message);
}

/** Whether a diagnostic the client hands back (with a code action request) is the one made from `problem`. */
export function isDiagnosticOf(diagnostic: Diagnostic, problem: Problem, audience: Audience = 'people', fileProblems: readonly Problem[] = []): boolean {
  const a = diagnostic.range;
  const b = problem.range;
  return diagnostic.source === DIAGNOSTIC_SOURCE && diagnostic.code === problem.code && diagnostic.message === problemMessage(problem, audience, fileProblems)
    && a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
