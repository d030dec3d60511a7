import * as vscode from 'vscode';
import type { FileEdit } from '../../core';
import type { MemoryRoot } from '../roots/memoryRoot';
import { toVscodeRange } from './toDiagnostic';

/**
 * Turns core file edits into one undoable WorkspaceEdit. Positions are in the BOM-less text, as VS
 * Code's documents hold it, so only the bytes the edit names change; deletions go to the trash.
 */
export function toWorkspaceEdit(root: MemoryRoot, edits: readonly FileEdit[], label?: string): vscode.WorkspaceEdit {
  const workspaceEdit = new vscode.WorkspaceEdit();
  const metadata: vscode.WorkspaceEditEntryMetadata | undefined = label ? { label, needsConfirmation: false } : undefined;
  for (const edit of edits) {
    const uri = root.uriOf(edit.path);
    switch (edit.kind) {
      case 'edit':
        for (const textEdit of edit.edits) workspaceEdit.replace(uri, toVscodeRange(textEdit.range), textEdit.newText, metadata);
        break;
      case 'create':
        workspaceEdit.createFile(uri, { ignoreIfExists: false, contents: new TextEncoder().encode(edit.content) }, metadata);
        break;
      case 'delete':
        workspaceEdit.deleteFile(uri, { ignoreIfNotExists: true }, metadata);
        break;
      case 'rename':
        workspaceEdit.renameFile(uri, root.uriOf(edit.newPath), { overwrite: false }, metadata);
        break;
    }
  }
  return workspaceEdit;
}
