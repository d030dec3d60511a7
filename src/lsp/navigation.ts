import type { DefinitionParams, DocumentLink, DocumentLinkParams, Location, LocationLink, ReferenceParams } from 'vscode-languageserver/node';
import { nameRange } from '../core';
import { definitionAt, referencesAt, resolvedLinks, wholeFile, type RootLocation } from '../language/navigation';
import type { RootSession } from '../language/rootSession';
import type { ServerContext } from './context';

/**
 * Following links: the language layer's answers ({@link definitionAt}, {@link resolvedLinks},
 * {@link referencesAt}) with the URIs the client knows the files by. A definition is a location link
 * when the client takes them.
 */
export function definition(server: ServerContext, params: DefinitionParams): Location[] | LocationLink[] | undefined {
  const model = server.documentModel(params.textDocument.uri);
  const targets = model && definitionAt(model, params.position);
  if (!model || !targets) return undefined;
  const links = server.capabilities.textDocument?.definition?.linkSupport === true;
  return links
    ? targets.memories.map((memory): LocationLink => ({ originSelectionRange: targets.range, targetUri: server.uriOfFile(model.root, memory.path), targetRange: wholeFile(memory), targetSelectionRange: nameRange(memory) }))
    : targets.memories.map((memory): Location => ({ uri: server.uriOfFile(model.root, memory.path), range: nameRange(memory) }));
}

export function documentLinks(server: ServerContext, params: DocumentLinkParams): DocumentLink[] {
  const model = server.documentModel(params.textDocument.uri);
  if (!model) return [];
  return resolvedLinks(model).map((link) => ({ range: link.range, target: server.uriOfFile(model.root, link.path) }));
}

export function references(server: ServerContext, params: ReferenceParams): Location[] | undefined {
  const model = server.documentModel(params.textDocument.uri);
  const found = model && referencesAt(model, params.position, params.context.includeDeclaration);
  return model && found?.map((location) => toLocation(server, model.root, location));
}

function toLocation(server: ServerContext, root: RootSession, location: RootLocation): Location {
  return { uri: server.uriOfFile(root, location.path), range: location.range };
}
