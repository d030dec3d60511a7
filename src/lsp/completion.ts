import { CompletionItemKind, MarkupKind, type CompletionItem, type CompletionList, type CompletionParams } from 'vscode-languageserver/node';
import { escapeMarkdown, markdownCode } from '../core';
import { linkCompletionList } from '../language/completion';
import { typeSetOf } from '../language/settings';
import { t } from './l10n';
import type { ServerContext } from './context';

/**
 * After `[[`: the language layer's {@link linkCompletionList} (the same list VS Code shows) as LSP
 * completion items. The list is incomplete, so the client asks again as the person types: a title
 * match is not something its own filter on the name would find.
 */
export function completion(server: ServerContext, params: CompletionParams): CompletionList | undefined {
  const document = server.documents.get(params.textDocument.uri);
  const model = server.documentModel(params.textDocument.uri);
  if (!document || !model) return undefined;
  const { position } = params;
  const line = document.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } }).replace(/\r?\n$/, '');
  const list = linkCompletionList(model.root.store, model.path, line, position, typeSetOf(server.settings.settings).types);
  if (!list) return undefined;
  const insertReplace = server.capabilities.textDocument?.completion?.completionItem?.insertReplaceSupport === true;
  const items = list.items.map(({ name, filterText, sortText, newText, memory, reservation }): CompletionItem => {
    const item: CompletionItem = {
      label: name,
      filterText,
      sortText,
      textEdit: insertReplace ? { newText, insert: list.inserting, replace: list.replacing } : { newText, range: list.replacing },
    };
    if (memory) {
      item.kind = CompletionItemKind.Reference;
      item.labelDetails = { description: memory.type };
      item.detail = memory.title;
      item.documentation = { kind: MarkupKind.Markdown, value: `${escapeMarkdown(memory.description ?? t('No description: this memory will not be recalled.'))}\n\n${markdownCode(memory.path)}` };
    } else if (reservation) {
      item.kind = CompletionItemKind.Text;
      item.labelDetails = { description: t('reservation') };
      item.detail = reservation.linkedFrom === 1 ? t('Reserved by 1 memory, not written yet') : t('Reserved by {0} memories, not written yet', reservation.linkedFrom);
    }
    return item;
  });
  return { isIncomplete: true, items };
}
