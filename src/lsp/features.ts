import { codeActions } from './codeActions';
import { codeLenses } from './codeLens';
import { completion } from './completion';
import { filesMoved, indexEditsForMoves } from './fileMoves';
import { hover } from './hover';
import { definition, documentLinks, references } from './navigation';
import { prepareRename, rename } from './rename';
import type { ServerContext } from './context';

/** Every request handler, each waiting for the roots to be read. */
export function registerFeatures(server: ServerContext): void {
  const { connection } = server;
  connection.onCodeAction((params) => server.whenReady(() => codeActions(server, params)));
  connection.onDefinition((params) => server.whenReady(() => definition(server, params)));
  connection.onDocumentLinks((params) => server.whenReady(() => documentLinks(server, params)));
  connection.onReferences((params) => server.whenReady(() => references(server, params)));
  connection.onHover((params) => server.whenReady(() => hover(server, params)));
  connection.onCompletion((params) => server.whenReady(() => completion(server, params)));
  connection.onPrepareRename((params) => server.whenReady(() => prepareRename(server, params)));
  connection.onRenameRequest((params) => server.whenReady(() => rename(server, params)));
  connection.onCodeLens((params) => server.whenReady(() => codeLenses(server, params)));
  connection.workspace.onWillRenameFiles((params) => server.whenReady(() => indexEditsForMoves(server, params)));
  connection.workspace.onDidRenameFiles((params) => void server.whenReady(() => filesMoved(server, params)));
}
