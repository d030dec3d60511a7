import type { CodeAction, CodeActionParams, Diagnostic } from 'vscode-languageserver/node';
import type { Problem } from '../core';
import { codeActionList } from '../language/codeActions';
import { isDiagnosticOf } from './convert';
import { t } from './l10n';
import type { ServerContext } from './context';
import { toWorkspaceEdit } from './workspaceEdit';

/**
 * Quick fixes: each diagnostic the client sends back is matched to its problem (code, range, message),
 * the language layer lists the fixes of those problems ({@link codeActionList}: core's fixes, a new
 * memory for a dangling link, all relative dates at once), and each becomes a code action whose edit
 * carries the documents' versions.
 */
export async function codeActions(server: ServerContext, params: CodeActionParams): Promise<CodeAction[]> {
  const model = server.documentModel(params.textDocument.uri);
  const text = server.documents.get(params.textDocument.uri)?.getText();
  // Diagnostics made from older text no longer match a problem, so no fix is offered at stale positions.
  if (!model || text === undefined || model.root.heldText(model.path) !== text) return [];
  const problems = model.root.problemsFor(model.path);
  const matched = new Map<Diagnostic, Problem>();
  for (const diagnostic of params.context.diagnostics) {
    const problem = problems.find((candidate) => isDiagnosticOf(diagnostic, candidate, server.settings.audience, problems));
    if (problem) matched.set(diagnostic, problem);
  }
  const asked = [...new Set(matched.values())];
  const answers = codeActionList({ path: model.path, text, links: model.links, context: model.root.ruleContext() }, asked, problems);
  const result: CodeAction[] = [];
  for (const answer of answers) {
    const edit = await toWorkspaceEdit(model.root, answer.edits, server.editSupport, server);
    const diagnostics = [...matched].filter(([, problem]) => answer.problems.includes(problem)).map(([diagnostic]) => diagnostic);
    if (edit) result.push({ title: t(answer.title.template, ...answer.title.args), kind: 'quickfix', diagnostics, isPreferred: answer.preferred, edit });
  }
  return result;
}
