import * as vscode from 'vscode';
import { baseName, ProblemCode, type FileEdit, type Problem } from '../../core';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { ProblemsService } from './problemsService';
import { Commands } from '../../commands';
import { toWorkspaceEdit, type OwnFileMoves } from '../fileEdits';
import { localized } from '../localized';
import { isDiagnosticOf } from './toDiagnostic';

/**
 * Quick fixes for Memory Shelf's diagnostics. Core computed every fix with the problem; this provider
 * only finds the problem behind each diagnostic (by code, range and message) and turns its fixes into
 * undoable WorkspaceEdits.
 */
export class MemoryCodeActionProvider implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly problems: ProblemsService) {}

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    // Diagnostics made from older text no longer match a problem, so no fix is offered at stale positions.
    const found = this.problems.problemsAt(document);
    if (!found) return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      const problem = found.problems.find((candidate) => isDiagnosticOf(diagnostic, candidate));
      if (!problem) continue;
      for (const fix of problem.fixes ?? []) {
        const title = localized(fix.titleText, fix.title);
        const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        // A fix that moves a file is applied through a command, so the move is announced to the Explorer
        // participant only when the user picks it, not each time the lightbulb is drawn.
        if (fix.edits.some((edit) => edit.kind === 'rename')) {
          action.command = { title, command: Commands.applyFileEdits, arguments: [found.root.uri, fix.edits] };
        } else {
          action.edit = toWorkspaceEdit(found.root, fix.edits);
        }
        action.diagnostics = [diagnostic];
        action.isPreferred = fix.preferred === true;
        actions.push(action);
      }
      actions.push(...this.openOtherMemory(found.root, problem, diagnostic));
      if (problem.code === ProblemCode.RelativeDate) {
        const fixAll = this.fixAllRelativeDates(found.root, found.problems, context.diagnostics);
        if (fixAll) actions.push(fixAll);
      }
    }
    return dedupeFixAll(actions);
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

  /** Every relative date of the file in one edit, each with its preferred fix. */
  private fixAllRelativeDates(root: MemoryRoot, problems: readonly Problem[], diagnostics: readonly vscode.Diagnostic[]): vscode.CodeAction | undefined {
    const dates = problems.filter((problem) => problem.code === ProblemCode.RelativeDate);
    const edits: FileEdit[] = [];
    for (const problem of dates) {
      const fix = problem.fixes?.find((candidate) => candidate.preferred) ?? problem.fixes?.[0];
      if (fix) edits.push(...fix.edits);
    }
    if (dates.length < 2 || edits.length === 0) return undefined;
    const action = new vscode.CodeAction(vscode.l10n.t('Fix all relative dates in this file'), vscode.CodeActionKind.QuickFix);
    action.edit = toWorkspaceEdit(root, edits);
    action.diagnostics = diagnostics.filter((diagnostic) => dates.some((problem) => isDiagnosticOf(diagnostic, problem)));
    return action;
  }
}

/** Several relative-date diagnostics under the cursor would each add the same fix-all action. */
function dedupeFixAll(actions: vscode.CodeAction[]): vscode.CodeAction[] {
  const seen = new Set<string>();
  return actions.filter((action) => {
    if (action.edit === undefined || action.title !== vscode.l10n.t('Fix all relative dates in this file')) return true;
    if (seen.has(action.title)) return false;
    seen.add(action.title);
    return true;
  });
}

export function registerCodeActions(problems: ProblemsService, ownMoves: OwnFileMoves): vscode.Disposable {
  const selector: vscode.DocumentSelector = [{ language: 'markdown' }, { pattern: '**/*.md' }];
  return vscode.Disposable.from(
    vscode.languages.registerCodeActionsProvider(selector, new MemoryCodeActionProvider(problems), {
      providedCodeActionKinds: MemoryCodeActionProvider.providedCodeActionKinds,
    }),
    vscode.commands.registerCommand(Commands.applyFileEdits, async (rootUri: vscode.Uri, edits: readonly FileEdit[]) => {
      const root = problems.rootAt(rootUri);
      if (!root) return false;
      ownMoves.expectAll(root, edits);
      return vscode.workspace.applyEdit(toWorkspaceEdit(root, edits));
    }),
  );
}
