import type { CodeLens, CodeLensParams } from 'vscode-languageserver/node';
import { indexLenses, say } from '../language/lenses';
import { budgetOf } from '../language/settings';
import { t } from './l10n';
import type { ServerContext } from './context';

/**
 * The language layer's {@link indexLenses} on MEMORY.md (the load budget, each entry's type and
 * backlinks or what is wrong with it), in the client's language, when `indexCodeLens` is on. They only
 * say things: a lens with no command.
 */
export function codeLenses(server: ServerContext, params: CodeLensParams): CodeLens[] {
  const model = server.documentModel(params.textDocument.uri);
  if (!model || !server.settings.settings.indexCodeLens) return [];
  return indexLenses(model, budgetOf(server.settings.settings), model.root.place.indexLoad).map((lens) => ({
    range: { start: { line: lens.line, character: 0 }, end: { line: lens.line, character: 0 } },
    command: { title: say(lens.title, (text) => t(text.template, ...text.args)), command: '' },
  }));
}
