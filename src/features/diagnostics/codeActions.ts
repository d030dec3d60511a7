import * as vscode from 'vscode';
import { baseName, ProblemCode, relativeDateFixAll, type FileEdit, type Problem, type RootPath } from '../../core';
import { Commands } from '../../commands';
import { localized } from '../../workspace/display/localized';
import type { EditPlan } from '../../workspace/edits/editApplier';
import { isDiagnosticOf } from '../../workspace/problems/toDiagnostic';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';

const FIX_ALL_RELATIVE_DATES = (): string => vscode.l10n.t('Fix all relative dates in this file');

/**
 * Quick fixes for Memory Shelf's diagnostics. Core computed every fix with the problem; this provider
 * only finds the problem behind each diagnostic (by code, range and message) and offers its fixes,
 * each applied through the edit applier when picked (which refuses it if the files changed since).
 */
export class MemoryCodeActionProvider implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly services: Services) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext, token: vscode.CancellationToken): vscode.CodeAction[] {
    // Diagnostics made from older text no longer match a problem, so no fix is offered at stale positions.
    const found = this.services.problems.problemsAt(document);
    if (!found) return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (token.isCancellationRequested) return [];
      const problem = found.problems.find((candidate) => isDiagnosticOf(diagnostic, candidate));
      if (!problem) continue;
      for (const fix of problem.fixes ?? []) {
        const action = this.fixAction(localized(fix.titleText, fix.title), found.root, fix.edits, problem.code === ProblemCode.Secret ? found.path : undefined);
        action.diagnostics = [diagnostic];
        action.isPreferred = fix.preferred === true;
        actions.push(action);
      }
      actions.push(...this.openOtherMemory(found.root, problem, diagnostic));
      if (problem.code === ProblemCode.IndexOverBudget) actions.push(...overBudgetActions(found.root, diagnostic));
      if (problem.code === ProblemCode.RelativeDate) {
        const fixAll = this.fixAllRelativeDates(found.root, found.path, found.problems, context.diagnostics);
        if (fixAll) actions.push(fixAll);
      }
    }
    return dedupeActions(actions);
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

  /** Duplicates are resolved by a person reading both: offer to open the other one. */
  private openOtherMemory(root: MemoryRoot, problem: Problem, diagnostic: vscode.Diagnostic): vscode.CodeAction[] {
    if (problem.code !== ProblemCode.NearDuplicate && problem.code !== ProblemCode.DuplicateName) return [];
    return (problem.related ?? []).map((related) => {
      const action = new vscode.CodeAction(vscode.l10n.t('Open the other memory: {0}', baseName(related.path)), vscode.CodeActionKind.QuickFix);
      const uri = root.uriOf(related.path);
      action.command = { title: action.title, command: 'vscode.open', arguments: [uri, { selection: new vscode.Range(related.range.start.line, related.range.start.character, related.range.end.line, related.range.end.character) }] };
      action.diagnostics = [diagnostic];
      return action;
    });
  }

  /** Every relative date of the file in one edit: core's fix-all, offered when there is more than one. */
  private fixAllRelativeDates(root: MemoryRoot, path: RootPath, problems: readonly Problem[], diagnostics: readonly vscode.Diagnostic[]): vscode.CodeAction | undefined {
    const dates = problems.filter((problem) => problem.code === ProblemCode.RelativeDate);
    const text = root.heldText(path);
    if (dates.length < 2 || text === undefined) return undefined;
    const fix = relativeDateFixAll({ path, text, memory: root.store.get(path) }, this.services.problems.ruleContext(root));
    if (!fix) return undefined;
    const action = this.fixAction(FIX_ALL_RELATIVE_DATES(), root, fix.edits);
    action.diagnostics = diagnostics.filter((diagnostic) => dates.some((problem) => isDiagnosticOf(diagnostic, problem)));
    return action;
  }
}

/** What brings the cut entries back inside the limit: the newest first, and hooks as short as the descriptions allow. */
function overBudgetActions(root: MemoryRoot, diagnostic: vscode.Diagnostic): vscode.CodeAction[] {
  const sort = new vscode.CodeAction(vscode.l10n.t('Sort the index by recency, newest first'), vscode.CodeActionKind.QuickFix);
  sort.command = { title: sort.title, command: Commands.indexSort, arguments: [root.uri, 'recency'] };
  const hooks = new vscode.CodeAction(vscode.l10n.t('Update hooks from the descriptions'), vscode.CodeActionKind.QuickFix);
  hooks.command = { title: hooks.title, command: Commands.indexUpdateHooks, arguments: [root.uri] };
  for (const action of [sort, hooks]) action.diagnostics = [diagnostic];
  return [sort, hooks];
}

/**
 * One action per fix: two diagnostics on one line often share a fix ("Change the name to x" from both
 * name-not-slug and name-file-mismatch, the fix-all under several relative dates), and VS Code would
 * list each copy. Same title and same edits make one action, covering both diagnostics.
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
