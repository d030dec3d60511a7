import { ResponseError, type PrepareRenameParams, type Range, type RenameParams, type WorkspaceEdit } from 'vscode-languageserver/node';
import { formatText, type MemoryFile } from '../core';
import { renameEdits, renamesFileUnasked, renameStart } from '../language/rename';
import { localized, t } from './l10n';
import type { DocumentModel, ServerContext } from './context';
import { toWorkspaceEdit } from './workspaceEdit';

/** LSP's RequestFailed: the client shows the message. */
const REQUEST_FAILED = -32803;

/** Rename from a `[[link]]` or a memory's `name:` value; anywhere else is no rename of ours. */
export function prepareRename(server: ServerContext, params: PrepareRenameParams): { range: Range; placeholder: string } | null {
  const model = server.documentModel(params.textDocument.uri);
  return (model && renameStart(model, params.position)) ?? null;
}

/**
 * The language layer's {@link renameEdits} as one workspace edit. The file is renamed too when the
 * client can rename files and `rename.renameFile` says so with no one to ask ({@link renamesFileUnasked}).
 */
export async function rename(server: ServerContext, params: RenameParams): Promise<WorkspaceEdit> {
  const model = server.documentModel(params.textDocument.uri);
  if (!model) throw new ResponseError(REQUEST_FAILED, t('Rename a memory from a [[link]] to it or from its name: value.'));
  const answer = renameEdits(model, params.position, params.newName, (memory) => renamesFile(server, model, memory, params.newName));
  if (!answer.ok) throw new ResponseError(REQUEST_FAILED, localized(answer.reason, formatText(answer.reason)));
  const edit = await toWorkspaceEdit(model.root, answer.edits, server.editSupport, server);
  if (!edit) throw new ResponseError(REQUEST_FAILED, t('Not renamed: the edit would write outside the memory folder, or the editor cannot rename files.'));
  return edit;
}

function renamesFile(server: ServerContext, model: DocumentModel, memory: MemoryFile, newName: string): boolean {
  const support = server.editSupport;
  if (!support.documentChanges || !support.resourceOperations.includes('rename')) return false;
  return renamesFileUnasked(model, memory, newName, server.settings.settings.renameFile);
}
