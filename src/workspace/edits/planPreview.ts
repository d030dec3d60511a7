import * as vscode from 'vscode';
import { applyTextEdits, type RootPath } from '../../core';
import type { ChangeTexts } from './changeTexts';
import { safeUri, type RootEdits } from './rootEdits';

/** A file a plan touches: its text now and the text the plan leaves (null: absent). */
interface PlannedFile {
  readonly uri: vscode.Uri;
  readonly before: string | null;
  readonly after: string | null;
}

/**
 * What a plan will do to each file, from the texts it was planned from. Renamed files are followed to
 * their new path, as the applied WorkspaceEdit follows them.
 */
export function plannedFiles(changes: readonly RootEdits[], textOf: (root: vscode.Uri, path: RootPath) => string | undefined): PlannedFile[] {
  const files: PlannedFile[] = [];
  for (const { root, edits } of changes) {
    const current = new Map<RootPath, string | null>();
    const original = new Map<RootPath, string | null>();
    const read = (path: RootPath): string | null => {
      if (!current.has(path)) {
        const text = textOf(root, path) ?? null;
        current.set(path, text);
        original.set(path, text);
      }
      return current.get(path)!;
    };
    for (const edit of edits) {
      if (edit.kind === 'create') {
        read(edit.path);
        current.set(edit.path, edit.content);
      } else if (edit.kind === 'delete') {
        read(edit.path);
        current.set(edit.path, null);
      } else if (edit.kind === 'rename') {
        const text = read(edit.path);
        read(edit.newPath);
        current.set(edit.path, null);
        current.set(edit.newPath, text);
      }
    }
    // Text edits are positioned in the files as they are now and follow a rename to its new path.
    const moved = new Map(edits.flatMap((edit) => (edit.kind === 'rename' ? [[edit.path, edit.newPath] as const] : [])));
    for (const edit of edits) {
      if (edit.kind !== 'edit') continue;
      read(edit.path);
      const base = original.get(edit.path);
      if (base === null || base === undefined) continue;
      current.set(moved.get(edit.path) ?? edit.path, applyTextEdits(base, edit.edits));
    }
    for (const [path, after] of current) {
      const before = original.get(path) ?? null;
      if (before !== after) files.push({ uri: safeUri(root, path), before, after });
    }
  }
  return files;
}

/**
 * Shows what a plan will do, every file in one multi-file diff, and asks whether to apply it: what the
 * diff shows is what Apply applies (VS Code's Refactor Preview opens an extension's edit with every
 * change unticked, so its Apply applied nothing).
 */
export async function confirmPlan(files: readonly PlannedFile[], label: string, texts: ChangeTexts): Promise<boolean> {
  const resources = files.map((file) => [
    file.uri,
    file.before === null ? undefined : texts.put(file.uri, file.before),
    file.after === null ? undefined : texts.put(file.uri, file.after),
  ] as [vscode.Uri, vscode.Uri | undefined, vscode.Uri | undefined]);
  await vscode.commands.executeCommand('vscode.changes', vscode.l10n.t('Preview: {0}', label), resources);
  const apply = vscode.l10n.t('Apply');
  const answer = await vscode.window.showInformationMessage(
    files.length === 1 ? vscode.l10n.t('{0}: apply the change shown to 1 file?', label) : vscode.l10n.t('{0}: apply the changes shown to {1} files?', label, files.length),
    apply, vscode.l10n.t('Cancel'));
  return answer === apply;
}
