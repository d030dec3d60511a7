import * as vscode from 'vscode';
import { escapeIcons, INDEX_FILE_NAME, ProblemCode, type Text } from '../../core';
import { Commands } from '../../commands';
import { say, type IndexLens } from '../../language/lenses';
import { createMemoryLanguage } from '../../language/memoryLanguage';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { formatNumber } from './indexState';

/**
 * Lenses on MEMORY.md: the language layer's (the load budget on the first line, above every entry the
 * memory's type and backlinks or what is wrong with the entry) with icons and the actions they take
 * here: reveal the memory in the tree, go to where loading stops, create, remove or update an entry;
 * and an "Edit" lens of the extension's own beside each memory. Computed on each call; nothing is cached.
 */
export class IndexCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changeEmitter.event;
  private readonly language = createMemoryLanguage();

  constructor(private readonly services: Services) {}

  refresh(): void {
    this.changeEmitter.fire();
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const found = this.services.roots.rootOf(document.uri);
    if (found?.path !== INDEX_FILE_NAME) return [];
    const lenses = this.language.lenses(this.services.problems.languageRoot(found.root), INDEX_FILE_NAME, document.getText());
    return lenses.flatMap((lens) => this.codeLenses(found.root, document, lens));
  }

  private codeLenses(root: MemoryRoot, document: vscode.TextDocument, lens: IndexLens): vscode.CodeLens[] {
    const range = new vscode.Range(lens.line, 0, lens.line, 0);
    const title = say(lens.title, shown);
    const { about } = lens;
    switch (about.kind) {
      case 'budget': {
        const { budget, way } = about;
        // Nothing is cut of an index nothing loads or a CLAUDE.md imports: no warning, whatever its size (issue #40).
        const icon = way === 'not-loaded' ? '$(circle-slash)' : way === 'imported' || budget.cutLine === undefined ? '$(check)' : '$(warning)';
        const command = budget.cutLine === undefined || way === 'imported'
          ? { title: `${icon} ${title}`, command: '' }
          : { title: `${icon} ${title}`, command: 'editor.action.goToLocations', arguments: [document.uri, new vscode.Position(0, 0), [new vscode.Location(document.uri, new vscode.Position(budget.cutLine, 0))], 'goto', ''] };
        return [new vscode.CodeLens(range, command)];
      }
      case 'memory':
        return [
          new vscode.CodeLens(range, { title: `$(symbol-class) ${title}`, tooltip: vscode.l10n.t('Reveal in the Memory Shelf tree'), command: Commands.indexRevealMemory, arguments: [root.uri, about.entry.target] }),
          new vscode.CodeLens(range, { title: vscode.l10n.t('Edit'), tooltip: vscode.l10n.t('Edit the frontmatter of this memory'), command: Commands.indexEditMemory, arguments: [root.uriOf(about.entry.target)] }),
        ];
      case 'issue': {
        const { entry, issue } = about;
        switch (issue.kind) {
          case 'missing-file': {
            const remove = new vscode.CodeLens(range, { title: vscode.l10n.t('remove entry'), command: Commands.indexRemoveLines, arguments: [root.uri, [lens.line]] });
            // Creating needs the rule's fix (stub shape and types); without it only removal is offered.
            if (!this.hasCreateFix(root, lens.line)) return [remove];
            return [new vscode.CodeLens(range, { title: `$(error) ${title}`, tooltip: vscode.l10n.t('Create {0} from this entry', issue.target), command: Commands.indexCreateMissing, arguments: [root.uri, lens.line] }), remove];
          }
          case 'hook-drift':
            // The lens shows the one fact that changed; its action edits that fact alone (issue #40).
            return issue.edit
              ? [new vscode.CodeLens(range, { title: `$(warning) ${title} — ${vscode.l10n.t('update hook')}`, tooltip: issue.hook, command: Commands.indexUpdateHooks, arguments: [root.uri, [lens.line]] })]
              : [new vscode.CodeLens(range, { title: `$(warning) ${title}`, tooltip: entry.memory?.description ?? '', command: '' })];
          case 'duplicate':
            return [new vscode.CodeLens(range, { title: `$(warning) ${title}`, command: Commands.indexRemoveLines, arguments: [root.uri, [lens.line]] })];
        }
      }
    }
  }

  private hasCreateFix(root: MemoryRoot, line: number): boolean {
    return (this.services.problems.engineOf(root)?.problemsFor(INDEX_FILE_NAME) ?? []).some((problem) => problem.code === ProblemCode.IndexMissingFile && problem.range.start.line === line && problem.fixes?.some((fix) => fix.edits.some((edit) => edit.kind === 'create')));
  }
}

/**
 * A lens's sentence in the display language: numbers as it writes them (25,000), and the file's own
 * words (a type, a hook) with their `$(icon)`s escaped, which a lens title would draw.
 */
function shown(text: Text): string {
  return vscode.l10n.t(text.template, ...text.args.map((arg) => (typeof arg === 'number' ? formatNumber(arg) : escapeIcons(arg))));
}
