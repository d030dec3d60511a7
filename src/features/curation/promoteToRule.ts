import { realpath } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { planPromoteToRule, ruleBullet, ruleTextOf, type FileEdit } from '../../core';
import { Commands } from '../../commands';
import { userClaudeConfigDir } from '../../workspace/claudeConfig';
import { memoryTitle } from '../../workspace/display/memoryTitle';
import { readText } from '../../workspace/fs';
import { realFileInside } from '../../workspace/realPathBoundary';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { singleTargetMemory, type CommandTarget } from '../../workspace/commandTargets';

/** Where a rule can go: the project's CLAUDE.md (shared), CLAUDE.local.md (this project, only you), the user's CLAUDE.md (every project). */
export type RuleFileKind = 'project' | 'local' | 'user';

export interface PromoteToRuleOptions {
  readonly target?: RuleFileKind;
  /** What to do with the memory afterwards without asking: `delete` (its backlinks kept as reservations) or `keep`. */
  readonly afterwards?: 'delete' | 'keep';
  /** The rule's words as written, without the editable prompt; a caller naming `target` gets the proposed text otherwise. */
  readonly ruleText?: string;
}

interface RuleFile {
  readonly kind: RuleFileKind;
  readonly uri: vscode.Uri;
  readonly label: string;
  readonly description: string;
  /** The project's folder, for a project's file: it must not lead out of it (a cloned `CLAUDE.md -> ../../.bashrc`). */
  readonly folder?: vscode.Uri;
}

/**
 * `memoryShelf.promoteToRule`: writes a memory's fact and its reason as a bullet under "## Promoted from
 * memory" in a CLAUDE.md picked by the person, then offers to delete the memory (a rule and a memory
 * saying the same thing would drift apart). Only the inserted bytes are new; the file keeps its line
 * endings, and Undo takes the bullet back out.
 */
export function registerPromoteToRule(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.promoteToRule, async (clicked?: CommandTarget, selected?: readonly CommandTarget[], options: PromoteToRuleOptions = {}) => {
    const one = singleTargetMemory(services, clicked, selected, vscode.l10n.t('Promote one memory at a time: each rule is written from one memory.'));
    if (!one) return false;
    const { root, memory } = one;
    const file = await pickRuleFile(root, options.target);
    if (!file) return false;
    if (!(await ruleFileAllowed(file))) return false;
    const proposed = ruleBullet(ruleTextOf(root.store.get(memory.path) ?? memory)).replace(/^- /, '');
    // A caller naming the file is automation (a test, another command): no prompt waits for a person who is not there.
    const ruleText = options.target !== undefined || options.ruleText !== undefined ? options.ruleText ?? proposed : await editRule(proposed, file);
    if (ruleText === undefined || ruleText.trim() === '') return false;

    const text = await readText(file.uri);
    if (text === null) {
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} could not be read; no rule was written.', file.uri.fsPath || file.uri.toString()));
      return false;
    }
    // One bullet, one line: a line break typed or passed in would start text outside the list.
    const bullet = `- ${ruleText.replace(/\s*[\r\n]+\s*/g, ' ').trim()}`;
    const edit = planPromoteToRule(text, bullet);
    const folder = vscode.Uri.joinPath(file.uri, '..');
    const name = path.posix.basename(file.uri.path);
    const fileEdit: FileEdit = edit.kind === 'create' ? { kind: 'create', path: name, content: edit.content } : { kind: 'edit', path: name, edits: edit.edits };
    // Like MEMORY.md after our edits, the rule belongs on disk (saved unless its editor held other unsaved text).
    const result = await services.edits.apply(() => {
      const plan = services.edits.plan([{ root: folder, edits: [fileEdit] }]);
      // CLAUDE.md is in no memory root, so the stores hold no text to check it against: the text read above is the basis.
      return text === undefined ? plan : { ...plan, basis: [...plan.basis, { uri: file.uri.toString(), text }] };
    // A project's file is judged again just before the write: the link could have been swapped since the pick.
    }, { label: vscode.l10n.t('Promote {0} to a rule in {1}', memoryTitle(root, memory), file.label), editsInsideRoot: file.folder !== undefined, save: [file.uri] });
    if (result !== 'applied') return false;

    const deleteMemory = (choice?: 'keep'): Thenable<unknown> => vscode.commands.executeCommand(Commands.deleteMemory, root.uriOf(memory.path), undefined, choice);
    if (options.afterwards === 'delete') await deleteMemory('keep');
    else if (options.afterwards === undefined) void offerDelete(memoryTitle(root, memory), file, () => deleteMemory());
    return true;
  });
}

/** The rule as the person wants it written, the proposed words to start from; undefined when they press Escape. */
async function editRule(proposed: string, file: RuleFile): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: vscode.l10n.t('Promote to a rule in {0}', file.label),
    prompt: vscode.l10n.t('The rule as it will be written; edit it, then press Enter. Escape writes nothing.'),
    value: proposed,
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('A rule needs some words.') : undefined),
  });
}

async function offerDelete(title: string, file: RuleFile, deleteMemory: () => Thenable<unknown>): Promise<void> {
  const remove = vscode.l10n.t('Delete Memory…');
  const open = vscode.l10n.t('Open {0}', file.label);
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t('"{0}" is now a rule in {1}. Delete the memory, so the two cannot drift apart?', title, file.label),
    remove,
    open,
  );
  if (answer === remove) await deleteMemory();
  if (answer === open) await vscode.window.showTextDocument(file.uri);
}

async function pickRuleFile(root: MemoryRoot, asked: RuleFileKind | undefined): Promise<RuleFile | undefined> {
  // The user's CLAUDE.md needs no project: asked for it alone, no workspace folder is picked.
  const folder = asked === 'user' ? undefined : vscode.workspace.getWorkspaceFolder(root.uri) ?? (await projectFolder());
  const files: RuleFile[] = [];
  if (folder) {
    files.push({ kind: 'project', uri: vscode.Uri.joinPath(folder.uri, 'CLAUDE.md'), label: 'CLAUDE.md', description: vscode.l10n.t('this project, shared with everyone who clones it'), folder: folder.uri });
    files.push({ kind: 'local', uri: vscode.Uri.joinPath(folder.uri, 'CLAUDE.local.md'), label: 'CLAUDE.local.md', description: vscode.l10n.t('this project, only you (not committed)'), folder: folder.uri });
  }
  // Claude Code reads the user's CLAUDE.md from its config folder, as Claude Code started in this project would find it.
  const configDir = userClaudeConfigDir(folder?.uri.fsPath ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath);
  const userFile = path.join(configDir, 'CLAUDE.md');
  const home = os.homedir();
  const userLabel = userFile.startsWith(home + path.sep) ? `~${userFile.slice(home.length)}` : userFile;
  files.push({ kind: 'user', uri: vscode.Uri.file(userFile), label: userLabel, description: vscode.l10n.t('every project, only you') });
  if (asked) return files.find((file) => file.kind === asked);
  // Where each file really is, links followed: a link cannot hide where the rule would go.
  const shown = await Promise.all(files.map(async (file) => ({ ...file, real: await realPathOf(file.uri) })));
  const pick = await vscode.window.showQuickPick(shown.map((file) => ({ label: file.label, description: file.description, detail: file.real && file.real !== file.uri.fsPath ? `${file.uri.fsPath} → ${file.real}` : file.uri.fsPath, file })), {
    title: vscode.l10n.t('Promote to a rule'),
    placeHolder: vscode.l10n.t('Which CLAUDE.md should the rule go to?'),
  });
  return pick?.file;
}

/** Where `uri` really is once links are followed, when that is known and it exists. */
async function realPathOf(uri: vscode.Uri): Promise<string | undefined> {
  return uri.scheme === 'file' ? realpath(uri.fsPath).catch(() => undefined) : undefined;
}

/**
 * A project's CLAUDE.md is the repository's file: it must be a regular file (or not there yet) inside
 * the project's real folder. The user's own is theirs to link wherever they like, but must be a file.
 */
async function ruleFileAllowed(file: RuleFile): Promise<boolean> {
  const where = file.uri.fsPath || file.uri.toString();
  const verdict = file.folder ? await realFileInside(file.folder, file.uri) : await isFileOrNothing(file.uri);
  if ('real' in verdict) return true;
  void vscode.window.showErrorMessage(verdict.refused === 'outside'
    ? vscode.l10n.t('{0} leads out of the project through a symbolic link; no rule was written.', where)
    : vscode.l10n.t('{0} is not a regular file; no rule was written.', where));
  return false;
}

async function isFileOrNothing(uri: vscode.Uri): Promise<{ real: string } | { refused: 'not-a-file' }> {
  const found = await vscode.workspace.fs.stat(uri).then((stat) => stat, () => undefined);
  return found && !(found.type & vscode.FileType.File) ? { refused: 'not-a-file' } : { real: uri.fsPath };
}

/** The workspace folder of a memory root outside every folder (the auto memory): the only one, or the one picked. */
async function projectFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Which project\'s CLAUDE.md?') });
}
