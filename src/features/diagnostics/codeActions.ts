import * as vscode from 'vscode';
import { baseName, formatText, ProblemCode, type FileEdit, type Problem, type RootPath } from '../../core';
import { Commands } from '../../commands';
import { createMemoryLanguage } from '../../language/memoryLanguage';
import { toVsRange } from '../../workspace/display/ranges';
import { localized } from '../../workspace/display/localized';
import type { EditPlan } from '../../workspace/edits/editApplier';
import { isDiagnosticOf } from '../../workspace/problems/toDiagnostic';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';

/**
 * Quick fixes for Memory Shelf's diagnostics: the problem behind each diagnostic (by code, range and
 * message) and the language layer's list of their fixes ({@link createMemoryLanguage}), each applied
 * through the edit applier when picked (which refuses it if the files changed since). The extension adds
 * its own commands: open the other memory of a duplicate, sort the index or update its hooks when it is
 * over budget, and after a secret's fix the offer to purge it from the history. A dangling link is
 * created from its hover or click, which ask the type, rather than from one fix per type.
 */
export class MemoryCodeActionProvider implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];
  private readonly language = createMemoryLanguage();

  constructor(private readonly services: Services) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext, token: vscode.CancellationToken): vscode.CodeAction[] {
    // Diagnostics made from older text no longer match a problem, so no fix is offered at stale positions.
    const found = this.services.problems.problemsAt(document);
    if (!found || token.isCancellationRequested) return [];
    const { root, path } = found;
    // The store's text, which the problems were found in: the document's typed text was put into it first.
    const text = root.heldText(path) ?? document.getText();
    const matched = new Map<vscode.Diagnostic, Problem>();
    for (const diagnostic of context.diagnostics) {
      const problem = found.problems.find((candidate) => isDiagnosticOf(diagnostic, candidate));
      if (problem) matched.set(diagnostic, problem);
    }
    const diagnosticsOf = (problems: readonly Problem[]): vscode.Diagnostic[] => [...matched].filter(([, problem]) => problems.includes(problem)).map(([diagnostic]) => diagnostic);
    const listed = this.language.codeActions(this.services.problems.languageRoot(root), path, text, [...new Set(matched.values())], {
      createMemory: false,
      doorActions: (problem) => [...openOtherMemory(root, problem), ...(problem.code === ProblemCode.IndexOverBudget ? overBudgetActions(root) : [])].map((action) => Object.assign(action, { diagnostics: diagnosticsOf([problem]) })),
    });
    return dedupeActions(listed.map((entry) => {
      if ('door' in entry) return entry.door;
      const action = this.fixAction(localized(entry.title, formatText(entry.title)), root, entry.edits, entry.problems.some((problem) => problem.code === ProblemCode.Secret) ? path : undefined);
      action.diagnostics = diagnosticsOf(entry.problems);
      action.isPreferred = entry.preferred;
      return action;
    }));
  }

  /**
   * An action applying `edits` when picked, planned from the text the lightbulb was drawn for. A
   * redacted secret (`secretPath`) then has its earlier versions in the history offered for purging.
   */
  private fixAction(title: string, root: MemoryRoot, edits: readonly FileEdit[], secretPath?: RootPath): vscode.CodeAction {
    const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
    const plan: EditPlan = this.services.edits.plan([{ root: root.uri, edits }]);
    action.command = secretPath === undefined
      ? { title, command: Commands.applyFileEdits, arguments: [plan] }
      : { title, command: Commands.redactSecret, arguments: [plan, root.uri, secretPath] };
    return action;
  }
}

/** Duplicates are resolved by a person reading both: offer to open the other one. */
function openOtherMemory(root: MemoryRoot, problem: Problem): vscode.CodeAction[] {
  if (problem.code !== ProblemCode.NearDuplicate && problem.code !== ProblemCode.DuplicateName) return [];
  return (problem.related ?? []).map((related) => {
    const action = new vscode.CodeAction(vscode.l10n.t('Open the other memory: {0}', baseName(related.path)), vscode.CodeActionKind.QuickFix);
    action.command = { title: action.title, command: 'vscode.open', arguments: [root.uriOf(related.path), { selection: toVsRange(related.range) }] };
    return action;
  });
}

/** What brings the cut entries back inside the limit: the newest first, and hooks as short as the descriptions allow. */
function overBudgetActions(root: MemoryRoot): vscode.CodeAction[] {
  const sort = new vscode.CodeAction(vscode.l10n.t('Sort the index by recency, newest first'), vscode.CodeActionKind.QuickFix);
  sort.command = { title: sort.title, command: Commands.indexSort, arguments: [root.uri, 'recency'] };
  const hooks = new vscode.CodeAction(vscode.l10n.t('Update hooks from the descriptions'), vscode.CodeActionKind.QuickFix);
  hooks.command = { title: hooks.title, command: Commands.indexUpdateHooks, arguments: [root.uri] };
  return [sort, hooks];
}

/**
 * One action per command: the extension's own actions of two problems may be the same (two duplicate
 * findings pointing at one other memory), and VS Code would list each copy. Same title and same
 * arguments make one action, covering both diagnostics.
 */
function dedupeActions(actions: vscode.CodeAction[]): vscode.CodeAction[] {
  const byKey = new Map<string, vscode.CodeAction>();
  for (const action of actions) {
    const key = `${action.title}\u0000${JSON.stringify(action.command?.arguments ?? [])}`;
    const kept = byKey.get(key);
    if (!kept) {
      byKey.set(key, action);
      continue;
    }
    kept.diagnostics = [...(kept.diagnostics ?? []), ...(action.diagnostics ?? []).filter((diagnostic) => !kept.diagnostics?.includes(diagnostic))];
    kept.isPreferred = kept.isPreferred || action.isPreferred;
  }
  return [...byKey.values()];
}

export function registerCodeActions(services: Services): vscode.Disposable {
  const selector: vscode.DocumentSelector = [{ language: 'markdown' }, { pattern: '**/*.md' }];
  return vscode.Disposable.from(
    vscode.languages.registerCodeActionsProvider(selector, new MemoryCodeActionProvider(services), {
      providedCodeActionKinds: MemoryCodeActionProvider.providedCodeActionKinds,
    }),
    // A plan made by a quick fix, or core edits of one root (`rootUri`, `edits`) planned from the stores now.
    vscode.commands.registerCommand(Commands.applyFileEdits, (planOrRoot: EditPlan | vscode.Uri, edits?: readonly FileEdit[]) => {
      const plan = planOrRoot instanceof vscode.Uri ? services.edits.plan([{ root: planOrRoot, edits: edits ?? [] }]) : planOrRoot;
      // A command anyone can call (a command link, another extension): it edits loaded memory roots only.
      const foreign = plan.changes.find((change) => !services.roots.rootAt(vscode.Uri.from(change.root)));
      if (foreign) {
        services.log.warn(`Not applied: ${vscode.Uri.from(foreign.root).toString()} is not a memory folder Memory Shelf has loaded`);
        return Promise.resolve(false);
      }
      return services.edits.apply(() => plan).then((result) => result === 'applied');
    }),
    vscode.commands.registerCommand(Commands.redactSecret, async (plan: EditPlan, rootUri: vscode.Uri, path: RootPath) => {
      const root = rootUri instanceof vscode.Uri ? services.roots.rootAt(rootUri) : undefined;
      if (!root || typeof path !== 'string' || !root.store.get(path)) return false;
      const applied = await vscode.commands.executeCommand<boolean>(Commands.applyFileEdits, plan);
      if (applied) void offerHistoryPurge(services, root, path);
      return applied;
    }),
  );
}

/**
 * The secret is gone from the memory, but every earlier version in the history still holds it and a
 * restore would bring it back: offer to replace those versions with redacted copies. The memory is
 * saved first, so what is on disk no longer holds it either. The secret itself is never shown.
 */
async function offerHistoryPurge(services: Services, root: MemoryRoot, path: RootPath): Promise<void> {
  const count = await services.history.secretVersions(root, path).catch(() => 0);
  if (count === 0) return;
  const remove = vscode.l10n.t('Save and Remove from History');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} earlier versions of {1} in Memory Shelf\'s history still hold the secret, and restoring one would bring it back. Rotate the secret, and remove it from the history too?', count, path),
    remove,
  );
  if (answer !== remove) return;
  const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === root.uriOf(path).toString());
  if (document?.isDirty && !(await document.save())) return;
  try {
    const purged = await services.history.secretVersions(root, path, true);
    void vscode.window.showInformationMessage(purged === 1
      ? vscode.l10n.t('Replaced 1 version of {0} in the history with a copy where the secret reads <redacted>.', path)
      : vscode.l10n.t('Replaced {0} versions of {1} in the history with copies where the secret reads <redacted>.', purged, path));
  } catch (error) {
    services.log.warn(`Could not remove the secret from the history of ${path}`, error);
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not remove the secret from the history of {0}; see the Memory Shelf log.', path));
  }
}
