import * as vscode from 'vscode';
import { planDeleteMemories, type MemoryFile } from '../../core';
import type { RootEdits } from '../../workspace/edits/rootEdits';
import type { Services } from '../../workspace/services';

/**
 * A memory deleted in the Explorer (or by another extension's edit) takes its MEMORY.md lines with it,
 * as a move keeps them right; its backlinks stay as reservations. Our own deletions already edit the
 * index and are skipped.
 */
export function registerDeleteParticipant(services: Services): vscode.Disposable {
  return vscode.workspace.onWillDeleteFiles((event) => {
    const files = event.files.filter((uri) => !services.edits.ownMoves.claim(uri, undefined));
    const plan = (): readonly RootEdits[] | undefined => {
      const changes: RootEdits[] = [];
      for (const root of services.roots.roots) {
        const memories = files
          .map((uri) => root.relativePath(uri))
          .map((path) => (path === undefined ? undefined : root.store.get(path)))
          .filter((memory): memory is MemoryFile => memory !== undefined);
        if (memories.length === 0) continue;
        // Only the index lines: the files are being deleted by whoever asked.
        const edits = planDeleteMemories(root.store, memories, 'keep').edits.filter((edit) => edit.kind === 'edit');
        if (edits.length > 0) changes.push({ root: root.uri, edits });
      }
      return changes.length > 0 ? changes : undefined;
    };
    for (const root of services.roots.roots) services.documents.flushRoot(root);
    if (!plan()) return;
    event.waitUntil(services.edits.prepare(plan, { saveIndexAfterMove: true }).then((edit) => edit ?? new vscode.WorkspaceEdit()));
  });
}
