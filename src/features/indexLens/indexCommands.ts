import * as vscode from 'vscode';
import {
  addUnlistedEntries, INDEX_FILE_NAME, memoryModifiedTime, ProblemCode, rebuildIndex, removeEntryLines, removeMissingEntries,
  sortIndex, updateHooks, type FileEdit, type ProblemFix, type IndexOperationOptions, type IndexSortOrder, type MemoryIndex, type MemoryStore,
} from '../../core';
import { Commands } from '../../commands';
import { targetRoot, type CommandTarget } from '../../workspace/commandTargets';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { activeRoot, currentIndex } from './indexState';
import type { BudgetStatusBar } from './budgetStatusBar';

/** The index commands. Each plans pure edits in core and applies them as one undoable WorkspaceEdit. */
export function registerIndexCommands(services: Services, statusBar: BudgetStatusBar): vscode.Disposable {
  const wholeIndex = (label: () => string, plan: (index: MemoryIndex | undefined, store: MemoryStore, options: IndexOperationOptions, root: MemoryRoot) => FileEdit | undefined, needsIndex = true) =>
    async (target?: CommandTarget): Promise<boolean> => {
      const root = await resolveRoot(services, target);
      if (!root) return false;
      const index = currentIndex(services, root);
      if (needsIndex && !index) {
        void vscode.window.showInformationMessage(vscode.l10n.t('{0} has no MEMORY.md yet.', root.info.label));
        return false;
      }
      return apply(services, root, () => plan(root.store.index, root.store, operationOptions(services, root), root), label(), services.config.settings.indexPreviewChanges, true);
    };

  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.indexAddUnlisted, wholeIndex(() => vscode.l10n.t('Add unlisted memories to the index'), (index, store, options) => addUnlistedEntries(index, store, options), false)),
    vscode.commands.registerCommand(Commands.indexRemoveMissing, wholeIndex(() => vscode.l10n.t('Remove entries whose file is missing'), (index, store) => removeMissingEntries(index!, store))),
    vscode.commands.registerCommand(Commands.indexRebuild, wholeIndex(() => vscode.l10n.t('Rebuild the index from the files'), (index, store, options) => rebuildIndex(index, store, options), false)),
    vscode.commands.registerCommand(Commands.indexUpdateHooks, async (target?: CommandTarget, lines?: readonly number[]) => {
      const root = await resolveRoot(services, target);
      const index = root && currentIndex(services, root);
      if (!root || !index) return false;
      const picked = lines ?? selectedLines(root);
      // A hook picked from its lens changes one line: no preview, Ctrl+Z undoes it.
      return apply(services, root, () => root.store.index && updateHooks(root.store.index, root.store, { lines: picked, dates: operationOptions(services, root).dates }), vscode.l10n.t('Update hooks from descriptions'), lines === undefined && services.config.settings.indexPreviewChanges, lines === undefined);
    }),
    vscode.commands.registerCommand(Commands.indexSort, async (target?: CommandTarget, order?: IndexSortOrder) => {
      const root = await resolveRoot(services, target);
      const index = root && currentIndex(services, root);
      if (!root || !index) return false;
      const chosen = order ?? (await pickSortOrder());
      if (!chosen) return false;
      return apply(services, root, () => root.store.index && sortIndex(root.store.index, root.store, chosen, operationOptions(services, root)), vscode.l10n.t('Sort the index'), services.config.settings.indexPreviewChanges, true);
    }),
    vscode.commands.registerCommand(Commands.indexCreate, async (target?: CommandTarget) => {
      // Offered from the view's title and the palette: only a folder without MEMORY.md is one to create it in.
      const root = await resolveRoot(services, target, (candidate) => !candidate.store.index);
      if (!root) return false;
      if (currentIndex(services, root)) return open(root);
      const edit = (): FileEdit => rebuildIndex(undefined, root.store, operationOptions(services, root)) ?? { kind: 'create', path: INDEX_FILE_NAME, content: '# Memory index\n' };
      const applied = await apply(services, root, edit, vscode.l10n.t('Create MEMORY.md from the files'), false);
      if (applied) await open(root);
      return applied;
    }),
    vscode.commands.registerCommand(Commands.indexOpen, async (target?: CommandTarget) => {
      const root = await resolveRoot(services, target);
      return root ? open(root) : false;
    }),
    vscode.commands.registerCommand(Commands.indexRemoveLines, async (target: CommandTarget, lines: readonly number[]) => {
      const root = await resolveRoot(services, target);
      const index = root && currentIndex(services, root);
      if (!root || !index) return false;
      return apply(services, root, () => root.store.index && removeEntryLines(root.store.index, lines), vscode.l10n.t('Remove entry'), false);
    }),
    vscode.commands.registerCommand(Commands.indexCreateMissing, async (target: CommandTarget, line: number) => {
      const root = await resolveRoot(services, target);
      if (!root || !currentIndex(services, root)) return false;
      const createFix = (): ProblemFix | undefined => {
        const problem = (services.problems.engineOf(root)?.problemsFor(INDEX_FILE_NAME) ?? []).find((candidate) => candidate.code === ProblemCode.IndexMissingFile && candidate.range.start.line === line);
        return problem?.fixes?.find((candidate) => candidate.edits.some((edit) => edit.kind === 'create'));
      };
      let fix = createFix();
      if (!fix) return false;
      const result = await services.edits.apply(() => {
        fix = createFix();
        return fix && [{ root: root.uri, edits: fix.edits }];
      }, { label: fix.title, preview: false });
      const applied = result === 'applied';
      const created = fix?.edits.find((edit) => edit.kind === 'create');
      if (applied && created) await vscode.window.showTextDocument(root.uriOf(created.path), { preview: false });
      return applied;
    }),
    vscode.commands.registerCommand(Commands.indexRevealMemory, async (target: CommandTarget, path: string) => {
      const root = await resolveRoot(services, target);
      return root ? (await vscode.commands.executeCommand<boolean>(Commands.revealInTree, root.uriOf(path))) === true : false;
    }),
    vscode.commands.registerCommand(Commands.indexEditMemory, async (uri: vscode.Uri) => {
      // The extension registers the form before any lens can offer this.
      await vscode.commands.executeCommand(Commands.openEditor, uri);
      return true;
    }),
    vscode.commands.registerCommand(Commands.indexBudgetStatus, () => statusBar.current),
  );
}

function operationOptions(services: Services, root: MemoryRoot): IndexOperationOptions {
  const typeSet = services.config.typeSet();
  const limits = services.config.budget();
  const modifiedTime = (path: string): number | undefined => root.modifiedTime(path);
  return {
    types: typeSet.types,
    limits,
    modifiedTime: (memory) => memoryModifiedTime(memory, modifiedTime(memory.path)),
    // New hooks get absolute dates counted as the relative-date rule counts them.
    dates: { store: root.store, typeSet, budget: limits, modifiedTime },
  };
}

/**
 * Applies the index edit `plan` makes from the store as it is when the applier runs it (the editors'
 * pending text applied first; run again if MEMORY.md moved on meanwhile); says so when there is nothing
 * to change. With `announce`, a notification says it is done and offers Undo: a whole-index change is
 * not one line a person can check at a glance.
 */
async function apply(services: Services, root: MemoryRoot, plan: () => FileEdit | undefined, label: string, preview: boolean, announce = false): Promise<boolean> {
  const result = await services.edits.apply(() => {
    const edit = plan();
    return edit && [{ root: root.uri, edits: [edit] }];
  }, { label, preview, ...(announce ? { announce: vscode.l10n.t('{0}: done.', label) } : {}) });
  if (result === 'not-planned' && !preview) void vscode.window.showInformationMessage(vscode.l10n.t('MEMORY.md needs no change: {0}.', label));
  return result === 'applied';
}

async function open(root: MemoryRoot): Promise<boolean> {
  await vscode.window.showTextDocument(root.uriOf(INDEX_FILE_NAME), { preview: false });
  return true;
}

/** The entry lines the user selected in MEMORY.md, or undefined (all) when nothing is selected there. */
function selectedLines(root: MemoryRoot): number[] | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.toString() !== root.uriOf(INDEX_FILE_NAME).toString()) return undefined;
  const lines = new Set<number>();
  for (const selection of editor.selections) {
    if (selection.isEmpty) continue;
    for (let line = selection.start.line; line <= selection.end.line; line++) lines.add(line);
  }
  return lines.size === 0 ? undefined : [...lines];
}

/** The command's root: the one given, else the active one, else one picked; with `fits`, only among those it fits. */
async function resolveRoot(services: Services, target: CommandTarget, fits: (root: MemoryRoot) => boolean = () => true): Promise<MemoryRoot | undefined> {
  const given = targetRoot(services, target);
  if (given) return given;
  if (target) return undefined;
  const active = activeRoot(services);
  if (active && fits(active)) return active;
  const roots = services.roots.roots.filter(fits);
  if (roots.length === 0) return undefined;
  const picked = await vscode.window.showQuickPick(roots.map((root) => ({ label: root.info.label, description: root.uri.fsPath, root })), { placeHolder: vscode.l10n.t('Which memory folder?') });
  return picked?.root;
}

async function pickSortOrder(): Promise<IndexSortOrder | undefined> {
  const picked = await vscode.window.showQuickPick<{ label: string; detail: string; order: IndexSortOrder }>([
    { label: vscode.l10n.t('By type'), detail: vscode.l10n.t('In the configured type order; headings and notes stay where they are.'), order: 'type' },
    { label: vscode.l10n.t('By recency'), detail: vscode.l10n.t('Newest first, so what changed last stays inside the load budget.'), order: 'recency' },
  ], { placeHolder: vscode.l10n.t('Sort MEMORY.md') });
  return picked?.order;
}
