import * as vscode from 'vscode';
import { escapeIcons, INDEX_FILE_NAME, ProblemCode, type EntryIssue, type EntryLens, entryLenses } from '../../core';
import { Commands } from '../../commands';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { budgetOf, formatNumber, indexRootOf } from './indexState';
import { budgetLensTitle } from './budgetText';

/**
 * Lenses on MEMORY.md: the load budget on the first line, and above every entry the memory's type and
 * backlinks (click: reveal it in the tree), "Edit", and one lens per problem with its action. Lenses
 * are computed from the store on each call; nothing is cached between calls.
 */
export class IndexCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changeEmitter.event;

  constructor(private readonly services: Services) {}

  refresh(): void {
    this.changeEmitter.fire();
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const root = indexRootOf(this.services, document);
    if (!root || !this.services.config.settings.indexCodeLens) return [];
    const state = budgetOf(this.services, root);
    // The store may lag behind an editor it does not track: then positions would be wrong.
    if (!state || state.index.text !== document.getText()) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const way = root.info.load.index;
    const budgetCommand = state.budget.cutLine === undefined || way === 'imported'
      ? { title: budgetLensTitle(state.budget, way), command: '' }
      : { title: budgetLensTitle(state.budget, way), command: 'editor.action.goToLocations', arguments: [document.uri, new vscode.Position(0, 0), [new vscode.Location(document.uri, new vscode.Position(state.budget.cutLine, 0))], 'goto', ''] };
    const lenses = [new vscode.CodeLens(top, budgetCommand)];
    for (const lens of entryLenses(state.index, root.store)) lenses.push(...this.entryLenses(root, lens));
    return lenses;
  }

  private entryLenses(root: MemoryRoot, lens: EntryLens): vscode.CodeLens[] {
    const range = new vscode.Range(lens.line, 0, lens.line, 0);
    const result: vscode.CodeLens[] = [];
    if (lens.memory) {
      // A lens title draws `$(icon)`s, and the type is the file's text.
      const type = lens.memory.type !== undefined ? escapeIcons(lens.memory.type) : vscode.l10n.t('no type');
      const backlinks = lens.backlinks === 1 ? vscode.l10n.t('1 backlink') : vscode.l10n.t('{0} backlinks', formatNumber(lens.backlinks));
      result.push(new vscode.CodeLens(range, { title: `$(symbol-class) ${type} · ${backlinks}`, tooltip: vscode.l10n.t('Reveal in the Memory Shelf tree'), command: Commands.indexRevealMemory, arguments: [root.uri, lens.target] }));
      result.push(new vscode.CodeLens(range, { title: vscode.l10n.t('Edit'), tooltip: vscode.l10n.t('Edit the frontmatter of this memory'), command: Commands.indexEditMemory, arguments: [root.uriOf(lens.target)] }));
    }
    for (const issue of lens.issues) result.push(...this.issueLenses(root, lens, issue, range));
    return result;
  }

  private issueLenses(root: MemoryRoot, lens: EntryLens, issue: EntryIssue, range: vscode.Range): vscode.CodeLens[] {
    switch (issue.kind) {
      case 'missing-file': {
        const lenses = [
          new vscode.CodeLens(range, { title: `$(error) ${vscode.l10n.t('file missing — create')}`, tooltip: vscode.l10n.t('Create {0} from this entry', issue.target), command: Commands.indexCreateMissing, arguments: [root.uri, lens.line] }),
          new vscode.CodeLens(range, { title: vscode.l10n.t('remove entry'), command: Commands.indexRemoveLines, arguments: [root.uri, [lens.line]] }),
        ];
        // Creating needs the rule's fix (stub shape and types); without it only removal is offered.
        return this.hasCreateFix(root, lens.line) ? lenses : lenses.slice(1);
      }
      case 'hook-drift': {
        // The lens shows the one fact that changed; its action edits that fact alone (issue #40).
        const change = vscode.l10n.t('hook differs from the description: {0} → {1}', escapeIcons(issue.change.old), escapeIcons(issue.change.now));
        return issue.edit
          ? [new vscode.CodeLens(range, { title: `$(warning) ${change} — ${vscode.l10n.t('update hook')}`, tooltip: issue.hook, command: Commands.indexUpdateHooks, arguments: [root.uri, [lens.line]] })]
          : [new vscode.CodeLens(range, { title: `$(warning) ${change}`, tooltip: lens.memory?.description ?? '', command: '' })];
      }
      case 'duplicate':
        return [new vscode.CodeLens(range, { title: `$(warning) ${vscode.l10n.t('listed twice (line {0}) — remove', issue.firstLine + 1)}`, command: Commands.indexRemoveLines, arguments: [root.uri, [lens.line]] })];
    }
  }

  private hasCreateFix(root: MemoryRoot, line: number): boolean {
    return (this.services.problems.engineOf(root)?.problemsFor(INDEX_FILE_NAME) ?? []).some((problem) => problem.code === ProblemCode.IndexMissingFile && problem.range.start.line === line && problem.fixes?.some((fix) => fix.edits.some((edit) => edit.kind === 'create')));
  }
}
