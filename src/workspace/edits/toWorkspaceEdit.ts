import * as vscode from 'vscode';
import { fileEditPhases } from '../../core';
import { toVsRange } from '../display/ranges';
import { safeUri, type RootEdits } from './rootEdits';

const encoder = new TextEncoder();

/**
 * Core edits as one WorkspaceEdit: one undo step, shown in the refactor preview when asked, in core's
 * {@link fileEditPhases} order (files moved out of a root go after the text edits, before deletions).
 */
export function toWorkspaceEdit(changes: readonly RootEdits[], metadata?: vscode.WorkspaceEditEntryMetadata): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  const phases = changes.map((change) => ({ ...change, phases: fileEditPhases(change.edits) }));
  for (const { root, phases: { files } } of phases) {
    for (const fileEdit of files) {
      if (fileEdit.kind === 'create') edit.createFile(safeUri(root, fileEdit.path), { contents: encoder.encode(fileEdit.content), overwrite: false }, metadata);
      else edit.renameFile(safeUri(root, fileEdit.path), safeUri(root, fileEdit.newPath), { overwrite: false }, metadata);
    }
  }
  for (const { root, phases: { texts } } of phases) {
    for (const text of texts) {
      const uri = safeUri(root, text.path);
      for (const textEdit of text.edits) edit.replace(uri, toVsRange(textEdit.range), textEdit.newText, metadata);
    }
  }
  for (const { root, movesOut } of phases) {
    for (const move of movesOut ?? []) edit.renameFile(safeUri(root, move.path), move.to, { overwrite: false }, metadata);
  }
  for (const { root, phases: { deletes } } of phases) {
    for (const fileEdit of deletes) edit.deleteFile(safeUri(root, fileEdit.path), { recursive: false, ignoreIfNotExists: true }, metadata);
  }
  return edit;
}
