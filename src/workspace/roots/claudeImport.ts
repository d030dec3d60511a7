import { posix as posixPath } from 'node:path';
import * as vscode from 'vscode';
import { indexImporter, planAddImport, PROJECT_CLAUDE_FILES, type FileEdit } from '../../core';
import { readText } from '../fs';
import { realFileInside } from '../realPathBoundary';
import type { Services } from '../services';

/** A project memory folder no CLAUDE.md imports: Claude Code does not load it until CLAUDE.md names its index. */
export interface MissingImport {
  readonly folder: vscode.Uri;
  readonly claudeMd: vscode.Uri;
  /** The index as CLAUDE.md at the folder's top names it: `memory/MEMORY.md`. */
  readonly ref: string;
}

/**
 * The import Claude Code needs to load `target`, when neither CLAUDE.md, .claude/CLAUDE.md nor
 * CLAUDE.local.md has it (an import resolves from the folder of the file holding it). Undefined when
 * one does, or when the folder is outside every workspace folder (no CLAUDE.md of ours could name it).
 */
export async function missingImport(target: { readonly uri: vscode.Uri }): Promise<MissingImport | undefined> {
  const folder = vscode.workspace.getWorkspaceFolder(target.uri);
  if (!folder) return undefined;
  const relative = posixPath.relative(folder.uri.path, target.uri.path);
  if (relative === '' || relative.startsWith('..')) return undefined;
  const ref = `${relative}/MEMORY.md`;
  const texts = new Map<string, string | undefined>();
  for (const name of PROJECT_CLAUDE_FILES) texts.set(name, (await readText(vscode.Uri.joinPath(folder.uri, name))) ?? undefined);
  if (indexImporter(texts, ref)) return undefined;
  return { folder: folder.uri, claudeMd: vscode.Uri.joinPath(folder.uri, 'CLAUDE.md'), ref };
}

/** Adds `@memory/MEMORY.md` to the project's CLAUDE.md (created when missing), as its own undoable edit. */
export async function addImport(services: Services, missing: MissingImport, options: { readonly announce?: string } = {}): Promise<boolean> {
  const where = missing.claudeMd.fsPath || missing.claudeMd.toString();
  // CLAUDE.md is the repository's file: a cloned `CLAUDE.md -> ../../.bashrc` must not be written through.
  const verdict = await realFileInside(missing.folder, missing.claudeMd);
  if (!('real' in verdict)) {
    void vscode.window.showErrorMessage(verdict.refused === 'outside'
      ? vscode.l10n.t('{0} leads out of the project through a symbolic link; no import was added.', where)
      : vscode.l10n.t('{0} is not a regular file; no import was added.', where));
    return false;
  }
  const text = await readText(missing.claudeMd);
  if (text === null) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} could not be read; no import was added.', where));
    return false;
  }
  const edit = planAddImport(text, missing.ref);
  const fileEdit: FileEdit = edit.kind === 'create' ? { kind: 'create', path: 'CLAUDE.md', content: edit.content } : { kind: 'edit', path: 'CLAUDE.md', edits: edit.edits };
  const result = await services.edits.apply(() => {
    const plan = services.edits.plan([{ root: missing.folder, edits: [fileEdit] }]);
    // CLAUDE.md is in no memory root, so the stores hold no text to check it against: the text read above is the basis.
    return text === undefined ? plan : { ...plan, basis: [...plan.basis, { uri: missing.claudeMd.toString(), text }] };
  }, { label: vscode.l10n.t('Import {0} in CLAUDE.md', missing.ref), editsInsideRoot: true, save: [missing.claudeMd], announce: options.announce });
  return result === 'applied';
}
