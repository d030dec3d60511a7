import * as vscode from 'vscode';
import { checkMemoryName } from '../../core';
import { Commands } from '../../commands';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import { rootShape } from '../../workspace/roots/rootShape';
import { targetRoot, type TargetNode } from '../../workspace/commandTargets';
import type { Services } from '../../workspace/services';
import type { CreateStubArgs } from './createStub';
import { describeRefusal } from './linkUi';
import { deriveName } from './newMemoryName';

/**
 * Where New Memory was started: a tree node (root or type group), or nothing (palette, title bar). A
 * caller that already knows the answers (a script, a test) may give them and skip those questions.
 */
interface StartedFrom extends TargetNode {
  readonly group?: { readonly kind: string; readonly type: string };
  readonly type?: string;
  readonly name?: string;
  /** A title as a person would type it: named as the input box would name it. */
  readonly title?: string;
  readonly description?: string;
}

/**
 * `memoryShelf.newMemory`: asks the folder when there are several, the type (preselected from the group
 * it was started on; none in a folder of untyped durable lessons), a title in any language (the name and file name the folder's habits give it shown
 * as it is typed, see deriveName) and a description,
 * then creates the file from the type's template and its index line through the same one-edit path as a
 * reserved memory. Resolves to the new file's URI, or undefined when the person stopped.
 */
export function registerNewMemory(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.newMemory, async (from?: StartedFrom): Promise<vscode.Uri | undefined> => {
    const root = targetRoot(services, from) ?? (await pickRoot(services));
    if (!root) return undefined;
    const groupType = from?.group?.kind === 'type' ? from.group.type : undefined;
    // A folder of durable lessons has no types to ask for: its memory is a lesson (unpinned; the form pins it).
    const lessons = from?.type === undefined && rootShape(root, services.config).typing === 'untyped';
    // Started on a group with the name already given (a script): the group's type, without asking.
    // With several folders, each step names the one the memory goes to: it may have come from the selection, unasked.
    const titled = (title: string): string => (services.roots.roots.length > 1 ? `${title} · ${root.info.label}` : title);
    const type = lessons ? undefined : from?.type ?? (from?.name !== undefined || from?.title !== undefined ? groupType : undefined) ?? (await pickType(services, groupType, titled));
    if (type === undefined && !lessons) return undefined;
    const given = from?.title !== undefined ? derivedFrom(services, root, from.title, type) : undefined;
    const asked = from?.name !== undefined ? { name: from.name, title: undefined, file: undefined } : given ?? (await askTitle(services, root, type, lessons, titled));
    if (asked === undefined) return undefined;
    const { name, title, file } = asked;
    const description = from?.description ?? await vscode.window.showInputBox({
      title: titled(lessons ? vscode.l10n.t('New memory "{0}" (2/2)', title ?? name) : vscode.l10n.t('New memory "{0}" (3/3)', title ?? name)),
      prompt: vscode.l10n.t('One line that says what this memory is for: recall matches on it, and it becomes the index line\'s hook.'),
      placeHolder: vscode.l10n.t('e.g. Integration tests must hit a real database, never mocks'),
      ignoreFocusOut: true,
    });
    if (description === undefined) return undefined;
    const args: CreateStubArgs = { root: root.uri.toString(), name, type, title, description: description.trim() || undefined, ...(file !== undefined ? { fileStem: file.replace(/\.md$/, '') } : {}) };
    return vscode.commands.executeCommand<vscode.Uri | undefined>(Commands.createReservedMemory, args);
  });
}

async function pickRoot(services: Services): Promise<MemoryRoot | undefined> {
  await services.roots.ready;
  const roots = services.roots.roots;
  if (roots.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There is no memory folder yet: create one from the Memory Shelf view first.'));
    return undefined;
  }
  if (roots.length === 1) return roots[0];
  const picked = await vscode.window.showQuickPick(roots.map((root) => ({ label: root.info.label, description: root.info.load.detail, root })), {
    title: vscode.l10n.t('New memory'),
    placeHolder: vscode.l10n.t('Which memory folder?'),
  });
  return picked?.root;
}

async function pickType(services: Services, preselected: string | undefined, titled: (title: string) => string): Promise<string | undefined> {
  const types = services.config.typeSet().types;
  const ordered = preselected && types.includes(preselected) ? [preselected, ...types.filter((type) => type !== preselected)] : types;
  const picked = await vscode.window.showQuickPick(ordered.map((type) => ({ label: type })), {
    title: titled(vscode.l10n.t('New memory (1/3)')),
    placeHolder: vscode.l10n.t('Which type of memory?'),
  });
  return picked?.label;
}

/** A title given by a caller, named as the input box names a typed one. */
function derivedFrom(services: Services, root: MemoryRoot, title: string, type: string | undefined): { name: string; title: string; file: string } | undefined {
  services.documents.flushRoot(root);
  const derived = deriveName(title, type, root.store);
  return derived ? { ...derived, title: title.trim() } : undefined;
}

/** The title, and the name the folder's habits make of it; undefined when the person stopped. */
async function askTitle(services: Services, root: MemoryRoot, type: string | undefined, lessons: boolean, titled: (title: string) => string): Promise<{ name: string; title: string; file: string } | undefined> {
  const check = (value: string): { derived?: { name: string; file: string }; message?: vscode.InputBoxValidationMessage } => {
    services.documents.flushRoot(root);
    const derived = deriveName(value, type, root.store);
    if (!derived) return {};
    const checked = checkMemoryName(derived.name);
    if (!checked.ok) return { message: { message: describeRefusal(derived.name, checked), severity: vscode.InputBoxValidationSeverity.Error } };
    if (root.store.resolveLink(derived.name).status !== 'dangling' || root.store.get(derived.file)) {
      return { message: { message: vscode.l10n.t('"{0}" is already a memory in this folder.', derived.name), severity: vscode.InputBoxValidationSeverity.Error } };
    }
    return { derived, message: { message: vscode.l10n.t('Name: {0} · File: {1}', derived.name, derived.file), severity: vscode.InputBoxValidationSeverity.Info } };
  };
  const title = await vscode.window.showInputBox({
    title: titled(lessons ? vscode.l10n.t('New memory (1/2)') : vscode.l10n.t('New memory (2/3)')),
    prompt: vscode.l10n.t('A title, in any language: the index line and the tree show it; the name [[links]] use and the file name follow the folder\'s habits.'),
    placeHolder: vscode.l10n.t('e.g. Tabs over spaces'),
    ignoreFocusOut: true,
    validateInput: (value) => check(value).message,
  });
  if (title === undefined) return undefined;
  const derived = check(title).derived;
  return derived ? { name: derived.name, title: title.trim(), file: derived.file } : undefined;
}
