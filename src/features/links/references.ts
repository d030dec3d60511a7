import * as vscode from 'vscode';
import { createMemoryLanguage } from '../../language/memoryLanguage';
import { fromVsPosition, toVsRange } from '../../workspace/display/ranges';
import type { Services } from '../../workspace/services';
import { MEMORY_SELECTOR } from './linkUi';

/**
 * Shift+F12 on a memory's `name:`, a `[[link]]` or a MEMORY.md entry lists every link to that memory in
 * the root (memories and MEMORY.md); on a dangling link, every link that reserves the same name: the
 * language layer's answer, with the files' URIs.
 */
export function registerReferences(services: Services): vscode.Disposable {
  const language = createMemoryLanguage();
  return vscode.languages.registerReferenceProvider(MEMORY_SELECTOR, {
    provideReferences(document, position, context, token) {
      const current = services.documents.current(document);
      if (!current || token.isCancellationRequested) return undefined;
      const found = language.references(current.root, current.path, document.getText(), fromVsPosition(position), context.includeDeclaration);
      return found?.map((location) => new vscode.Location(current.root.uriOf(location.path), toVsRange(location.range)));
    },
  });
}
