import * as vscode from 'vscode';
import { checkMemoryName, isSlug, memoryFileName, rootConventions, slugify } from '../../core';
import { Commands } from '../../commands';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import { targetRoot, type TargetNode } from '../../workspace/commandTargets';
import type { Services } from '../../workspace/services';
import type { CreateStubArgs } from './createStub';
import { describeRefusal } from './linkUi';

/**
 * Where New Memory was started: a tree node (root or type group), or nothing (palette, title bar). A
 * caller that already knows the answers (a script, a test) may give them and skip those questions.
 */
interface StartedFrom extends TargetNode {
  readonly group?: { readonly kind: string; readonly type: string };
  readonly type?: string;
  readonly name?: string;
  readonly description?: string;
}

/**
 * `memoryShelf.newMemory`: asks the type (preselected from the group it was started on), a name
 * (checked as it is typed, shown with the file name the root's convention gives it) and a description,
 * then creates the file from the type's template and its index line through the same one-edit path as a
 * reserved memory. Resolves to the new file's URI, or undefined when the person stopped.
 */
export function registerNewMemory(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.newMemory, async (from?: StartedFrom): Promise<vscode.Uri | undefined> => {
    const root = targetRoot(services, from) ?? (await pickRoot(services));
    if (!root) return undefined;
    const groupType = from?.group?.kind === 'type' ? from.group.type : undefined;
    // Started on a group with the name already given (a script): the group's type, without asking.
    const type = from?.type ?? (from?.name !== undefined ? groupType : undefined) ?? (await pickType(services, groupType));
    if (type === undefined) return undefined;
    const name = from?.name ?? (await askName(services, root));
    if (name === undefined) return undefined;
    const description = from?.description ?? await vscode.window.showInputBox({
      title: vscode.l10n.t('New memory "{0}" (3/3)', name),
      prompt: vscode.l10n.t('One line that says what this memory is for: recall matches on it, and it becomes the index line\'s hook.'),
      placeHolder: vscode.l10n.t('e.g. Integration tests must hit a real database, never mocks'),
      ignoreFocusOut: true,
    });
    if (description === undefined) return undefined;
    const args: CreateStubArgs = { root: root.uri.toString(), name, type, description: description.trim() || undefined };
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

async function pickType(services: Services, preselected: string | undefined): Promise<string | undefined> {
  const types = services.config.typeSet().types;
  const ordered = preselected && types.includes(preselected) ? [preselected, ...types.filter((type) => type !== preselected)] : types;
  const picked = await vscode.window.showQuickPick(ordered.map((type) => ({ label: type })), {
    title: vscode.l10n.t('New memory (1/3)'),
    placeHolder: vscode.l10n.t('Which type of memory?'),
  });
  return picked?.label;
}

async function askName(services: Services, root: MemoryRoot): Promise<string | undefined> {
  const conventions = rootConventions(root.store);
  const name = await vscode.window.showInputBox({
    title: vscode.l10n.t('New memory (2/3)'),
    prompt: vscode.l10n.t('A short kebab-case name: [[links]] use it.'),
    placeHolder: 'feedback-testing',
    ignoreFocusOut: true,
    validateInput: (value) => {
      const candidate = value.trim();
      if (candidate === '') return undefined;
      const check = checkMemoryName(candidate);
      if (!check.ok) return { message: describeRefusal(candidate, check), severity: vscode.InputBoxValidationSeverity.Error };
      services.documents.flushRoot(root);
      if (root.store.resolveLink(candidate).status !== 'dangling') {
        return { message: vscode.l10n.t('"{0}" is already a memory in this folder.', candidate), severity: vscode.InputBoxValidationSeverity.Error };
      }
      const file = memoryFileName(candidate, conventions.fileSeparator);
      if (!isSlug(candidate)) {
        const slug = slugify(candidate);
        return {
          message: slug ? vscode.l10n.t('Not a kebab-case slug; "{0}" would be. File: {1}', slug, file) : vscode.l10n.t('Not a kebab-case slug. File: {0}', file),
          severity: vscode.InputBoxValidationSeverity.Warning,
        };
      }
      return { message: vscode.l10n.t('File: {0}', file), severity: vscode.InputBoxValidationSeverity.Info };
    },
  });
  const trimmed = name?.trim();
  if (!trimmed) return undefined;
  return checkMemoryName(trimmed).ok ? trimmed : undefined;
}
