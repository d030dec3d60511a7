import type { CodeAction, CodeActionParams, Diagnostic } from 'vscode-languageserver/node';
import { inferType, linkAt, planStub, ProblemCode, relativeDateFixAll, typePrefixedStem, type FileEdit, type Problem } from '../core';
import { typeSetOf } from '../language/settings';
import { isDiagnosticOf } from './convert';
import { t, localized } from './l10n';
import type { DocumentModel, MemoryShelfServer } from './server';
import { toWorkspaceEdit } from './workspaceEdit';

/**
 * Quick fixes: core computed every fix with its problem, as for VS Code's lightbulb and the CLI's
 * --fix; here each diagnostic the client sends back is matched to its problem (code, range, message)
 * and each fix becomes a code action whose edit carries the documents' versions.
 */
export async function codeActions(server: MemoryShelfServer, params: CodeActionParams): Promise<CodeAction[]> {
  const model = server.documentModel(params.textDocument.uri);
  // Diagnostics made from older text no longer match a problem, so no fix is offered at stale positions.
  if (!model || !server.documents.get(params.textDocument.uri) || model.root.heldText(model.path) !== server.documents.get(params.textDocument.uri)?.getText()) return [];
  const problems = model.root.problemsFor(model.path);
  const actions: { title: string; edits: readonly FileEdit[]; diagnostics: Diagnostic[]; preferred: boolean }[] = [];
  const add = (title: string, edits: readonly FileEdit[], diagnostics: Diagnostic[], preferred: boolean): void => {
    // Two diagnostics on a line often share a fix ("Change the name to x" from name-not-slug and name-file-mismatch): one action.
    const same = actions.find((action) => action.title === title && JSON.stringify(action.edits) === JSON.stringify(edits));
    if (!same) return void actions.push({ title, edits, diagnostics, preferred });
    for (const diagnostic of diagnostics) if (!same.diagnostics.includes(diagnostic)) same.diagnostics.push(diagnostic);
    same.preferred ||= preferred;
  };
  for (const diagnostic of params.context.diagnostics) {
    const problem = problems.find((candidate) => isDiagnosticOf(diagnostic, candidate, server.settings.audience, problems));
    if (!problem) continue;
    for (const fix of problem.fixes ?? []) add(localized(fix.titleText, fix.title), fix.edits, [diagnostic], fix.preferred === true);
    if (problem.code === ProblemCode.LinkDangling) {
      for (const stub of createMemory(server, model, diagnostic)) add(stub.title, stub.edits, [diagnostic], stub.preferred);
    }
    if (problem.code === ProblemCode.RelativeDate) {
      const all = fixAllRelativeDates(server, model, problems, params.context.diagnostics);
      if (all) add(t('Fix all relative dates in this file'), all.edits, all.diagnostics, false);
    }
  }
  const result: CodeAction[] = [];
  for (const action of actions) {
    const edit = await toWorkspaceEdit(model.root, action.edits, server.editSupport, server);
    if (edit) result.push({ title: action.title, kind: 'quickfix', diagnostics: action.diagnostics, isPreferred: action.preferred, edit });
  }
  return result;
}

/**
 * A dangling link reserves a name: creating that memory (file and index entry, core's {@link planStub},
 * as the extension's Ctrl+click does), one action per type the person can choose, or just the type the
 * name says (`feedback-…`). An editor has no question to ask, so the choice is the list.
 */
function createMemory(server: MemoryShelfServer, model: DocumentModel, diagnostic: Diagnostic): { title: string; edits: readonly FileEdit[]; preferred: boolean }[] {
  const link = linkAt(model.links, diagnostic.range.start);
  const store = model.root.store;
  if (!link || store.resolveLink(link.target).status !== 'dangling') return [];
  const types = typeSetOf(server.settings.settings).types;
  const inferred = inferType(link.target, types);
  return (inferred ? [inferred] : types).flatMap((type) => {
    const plan = planStub(store, { name: link.target, type, fileStem: typePrefixedStem(store, link.target, type) });
    return plan.ok ? [{ title: t('Create the memory "{0}" ({1})', link.target, type), edits: plan.edits, preferred: false }] : [];
  });
}

/** Every relative date of the file in one edit: core's fix-all, offered when there is more than one. */
function fixAllRelativeDates(server: MemoryShelfServer, model: DocumentModel, problems: readonly Problem[], diagnostics: readonly Diagnostic[]): { edits: readonly FileEdit[]; diagnostics: Diagnostic[] } | undefined {
  const dates = problems.filter((problem) => problem.code === ProblemCode.RelativeDate);
  const text = model.root.heldText(model.path);
  if (dates.length < 2 || text === undefined) return undefined;
  const fix = relativeDateFixAll({ path: model.path, text, memory: model.root.store.get(model.path) }, model.root.ruleContext());
  if (!fix) return undefined;
  return { edits: fix.edits, diagnostics: diagnostics.filter((diagnostic) => dates.some((problem) => isDiagnosticOf(diagnostic, problem, server.settings.audience, problems))) };
}
