import * as vscode from 'vscode';
import type { RootPath } from '../../core';
import { toVsRange } from '../display/ranges';
import { safeUri, type RootEdits } from './rootEdits';

const encoder = new TextEncoder();

/**
 * Core edits as one WorkspaceEdit: one undo step, shown in the refactor preview when asked. Core lists
 * text edits against the files as they are now; here new and renamed files come first and text edits
 * follow them to their new paths. That order holds however the edit travels: VS Code regroups a
 * WorkspaceEdit it hands back to an extension (`vscode.executeDocumentRenameProvider`) with every text
 * edit after the file operations.
 */
export function toWorkspaceEdit(changes: readonly RootEdits[], metadata?: vscode.WorkspaceEditEntryMetadata): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  const renamed = new Map<string, Map<RootPath, RootPath>>();
  for (const { root, edits } of changes) {
    const moves = new Map<RootPath, RootPath>();
    renamed.set(root.toString(), moves);
    for (const fileEdit of edits) {
      if (fileEdit.kind === 'create') edit.createFile(safeUri(root, fileEdit.path), { contents: encoder.encode(fileEdit.content), overwrite: false }, metadata);
      if (fileEdit.kind === 'rename') {
        edit.renameFile(safeUri(root, fileEdit.path), safeUri(root, fileEdit.newPath), { overwrite: false }, metadata);
        moves.set(fileEdit.path, fileEdit.newPath);
      }
    }
  }
  for (const { root, edits } of changes) {
    const moves = renamed.get(root.toString());
    for (const fileEdit of edits) {
      if (fileEdit.kind !== 'edit') continue;
      const uri = safeUri(root, moves?.get(fileEdit.path) ?? fileEdit.path);
      for (const textEdit of fileEdit.edits) edit.replace(uri, toVsRange(textEdit.range), textEdit.newText, metadata);
    }
  }
  for (const { root, movesOut } of changes) {
    for (const move of movesOut ?? []) edit.renameFile(safeUri(root, move.path), move.to, { overwrite: false }, metadata);
  }
  for (const { root, edits } of changes) {
    for (const fileEdit of edits) {
      if (fileEdit.kind === 'delete') edit.deleteFile(safeUri(root, fileEdit.path), { recursive: false, ignoreIfNotExists: true }, metadata);
    }
  }
  return edit;
}
