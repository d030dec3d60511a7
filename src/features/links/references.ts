import * as vscode from 'vscode';
import { contains, linkAt, linksTo, linksToReservation, type LinkOccurrence } from '../../core';
import { fromVsPosition, toVsRange } from '../../workspace/display/ranges';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { MEMORY_SELECTOR } from './linkUi';
import { nameRange } from './navigation';

/**
 * Shift+F12 on a memory's `name:` or on a `[[link]]` lists every link to that memory in the root
 * (memories and MEMORY.md); on a dangling link, every link that reserves the same name.
 */
export function registerReferences(services: Services): vscode.Disposable {
  return vscode.languages.registerReferenceProvider(MEMORY_SELECTOR, {
    provideReferences(document, position, context, token) {
      const current = services.documents.current(document);
      if (!current || token.isCancellationRequested) return undefined;
      const { root } = current;
      const at = fromVsPosition(position);
      const link = linkAt(current.links, at);
      if (link) {
        const resolution = root.store.resolveLink(link.target);
        if (resolution.status === 'dangling') return locations(root, linksToReservation(root.store, link.target));
        return resolution.targets.flatMap((memory) => [
          ...(context.includeDeclaration ? [new vscode.Location(root.uriOf(memory.path), nameRange(memory))] : []),
          ...locations(root, linksTo(root.store, memory)),
        ]);
      }
      const field = current.memory?.frontmatter.fields.get('name');
      if (!current.memory || !field || !(contains(field.valueRange, at) || contains(field.keyRange, at))) return undefined;
      const memory = root.store.get(current.path) ?? current.memory;
      return [
        ...(context.includeDeclaration ? [new vscode.Location(document.uri, toVsRange(field.valueRange))] : []),
        ...locations(root, linksTo(root.store, memory)),
      ];
    },
  });
}

function locations(root: MemoryRoot, occurrences: readonly LinkOccurrence[]): vscode.Location[] {
  return occurrences.map((occurrence) => new vscode.Location(root.uriOf(occurrence.path), toVsRange(occurrence.link.range)));
}
