import * as vscode from 'vscode';
import {
  addUnlistedEntries, INDEX_FILE_NAME, memoryModifiedTime, ProblemCode, rebuildIndex, removeEntryLines, removeMissingEntries,
  sortIndex, updateHooks, type FileEdit, type IndexOperationOptions, type IndexSortOrder, type MemoryIndex, type MemoryStore,
} from '../../core';
import { Commands } from '../../commands';
import type { IndexLensDeps, IndexRoot } from './indexLensDeps';
import { activeRoot, currentIndex, openIndexDocument } from './indexState';
import type { BudgetStatusBar } from './budgetStatusBar';

/** What a command may be invoked on: a root or MEMORY.md URI (CodeLens, tests), a tree node, or nothing (palette). */
type Target = vscode.Uri | { readonly root?: IndexRoot } | undefined;

/** The index commands. Each plans pure edits in core and applies them as one undoable WorkspaceEdit. */
export function registerIndexCommands(deps: IndexLensDeps, statusBar: BudgetStatusBar): vscode.Disposable {
  const wholeIndex = (label: () => string, plan: (index: MemoryIndex | undefined, store: MemoryStore, options: IndexOperationOptions, root: IndexRoot) => FileEdit | undefined, needsIndex = true) =>
    async (target?: Target): Promise<boolean> => {
      const root = await resolveRoot(deps, target);
      if (!root) return false;
      const index = currentIndex(deps, root);
      if (needsIndex && !index) {
        void vscode.window.showInformationMessage(vscode.l10n.t('{0} has no MEMORY.md yet.', root.info.label));
        return false;
      }
      return apply(deps, root, plan(index, root.store, operationOptions(deps, root), root), label(), deps.settings().previewChanges, true);
    };

  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.indexAddUnlisted, wholeIndex(() => vscode.l10n.t('Add unlisted memories to the index'), (index, store, options) => addUnlistedEntries(index, store, options), false)),
    vscode.commands.registerCommand(Commands.indexRemoveMissing, wholeIndex(() => vscode.l10n.t('Remove entries whose file is missing'), (index, store) => removeMissingEntries(index!, store))),
    vscode.commands.registerCommand(Commands.indexRebuild, wholeIndex(() => vscode.l10n.t('Rebuild the index from the files'), (index, store, options) => rebuildIndex(index, store, options), false)),
    vscode.commands.registerCommand(Commands.indexUpdateHooks, async (target?: Target, lines?: readonly number[]) => {
      const root = await resolveRoot(deps, target);
      const index = root && currentIndex(deps, root);
      if (!root || !index) return false;
      const picked = lines ?? selectedLines(root);
      // A hook picked from its lens changes one line: no preview, Ctrl+Z undoes it.
      return apply(deps, root, updateHooks(index, root.store, { lines: picked, dates: operationOptions(deps, root).dates }), vscode.l10n.t('Update hooks from descriptions'), lines === undefined && deps.settings().previewChanges, lines === undefined);
    }),
    vscode.commands.registerCommand(Commands.indexSort, async (target?: Target, order?: IndexSortOrder) => {
      const root = await resolveRoot(deps, target);
      const index = root && currentIndex(deps, root);
      if (!root || !index) return false;
      const chosen = order ?? (await pickSortOrder());
      if (!chosen) return false;
      return apply(deps, root, sortIndex(index, root.store, chosen, operationOptions(deps, root)), vscode.l10n.t('Sort the index'), deps.settings().previewChanges, true);
    }),
    vscode.commands.registerCommand(Commands.indexCreate, async (target?: Target) => {
      const root = await resolveRoot(deps, target);
      if (!root) return false;
      if (currentIndex(deps, root)) return open(root);
      const edit = rebuildIndex(undefined, root.store, operationOptions(deps, root)) ?? { kind: 'create', path: INDEX_FILE_NAME, content: '# Memory index\n' };
      const applied = await apply(deps, root, edit, vscode.l10n.t('Create MEMORY.md from the files'), false);
      if (applied) await open(root);
      return applied;
    }),
    vscode.commands.registerCommand(Commands.indexOpen, async (target?: Target) => {
      const root = await resolveRoot(deps, target);
      return root ? open(root) : false;
    }),
    vscode.commands.registerCommand(Commands.indexRemoveLines, async (target: Target, lines: readonly number[]) => {
      const root = await resolveRoot(deps, target);
      const index = root && currentIndex(deps, root);
      if (!root || !index) return false;
      return apply(deps, root, removeEntryLines(index, lines), vscode.l10n.t('Remove entry'), false);
    }),
    vscode.commands.registerCommand(Commands.indexCreateMissing, async (target: Target, line: number) => {
      const root = await resolveRoot(deps, target);
      if (!root || !currentIndex(deps, root)) return false;
      const problem = deps.problemsFor(root, INDEX_FILE_NAME).find((candidate) => candidate.code === ProblemCode.IndexMissingFile && candidate.range.start.line === line);
      const fix = problem?.fixes?.find((candidate) => candidate.edits.some((edit) => edit.kind === 'create'));
      if (!fix) return false;
      const applied = await deps.applyEdits(root, fix.edits, { label: fix.title, preview: false });
      const created = fix.edits.find((edit) => edit.kind === 'create');
      if (applied && created) await vscode.window.showTextDocument(root.uriOf(created.path), { preview: false });
      return applied;
    }),
    vscode.commands.registerCommand(Commands.indexRevealMemory, async (target: Target, path: string) => {
      const root = await resolveRoot(deps, target);
      return root ? deps.revealInTree(root, path) : false;
    }),
    vscode.commands.registerCommand(Commands.indexEditMemory, async (uri: vscode.Uri) => {
      // The frontmatter form where it is installed; the file itself otherwise.
      const commands = await vscode.commands.getCommands(true);
      if (commands.includes('memoryShelf.openEditor')) await vscode.commands.executeCommand('memoryShelf.openEditor', uri);
      else await vscode.window.showTextDocument(uri, { preview: true });
      return true;
    }),
    vscode.commands.registerCommand(Commands.indexBudgetStatus, () => statusBar.current),
  );
}

function operationOptions(deps: IndexLensDeps, root: IndexRoot): IndexOperationOptions {
  const settings = deps.settings();
  const modifiedTime = (path: string): number | undefined => root.modifiedTime(path);
  return {
    types: settings.typeSet.types,
    limits: settings.limits,
    modifiedTime: (memory) => memoryModifiedTime(memory, modifiedTime(memory.path)),
    // New hooks get absolute dates counted as the relative-date rule counts them.
    dates: { store: root.store, typeSet: settings.typeSet, budget: settings.limits, modifiedTime },
  };
}

/** With `announce`, a notification says it is done and offers Undo: a whole-index change is not one line a person can check at a glance. */
async function apply(deps: IndexLensDeps, root: IndexRoot, edit: FileEdit | undefined, label: string, preview: boolean, announce = false): Promise<boolean> {
  if (!edit) {
    void vscode.window.showInformationMessage(vscode.l10n.t('MEMORY.md needs no change: {0}.', label));
    return false;
  }
  // Positions were planned from the store's text; an editor still showing other text would get them wrong.
  const document = openIndexDocument(root);
  if (edit.kind === 'edit' && document && document.getText() !== root.store.index?.text) {
    void vscode.window.showWarningMessage(vscode.l10n.t('MEMORY.md changed while the edit was planned; nothing was changed. Try again.'));
    return false;
  }
  return deps.applyEdits(root, [edit], { label, preview, announce: announce ? vscode.l10n.t('{0}: done.', label) : undefined });
}

async function open(root: IndexRoot): Promise<boolean> {
  await vscode.window.showTextDocument(root.uriOf(INDEX_FILE_NAME), { preview: false });
  return true;
}

/** The entry lines the user selected in MEMORY.md, or undefined (all) when nothing is selected there. */
function selectedLines(root: IndexRoot): number[] | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.toString() !== root.uriOf(INDEX_FILE_NAME).toString()) return undefined;
  const lines = new Set<number>();
  for (const selection of editor.selections) {
    if (selection.isEmpty) continue;
    for (let line = selection.start.line; line <= selection.end.line; line++) lines.add(line);
  }
  return lines.size === 0 ? undefined : [...lines];
}

async function resolveRoot(deps: IndexLensDeps, target: Target): Promise<IndexRoot | undefined> {
  if (target instanceof vscode.Uri) {
    return deps.roots().find((root) => root.uri.toString() === target.toString()) ?? deps.rootOf(target)?.root;
  }
  if (target && 'root' in target && target.root) return target.root;
  const active = activeRoot(deps);
  if (active) return active;
  const roots = deps.roots();
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
