import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkMemoryName, inferType, INDEX_FILE_NAME, planStub, type TypeSet } from '../../core';
import { Commands } from '../../commands';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryWorkspace } from '../roots/memoryWorkspace';
import { safeUri, toWorkspaceEdit } from '../fileEdits';
import { currentIndex, describeRefusal, openAt, settle, toVsPosition } from './linkDocuments';
import { uriExists } from '../workspaceFs';

/** What the create command takes: the root (its URI as a string) and the reserved name. */
export interface CreateStubArgs {
  readonly root: string;
  readonly name: string;
  /** Skips the question when the name does not announce its type. */
  readonly type?: string;
}

/**
 * `memoryShelf.createReservedMemory`: turns a reservation into a memory. The file, its frontmatter,
 * its template body and its MEMORY.md line are one WorkspaceEdit (one undo); the new file opens with the
 * cursor in the empty description. Resolves to the new file's URI, or undefined when nothing was made.
 */
export function registerCreateStub(workspace: MemoryWorkspace, typeSet: () => TypeSet): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.createReservedMemory, (args?: CreateStubArgs) => (args ? createStub(workspace, typeSet, args) : undefined));
}

export function createStubCommandUri(root: MemoryRoot, name: string): vscode.Uri {
  const args: CreateStubArgs = { root: root.uri.toString(), name };
  return vscode.Uri.parse(`command:${Commands.createReservedMemory}?${encodeURIComponent(JSON.stringify([args]))}`);
}

async function createStub(workspace: MemoryWorkspace, typeSet: () => TypeSet, args: CreateStubArgs): Promise<vscode.Uri | undefined> {
  const root = workspace.roots.find((candidate) => candidate.uri.toString() === args.root);
  if (!root) return undefined;
  const name = args.name.trim();
  const check = checkMemoryName(name);
  if (!check.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Cannot create a memory named "{0}": {1}', name, describeRefusal(name, check)));
    return undefined;
  }
  await settle(root);
  const existing = root.store.resolveLink(name).targets[0];
  if (existing) {
    const uri = root.uriOf(existing.path);
    await openAt(uri);
    return uri;
  }

  const types = typeSet().types;
  const type = args.type ?? inferType(name, types) ?? (await pickType(name, types));
  if (type === undefined) return undefined;
  const template = await userTemplate(workspace, type);
  // The index edit lands in MEMORY.md's open editor when there is one: plan it against that text.
  const indexUri = root.uriOf(INDEX_FILE_NAME).toString();
  const indexDocument = vscode.workspace.textDocuments.find((document) => document.uri.toString() === indexUri);
  const plan = planStub(root.store, { name, type, template }, { index: currentIndex(root) });
  if (!plan.ok) {
    if (plan.reason === 'unsafe-name') {
      void vscode.window.showErrorMessage(vscode.l10n.t('Cannot create a memory named "{0}": {1}', name, describeRefusal(name, plan.check)));
      return undefined;
    }
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} already exists in the memory folder.', plan.path));
    return undefined;
  }

  const uri = safeUri(root, plan.path);
  if (await uriExists(uri)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} already exists in the memory folder.', plan.path));
    return undefined;
  }
  // The index line belongs on disk with the new file, unless the editor holds text the disk does not
  // (unsaved work, or a stale copy): saving would write that too, so it is left for the person.
  const saveIndex = !indexDocument || (!indexDocument.isDirty && indexDocument.getText() === root.store.index?.text);
  const applied = await vscode.workspace.applyEdit(toWorkspaceEdit(root, plan.edits));
  if (!applied) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not create {0}.', plan.path));
    return undefined;
  }
  const index = vscode.workspace.textDocuments.find((document) => document.uri.toString() === indexUri);
  if (saveIndex && index?.isDirty) await index.save();

  const cursor = toVsPosition(plan.cursor);
  await openAt(uri, new vscode.Range(cursor, cursor));
  return uri;
}

async function pickType(name: string, types: readonly string[]): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(types.map((type) => ({ label: type })), {
    title: vscode.l10n.t('New memory "{0}"', name),
    placeHolder: vscode.l10n.t('Which type of memory is "{0}"?', name),
  });
  return picked?.label;
}

/**
 * The user's template for `type` (`<templatesFolder>/<type>.md`), or undefined for the built-in one.
 * The folder must lie outside every memory root: Claude Code would otherwise load templates as memories.
 */
async function userTemplate(workspace: MemoryWorkspace, type: string): Promise<string | undefined> {
  const folder = templatesFolder();
  if (!folder) return undefined;
  const insideRoot = workspace.roots.find((root) => root.uri.toString() === folder.toString() || root.relativePath(folder) !== undefined);
  if (insideRoot) {
    void vscode.window.showWarningMessage(vscode.l10n.t(
      'The templates folder {0} is inside the memory folder {1}, where the agent would read templates as memories. Using the built-in template; move the templates elsewhere.',
      folder.fsPath,
      insideRoot.info.label,
    ));
    return undefined;
  }
  try {
    return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, `${type}.md`)));
  } catch {
    return undefined;
  }
}

/** `memoryShelf.templatesFolder`: absolute, `~/`, or relative to the first workspace folder. */
function templatesFolder(): vscode.Uri | undefined {
  const value = vscode.workspace.getConfiguration('memoryShelf').get<string>('templatesFolder')?.trim();
  if (!value) return undefined;
  if (value === '~' || value.startsWith('~/') || value.startsWith('~\\')) return vscode.Uri.file(path.join(os.homedir(), value.slice(1)));
  if (path.isAbsolute(value)) return vscode.Uri.file(value);
  const base = vscode.workspace.workspaceFolders?.[0]?.uri;
  return base ? vscode.Uri.joinPath(base, ...value.split(/[\\/]+/).filter(Boolean)) : undefined;
}
