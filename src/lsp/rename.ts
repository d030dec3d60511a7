import { ResponseError, type PrepareRenameParams, type Range, type RenameParams, type WorkspaceEdit } from 'vscode-languageserver/node';
import { fileFollowsName, formatText, planRename, planReservationRename, renamedPath, renameRefusalText, renameTargetAt, rootConventions, type MemoryFile, type RenamePlan } from '../core';
import { localized, t } from './l10n';
import type { RootSession } from '../language/rootSession';
import type { ServerContext } from './context';
import { toWorkspaceEdit } from './workspaceEdit';

/** LSP's RequestFailed: the client shows the message. */
const REQUEST_FAILED = -32803;

/** Rename from a `[[link]]` or a memory's `name:` value; anywhere else is no rename of ours. */
export function prepareRename(server: ServerContext, params: PrepareRenameParams): { range: Range; placeholder: string } | null {
  const model = server.documentModel(params.textDocument.uri);
  const found = model && renameTargetAt(model.root.store, model, params.position);
  if (!found) return null;
  return { range: found.range, placeholder: found.placeholder };
}

/**
 * The memory renamed everywhere in its root in one workspace edit, planned by core's {@link planRename}
 * (the extension's planner): its `name`, every link resolving to it alone, its MEMORY.md title, and
 * the file with its index entry when the file name follows the name and the client can rename files
 * (`rename.renameFile`: `always`, `never`, or by default as the extension's "ask" would answer yes).
 */
export async function rename(server: ServerContext, params: RenameParams): Promise<WorkspaceEdit> {
  const model = server.documentModel(params.textDocument.uri);
  const found = model && renameTargetAt(model.root.store, model, params.position);
  if (!model || !found) throw new ResponseError(REQUEST_FAILED, t('Rename a memory from a [[link]] to it or from its name: value.'));
  const { root } = model;
  if (found.kind === 'ambiguous') throw new ResponseError(REQUEST_FAILED, t('{0} memories answer to "{1}": rename the one you mean from its own name.', found.candidates, found.placeholder));
  const plan = found.kind === 'reservation'
    ? planReservationRename(root.store, found.placeholder, params.newName)
    : planRename(root.store, found.memory, params.newName, { renameFile: renamesFile(server, root, found.memory, params.newName) });
  if (!plan.ok) throw new ResponseError(REQUEST_FAILED, refusal(params.newName, plan));
  const edit = await toWorkspaceEdit(root, plan.edits, server.editSupport, server);
  if (!edit) throw new ResponseError(REQUEST_FAILED, t('Not renamed: the edit would write outside the memory folder, or the editor cannot rename files.'));
  return edit;
}

function renamesFile(server: ServerContext, root: RootSession, memory: MemoryFile, newName: string): boolean {
  const support = server.editSupport;
  if (!support.documentChanges || !support.resourceOperations.includes('rename')) return false;
  const setting = server.settings.settings.renameFile;
  if (setting === 'never' || !renamedPath(memory, newName, rootConventions(root.store))) return false;
  return setting === 'always' || fileFollowsName(memory);
}

function refusal(newName: string, plan: Extract<RenamePlan, { ok: false }>): string {
  const text = renameRefusalText(newName, plan);
  return localized(text, formatText(text));
}
