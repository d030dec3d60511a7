import * as vscode from 'vscode';
import { INDEX_FILE_NAME, LineIndex, memoryLabel, MemoryStore, parseMemoryIndex, planRestoredIndexLine, rootConventions, type FileEdit, type RootPath } from '../../core';
import { memoryTitle } from '../display/memoryTitle';
import type { ApplyResult } from '../edits/editApplier';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { OwnWriteSource } from './ownWrites';
import type { Services } from '../services';

/** Restored bytes must decode exactly back: a version that is not UTF-8 cannot be written as text. */
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of recorded bytes, BOM kept (written back it gives the same bytes), or undefined when they are not UTF-8. */
export function versionText(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** How a restore ended: applied, or why not ('missing': the version is not kept in the history any more). */
export type RestoreResult = ApplyResult | 'missing';

/**
 * Puts a deleted memory back: the file exactly as it was last seen, and, when the index listed it and
 * no longer does, its MEMORY.md line as the newest recorded index that held one had it, at the place it had
 * there. One edit through the applier, so Undo takes both back.
 */
export async function restoreDeleted(services: Services, root: MemoryRoot, path: RootPath, hash: string, options: { readonly announce?: boolean } = {}): Promise<RestoreResult> {
  const bytes = await services.history.blob(root, hash);
  const text = bytes && versionText(bytes);
  if (text === undefined) return 'missing';
  const listed = await lastListingIndex(services, root, path);
  const label = vscode.l10n.t('Restore deleted memory');
  services.history.expectOwnWrite(root.uriOf(path), 'restore');
  return services.edits.apply(() => {
    const current = services.roots.rootAt(root.uri) ?? root;
    if (current.store.get(path)) return undefined;
    const edits: FileEdit[] = [{ kind: 'create', path, content: text }];
    const indexLine = listed && current.store.indexLinksFor(path).length === 0
      ? planRestoredIndexLine(listed.text, current.store.index, path, { eol: rootConventions(current.store).eol })
      : undefined;
    if (indexLine) edits.push(indexLine);
    return [{ root: current.uri, edits }];
  }, { label, announce: options.announce === false ? undefined : vscode.l10n.t('Restored "{0}".', deletedTitle(path, text, listed?.line)) });
}

/**
 * Writes a recorded version over the file (or brings the file back with it), as one undoable edit. The
 * version's text replaces the text; a BOM it had or lacked is the file's as it is now.
 */
export async function restoreVersion(services: Services, root: MemoryRoot, path: RootPath, hash: string, options: { readonly announce?: boolean; readonly source?: OwnWriteSource } = {}): Promise<RestoreResult> {
  const bytes = await services.history.blob(root, hash);
  const text = bytes && versionText(bytes);
  if (text === undefined) return 'missing';
  services.history.expectOwnWrite(root.uriOf(path), options.source ?? 'restore');
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return services.edits.apply(() => {
    const current = services.roots.rootAt(root.uri) ?? root;
    const held = current.heldText(path);
    if (held === undefined) return [{ root: current.uri, edits: [{ kind: 'create', path, content: text }] }];
    if (held === withoutBom) return undefined;
    const end = new LineIndex(held).positionAt(held.length);
    return [{ root: current.uri, edits: [{ kind: 'edit', path, edits: [{ range: { start: { line: 0, character: 0 }, end }, newText: withoutBom }] }] }];
  }, {
    label: vscode.l10n.t('Restore an earlier version'),
    // The file is written to disk at once: a restore left unsaved in an editor would be no restore.
    save: [root.uriOf(path)],
    announce: options.announce === false ? undefined : vscode.l10n.t('Restored an earlier version of "{0}".', shownName(root, path)),
  });
}

/** The memory as the tree names it, for the notification: the tree showed "CI 위치", not reference_ci.md. */
function shownName(root: MemoryRoot, path: RootPath): string {
  const memory = root.store.get(path);
  return memory ? memoryTitle(root, memory) : path;
}

/** A deleted memory as the tree named it: its last index line's title, else its name, read from the restored text. */
function deletedTitle(path: RootPath, text: string, line: string | undefined): string {
  const store = new MemoryStore();
  store.update(path, text);
  const memory = store.get(path);
  const indexTitle = line === undefined ? undefined : /^\s*[-*+]\s*\[([^\]]+)\]\(/.exec(line)?.[1];
  return memory ? memoryLabel(memory, indexTitle, []) : path;
}

/** The newest recorded MEMORY.md that listed `path`, and that line as it was written there. */
async function lastListingIndex(services: Services, root: MemoryRoot, path: RootPath): Promise<{ readonly text: string; readonly line: string } | undefined> {
  for (const version of await services.history.versions(root, INDEX_FILE_NAME)) {
    if (version.hash === '') continue;
    const bytes = await services.history.blob(root, version.hash);
    const text = bytes && versionText(bytes);
    if (text === undefined) continue;
    const index = parseMemoryIndex(text);
    const link = index.links.find((candidate) => candidate.target === path);
    const line = link && index.lines.find((candidate) => candidate.line === link.line);
    if (line) return { text, line: line.text };
  }
  return undefined;
}
