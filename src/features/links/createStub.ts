import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkMemoryName, inferType, planStub, typePrefixedStem, type StubPlan } from '../../core';
import { Commands } from '../../commands';
import { toVsPosition } from '../../workspace/display/ranges';
import { rootShape } from '../../workspace/roots/rootShape';
import { safeUri } from '../../workspace/edits/rootEdits';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import { readDiskText } from '../../workspace/fs';
import type { Services } from '../../workspace/services';
import { describeRefusal, openAt } from './linkUi';

/** What the create command takes: the root (its URI as a string) and the reserved name. */
export interface CreateStubArgs {
  readonly root: string;
  readonly name: string;
  /** Skips the question when the name does not announce its type. */
  readonly type?: string;
  /** Written as the description and, shortened, as the index line's hook (New Memory asks it). */
  readonly description?: string;
  /** The index line's title (New Memory asks it); the name otherwise. */
  readonly title?: string;
  /** The file's stem New Memory showed as the title was typed; the folder's habit for the name otherwise. */
  readonly fileStem?: string;
}

/**
 * `memoryShelf.createReservedMemory`: turns a reservation into a memory. The file, its frontmatter,
 * its template body and its MEMORY.md line are one WorkspaceEdit (one undo); the new file opens with the
 * cursor in the empty description. Resolves to the new file's URI, or undefined when nothing was made.
 */
export function registerCreateStub(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.createReservedMemory, (args?: CreateStubArgs | ReservationNode) => {
    if (!args) return undefined;
    // The tree's inline and context-menu actions pass the reservation's node.
    return createStub(services, 'reservation' in args ? { root: args.root.uri.toString(), name: args.reservation.name } : args);
  });
}

/** A Reservations row of the tree, as VS Code hands it to the row's actions. */
interface ReservationNode {
  readonly root: MemoryRoot;
  readonly reservation: { readonly name: string };
}

export function createStubCommandUri(root: MemoryRoot, name: string): vscode.Uri {
  const args: CreateStubArgs = { root: root.uri.toString(), name };
  return vscode.Uri.parse(`command:${Commands.createReservedMemory}?${encodeURIComponent(JSON.stringify([args]))}`);
}

async function createStub(services: Services, args: CreateStubArgs): Promise<vscode.Uri | undefined> {
  const root = services.roots.rootAt(vscode.Uri.parse(args.root));
  if (!root) return undefined;
  const name = args.name.trim();
  const check = checkMemoryName(name);
  if (!check.ok) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Cannot create a memory named "{0}": {1}', name, describeRefusal(name, check)));
    return undefined;
  }
  services.documents.flushRoot(root);
  const existing = root.store.resolveLink(name).targets[0];
  if (existing) {
    const uri = root.uriOf(existing.path);
    await openAt(uri);
    return uri;
  }

  const types = services.config.typeSet().types;
  // The arguments can come from a command link: a type is one of the configured ones, never a path.
  if (args.type !== undefined && !types.includes(args.type)) {
    services.log.warn(`Not created: "${args.type}" is not one of the configured memory types`);
    return undefined;
  }
  // A root of durable lessons has no types: its new memory is an unpinned lesson, not one missing a type.
  const shape = rootShape(root, services.config);
  const lesson = shape.typing === 'untyped' && args.type === undefined;
  const type = lesson ? undefined : args.type ?? inferType(name, types) ?? (await pickType(name, types));
  if (type === undefined && !lesson) return undefined;
  const template = type === undefined ? undefined : await userTemplate(services, type);
  let planned: Extract<StubPlan, { ok: true }> | undefined;
  const applied = await services.edits.apply(() => {
    // A stem from the arguments (a command link may carry them) is a plain file name in the root, or ignored.
    const given = args.fileStem !== undefined && checkMemoryName(args.fileStem).ok ? args.fileStem : undefined;
    const fileStem = given ?? typePrefixedStem(root.store, name, type);
    const plan = planStub(root.store, { name, type, template, fileStem, description: args.description, title: args.title, ...(lesson ? { pinned: false } : {}), indexEntry: shape.index === 'written' });
    if (!plan.ok) {
      void vscode.window.showErrorMessage(plan.reason === 'unsafe-name'
        ? vscode.l10n.t('Cannot create a memory named "{0}": {1}', name, describeRefusal(name, plan.check))
        : vscode.l10n.t('{0} already exists in the memory folder.', plan.path));
      return undefined;
    }
    planned = plan;
    return [{ root: root.uri, edits: plan.edits }];
  });
  if (applied === 'failed' && planned) void vscode.window.showErrorMessage(vscode.l10n.t('Could not create {0}.', planned.path));
  if (applied !== 'applied' || !planned) return undefined;
  const uri = safeUri(root.uri, planned.path);
  const cursor = toVsPosition(planned.cursor);
  await openAt(uri, new vscode.Range(cursor, cursor), true);
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
async function userTemplate(services: Services, type: string): Promise<string | undefined> {
  const folder = templatesFolder(services.config.settings.templatesFolder);
  if (!folder) return undefined;
  const insideRoot = services.roots.roots.find((root) => root.uri.toString() === folder.toString() || root.relativePath(folder) !== undefined);
  if (insideRoot) {
    void vscode.window.showWarningMessage(vscode.l10n.t(
      'The templates folder {0} is inside the memory folder {1}, where the agent would read templates as memories. Using the built-in template; move the templates elsewhere.',
      folder.fsPath,
      insideRoot.info.label,
    ));
    return undefined;
  }
  const file = vscode.Uri.joinPath(folder, `${type}.md`);
  // A template is a file like any other in the folder: a FIFO or device there is not read.
  const text = await readDiskText(file, (error) => services.log.skipped(`No readable template ${file.toString()}; the built-in one is used`, error));
  return text ?? undefined;
}

/** `memoryShelf.templatesFolder`: absolute, `~/`, or relative to the first workspace folder. */
function templatesFolder(setting: string): vscode.Uri | undefined {
  const value = setting.trim();
  if (!value) return undefined;
  if (value === '~' || value.startsWith('~/') || value.startsWith('~\\')) return vscode.Uri.file(path.join(os.homedir(), value.slice(1)));
  if (path.isAbsolute(value)) return vscode.Uri.file(value);
  const base = vscode.workspace.workspaceFolders?.[0]?.uri;
  return base ? vscode.Uri.joinPath(base, ...value.split(/[\\/]+/).filter(Boolean)) : undefined;
}
