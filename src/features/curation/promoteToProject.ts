import { posix as posixPath } from 'node:path';
import * as vscode from 'vscode';
import { displayName, INDEX_FILE_NAME, MemoryStore, planPromoteToRoot, type MemoryFile, type PromotePlan } from '../../core';
import { Commands } from '../../commands';
import { memoryTitle } from '../../workspace/display/memoryTitle';
import { addImport, missingImport, type MissingImport } from '../../workspace/roots/claudeImport';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { singleTargetMemory, type CommandTarget } from '../../workspace/commandTargets';
import { uriExists } from '../../workspace/fs';
import { landsInside } from '../../workspace/realPathBoundary';

/** How a test (or another command) runs the promotion without asking: the target root, and applying without the confirmation. */
export interface PromoteToProjectOptions {
  readonly target?: vscode.Uri;
  /** `false` applies at once; `'preview'` opens the refactor preview; by default the person confirms. */
  readonly confirm?: false | 'preview';
  /** With `confirm`, also add the CLAUDE.md import that makes Claude Code load the folder, when none does. */
  readonly addImport?: boolean;
  /** Stands in for the confirmation's modal (tests): gets its buttons, returns the one pressed or undefined for Cancel. */
  readonly answer?: (buttons: readonly string[]) => string | undefined;
}

/** Where the memory goes: a memory folder there now, or a `memory/` to create only once the person has confirmed the move. */
type Target =
  | { readonly kind: 'root'; readonly root: MemoryRoot; readonly uri: vscode.Uri; readonly label: string }
  | { readonly kind: 'new'; readonly uri: vscode.Uri; readonly label: string; readonly workspaceFolder: vscode.Uri };

/**
 * `memoryShelf.promoteToProject`: moves a memory from Claude Code's machine-local auto memory into the
 * project's committed `memory/` folder, its MEMORY.md line with it, as one undoable edit spanning both
 * folders. A name the project folder already has refuses the move. Links resolve inside one folder:
 * the confirmation says which links stay behind as reservations (see planPromoteToRoot for why they are
 * not rewritten).
 */
export function registerPromoteToProject(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.promoteToProject, async (clicked?: CommandTarget, selected?: readonly CommandTarget[], options: PromoteToProjectOptions = {}) => {
    const one = singleTargetMemory(services, clicked, selected, vscode.l10n.t('Promote one memory at a time: each move is its own edit, undone on its own.'));
    if (!one) return false;
    const { root: source, memory } = one;
    if (source.info.kind !== 'auto') {
      void vscode.window.showInformationMessage(vscode.l10n.t('"{0}" is already in a project memory folder; only memories in Claude Code\'s auto memory are promoted to the project.', memoryTitle(source, memory)));
      return false;
    }
    const target = await targetFolder(services, options.target);
    if (!target) return false;

    const types = services.config.typeSet().types;
    const storeOf = (): MemoryStore => (target.kind === 'root' ? target.root.store : services.roots.rootAt(target.uri)?.store ?? new MemoryStore());
    const first = planPromoteToRoot(source.store, memory, storeOf(), types);
    if (!first.ok) {
      void vscode.window.showErrorMessage(refusal(memory, target.label, first));
      return false;
    }
    const missing = await missingImport(target);
    const answer = options.confirm === undefined ? await confirm(memory, source, target, first, missing, options.answer) : { how: options.confirm === 'preview' ? 'preview' as const : 'apply' as const, addImport: options.addImport === true };
    if (!answer) return false;
    const how = answer.how;
    // Only now, the move confirmed, may the new folder be written: a link named memory must not lead out of the project.
    if (target.kind === 'new' && !(await landsInside(target.workspaceFolder, vscode.Uri.joinPath(target.uri, INDEX_FILE_NAME)))) {
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} is a link that leads out of the workspace folder; no memory folder was created there.', target.uri.fsPath || target.uri.toString()));
      return false;
    }

    const path = memory.path;
    const result = await services.edits.apply(() => {
      services.documents.flushRoot(source);
      if (target.kind === 'root') services.documents.flushRoot(target.root);
      const current = source.store.get(path);
      if (!current) return undefined;
      const plan = planPromoteToRoot(source.store, current, storeOf(), types);
      if (!plan.ok) {
        void vscode.window.showErrorMessage(refusal(current, target.label, plan));
        return undefined;
      }
      // A new folder's MEMORY.md is one of the move's files: one Undo takes the folder's files away with the move.
      return [{ root: target.uri, edits: plan.target }, { root: source.uri, edits: plan.source }];
    }, {
      label: vscode.l10n.t('Promote {0} to {1}', memoryTitle(source, memory), target.label),
      preview: how === 'preview',
      announce: vscode.l10n.t('Moved "{0}" to {1}.', memoryTitle(source, memory), target.label),
    });
    if (result !== 'applied') return false;
    if (target.kind === 'new') await services.roots.reload();
    const joined = services.roots.rootAt(target.uri);
    // A person chose to share this fact: in its new folder it does not wait for review again.
    if (joined) await services.review.approve(joined, path, memory.text).catch((error: unknown) => services.log.warn('Could not record the promoted memory as reviewed', error));
    if (missing && answer.addImport && (await addImport(services, missing))) {
      // The folder's label says whether Claude Code loads it: read the CLAUDE.md files again so it agrees.
      await services.roots.reload();
    }
    return true;
  });
}

/**
 * The project folder to promote into: the one asked for, the only one, one picked, or, when the project
 * has none, `memory/` in the workspace folder, created by the move itself once the person confirms it.
 */
async function targetFolder(services: Services, asked: vscode.Uri | undefined): Promise<Target | undefined> {
  if (asked) {
    const root = services.roots.rootAt(asked);
    if (root) return { kind: 'root', root, uri: root.uri, label: root.info.label };
    const folder = vscode.workspace.getWorkspaceFolder(asked);
    return folder && !(await uriExists(asked)) ? newFolder(folder, asked) : undefined;
  }
  const candidates = services.roots.roots.filter((root) => root.info.kind !== 'auto');
  const pickRoot = async (): Promise<MemoryRoot | undefined> => {
    if (candidates.length === 1) return candidates[0];
    const pick = await vscode.window.showQuickPick(candidates.map((root) => ({ label: root.info.label, description: root.info.load.detail, detail: root.uri.fsPath || root.uri.toString(), root })), {
      title: vscode.l10n.t('Promote to the project\'s memory'),
      placeHolder: vscode.l10n.t('Which memory folder should the memory move to?'),
    });
    return pick?.root;
  };
  if (candidates.length > 0) {
    const root = await pickRoot();
    return root && { kind: 'root', root, uri: root.uri, label: root.info.label };
  }
  const folders = vscode.workspace.workspaceFolders ?? [];
  const folder = folders.length <= 1 ? folders[0] : await vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Where should the memory folder be created?') });
  if (!folder) {
    if (folders.length === 0) void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: the memory folder is created inside it.'));
    return undefined;
  }
  return newFolder(folder, vscode.Uri.joinPath(folder.uri, 'memory'));
}

function newFolder(folder: vscode.WorkspaceFolder, uri: vscode.Uri): Target {
  const relative = posixPath.relative(folder.uri.path, uri.path);
  return { kind: 'new', uri, label: relative === '' || relative.startsWith('..') ? uri.fsPath : relative, workspaceFolder: folder.uri };
}

async function confirm(memory: MemoryFile, source: MemoryRoot, target: Target, plan: Extract<PromotePlan, { ok: true }>, missing: MissingImport | undefined, answerFor?: PromoteToProjectOptions['answer']): Promise<{ how: 'apply' | 'preview'; addImport: boolean } | undefined> {
  const indexLine = {
    moved: vscode.l10n.t('Its MEMORY.md line moves with it.'),
    added: vscode.l10n.t('The auto memory\'s MEMORY.md does not list it; a line is added to the project\'s MEMORY.md.'),
    'already-listed': vscode.l10n.t('The project\'s MEMORY.md already lists it; its line in the auto memory\'s MEMORY.md is removed.'),
  }[plan.indexLine];
  const backlinkFiles = [...new Set(plan.backlinksLeft.map((occurrence) => occurrence.path))];
  const detail = [
    vscode.l10n.t('{0} moves from {1} (this machine only) to {2}, which is committed with the project.', memory.path, source.info.label, target.label),
    target.kind === 'new' ? vscode.l10n.t('This project has no memory folder yet: {0} is created with a MEMORY.md listing it. Nothing is created if you cancel.', `${target.label}/`) : indexLine,
    plan.backlinksLeft.length > 0
      ? vscode.l10n.t('{0} [[link(s)]] in the auto memory name it ({1}). Links resolve within one memory folder, so they stay as written and show there as reservations.', plan.backlinksLeft.length, shortList(backlinkFiles))
      : undefined,
    plan.linksLeft.length > 0
      ? vscode.l10n.t('Its links to {0} stay behind in the auto memory and will be reservations in the project folder.', shortList([...new Set(plan.linksLeft.map((link) => `[[${link.target}]]`))]))
      : undefined,
    plan.indexLinksLeft > 0 ? vscode.l10n.t('{0} other link(s) in the auto memory\'s MEMORY.md point to the file and will point at nothing.', plan.indexLinksLeft) : undefined,
    plan.reservationsResolved > 0 ? vscode.l10n.t('{0} reservation link(s) in the project folder will find it.', plan.reservationsResolved) : undefined,
    missing
      ? vscode.l10n.t('Claude Code does not load {0}: no CLAUDE.md imports its index. "Move and Import in CLAUDE.md" also adds the line @{1} to CLAUDE.md, so Claude Code reads the index at session start.', target.label, missing.ref)
      : undefined,
    vscode.l10n.t('Undo brings everything back.'),
  ].filter((line): line is string => line !== undefined).join('\n');
  // The first button is the modal's default: it says what it does (issue #40: a plain "Promote" did not).
  const promote = vscode.l10n.t('Move to {0}', target.label);
  const promoteAndImport = vscode.l10n.t('Move and Import in CLAUDE.md');
  const preview = vscode.l10n.t('Preview…');
  const buttons = missing ? [promote, promoteAndImport, preview] : [promote, preview];
  const answer = answerFor ? answerFor(buttons) : await vscode.window.showInformationMessage(vscode.l10n.t('Promote "{0}" to the project\'s memory?', memoryTitle(source, memory)), { modal: true, detail }, ...buttons);
  if (answer === promote || answer === promoteAndImport) return { how: 'apply', addImport: answer === promoteAndImport };
  return answer === preview ? { how: 'preview', addImport: false } : undefined;
}

function refusal(memory: MemoryFile, target: string, plan: Extract<PromotePlan, { ok: false }>): string {
  return plan.reason === 'file-taken'
    ? vscode.l10n.t('{0} already holds {1}; nothing was moved.', target, plan.path)
    : vscode.l10n.t('{0} already has a memory named like "{1}" ({2}); nothing was moved. Merge or rename one of them first.', target, displayName(memory), plan.path);
}

function shortList(items: readonly string[]): string {
  return items.slice(0, 5).join(', ') + (items.length > 5 ? ', …' : '');
}
