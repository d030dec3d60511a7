import type { ClientCapabilities, Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { RootPath } from '../core';
import type { DocumentModel as LanguageDocumentModel } from '../language/documentModel';
import type { RootSession } from '../language/rootSession';
import type { ServerSettings } from './settings';
import type { EditSupport, OpenDocuments } from './workspaceEdit';

/** A document of a root as the client shows it now, and the URI the client names it by. */
export interface DocumentModel extends LanguageDocumentModel<RootSession> {
  readonly uri: string;
}

/**
 * What the request handlers read of the server: the server implements it, and the handlers depend on
 * this rather than on the server, which registers them (so they import no file that imports them).
 */
export interface ServerContext extends OpenDocuments {
  readonly connection: Connection;
  readonly documents: TextDocuments<TextDocument>;
  readonly settings: ServerSettings;
  readonly capabilities: ClientCapabilities;
  readonly editSupport: EditSupport;
  whenReady<T>(fn: () => T | Promise<T>): Promise<T>;
  documentModel(uri: string): DocumentModel | undefined;
  rootOf(file: string): { root: RootSession; path: RootPath } | undefined;
  uriOfFile(root: RootSession, path: RootPath): string;
  publish(root: RootSession, paths: readonly RootPath[]): void;
}
