import type { DefinitionParams, DocumentLink, DocumentLinkParams, Location, LocationLink, ReferenceParams } from 'vscode-languageserver/node';
import { contains, INDEX_FILE_NAME, linkAt, linksTo, linksToReservation, nameRange, type LinkOccurrence, type MemoryFile, type Position, type Range } from '../core';
import type { RootSession } from '../language/rootSession';
import type { DocumentModel, ServerContext } from './context';

/**
 * Following links. A `[[link]]` resolving to one memory is a definition and a document link; an
 * ambiguous one is a definition with every candidate (the client lets the person pick). MEMORY.md's
 * entries (`[Title](file.md)`) lead to their files the same way. A dangling link leads nowhere yet:
 * its quick fix creates the memory.
 */
export function definition(server: ServerContext, params: DefinitionParams): Location[] | LocationLink[] | undefined {
  const model = server.documentModel(params.textDocument.uri);
  if (!model) return undefined;
  const targets = targetsAt(model, params.position);
  if (!targets) return undefined;
  const links = server.capabilities.textDocument?.definition?.linkSupport === true;
  return links
    ? targets.memories.map((memory): LocationLink => ({ originSelectionRange: targets.range, targetUri: server.uriOfFile(model.root, memory.path), targetRange: wholeFile(memory), targetSelectionRange: nameRange(memory) }))
    : targets.memories.map((memory): Location => ({ uri: server.uriOfFile(model.root, memory.path), range: nameRange(memory) }));
}

export function documentLinks(server: ServerContext, params: DocumentLinkParams): DocumentLink[] {
  const model = server.documentModel(params.textDocument.uri);
  if (!model) return [];
  const links: DocumentLink[] = [];
  for (const link of model.links) {
    const resolution = model.root.store.resolveLink(link.target);
    if (resolution.status === 'resolved') links.push({ range: link.range, target: server.uriOfFile(model.root, resolution.targets[0].path) });
  }
  for (const link of model.index?.links ?? []) {
    const memory = link.target === undefined ? undefined : model.root.store.get(link.target);
    if (memory) links.push({ range: link.hrefRange, target: server.uriOfFile(model.root, memory.path) });
  }
  return links;
}

/**
 * On a `[[link]]` or a memory's `name:`, every link to that memory in the root (memories and
 * MEMORY.md): its backlinks; on a dangling link, every link reserving the same name.
 */
export function references(server: ServerContext, params: ReferenceParams): Location[] | undefined {
  const model = server.documentModel(params.textDocument.uri);
  if (!model) return undefined;
  const { root } = model;
  const at = params.position;
  const declaration = params.context.includeDeclaration;
  const link = linkAt(model.links, at);
  if (link) {
    const resolution = root.store.resolveLink(link.target);
    if (resolution.status === 'dangling') return locations(server, root, linksToReservation(root.store, link.target));
    return resolution.targets.flatMap((memory) => [
      ...(declaration ? [{ uri: server.uriOfFile(root, memory.path), range: nameRange(memory) }] : []),
      ...locations(server, root, linksTo(root.store, memory)),
    ]);
  }
  const memory = onName(model, at) ?? onIndexEntry(model, at);
  if (!memory) return undefined;
  return [
    ...(declaration ? [{ uri: server.uriOfFile(root, memory.path), range: nameRange(memory) }] : []),
    ...locations(server, root, linksTo(root.store, memory)),
  ];
}

/** The memories a position leads to, and the range that leads there: a `[[link]]`'s targets or an index entry's file. */
export function targetsAt(model: DocumentModel, at: Position): { range: Range; memories: MemoryFile[] } | undefined {
  const link = linkAt(model.links, at);
  if (link) {
    const resolution = model.root.store.resolveLink(link.target);
    return resolution.status === 'dangling' ? undefined : { range: link.range, memories: [...resolution.targets] };
  }
  const entry = model.index?.links.find((candidate) => contains(candidate.hrefRange, at));
  const memory = entry?.target === undefined ? undefined : model.root.store.get(entry.target);
  return entry && memory ? { range: entry.hrefRange, memories: [memory] } : undefined;
}

function onName(model: DocumentModel, at: Position): MemoryFile | undefined {
  const field = model.memory?.frontmatter.fields.get('name');
  if (!model.memory || !field || !(contains(field.valueRange, at) || contains(field.keyRange, at))) return undefined;
  return model.root.store.get(model.path) ?? model.memory;
}

function onIndexEntry(model: DocumentModel, at: Position): MemoryFile | undefined {
  if (model.path !== INDEX_FILE_NAME) return undefined;
  return targetsAt(model, at)?.memories[0];
}

function locations(server: ServerContext, root: RootSession, occurrences: readonly LinkOccurrence[]): Location[] {
  return occurrences.map((occurrence) => ({ uri: server.uriOfFile(root, occurrence.path), range: occurrence.link.range }));
}

function wholeFile(memory: MemoryFile): Range {
  return { start: { line: 0, character: 0 }, end: { line: Math.max(0, memory.lineCount - 1), character: 0 } };
}
