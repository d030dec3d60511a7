import { CompletionItemKind, MarkupKind, type CompletionItem, type CompletionList, type CompletionParams } from 'vscode-languageserver/node';
import { escapeMarkdown, linkCompletions, linkTypingAt, markdownCode, memoryTitle } from '../core';
import { t } from './l10n';
import type { MemoryShelfServer } from './server';
import { typeSetOf } from '../language/settings';

/**
 * After `[[`: the root's memories and reserved names, matched on name, title and description and
 * ranked by core ({@link linkCompletions}, the same list VS Code shows). The list is incomplete, so
 * the client asks again as the person types: a title match is not something its own filter on the
 * name would find.
 */
export function completion(server: MemoryShelfServer, params: CompletionParams): CompletionList | undefined {
  const document = server.documents.get(params.textDocument.uri);
  const model = server.documentModel(params.textDocument.uri);
  if (!document || !model) return undefined;
  const { position } = params;
  const line = document.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } }).replace(/\r?\n$/, '');
  const typing = linkTypingAt(line, position.character);
  if (!typing) return undefined;
  const { root } = model;
  const closing = typing.closed ? '' : ']]';
  const inserting = { start: { line: position.line, character: typing.start }, end: position };
  const replacing = { start: { line: position.line, character: typing.start }, end: { line: position.line, character: typing.end } };
  const insertReplace = server.capabilities.textDocument?.completion?.completionItem?.insertReplaceSupport === true;
  const items = linkCompletions(root.store, model.path, position, typing.prefix, typeSetOf(server.settings.settings).types).map(({ candidate, rank, byCore, memory, reservation }, order): CompletionItem => {
    const newText = candidate.name + closing;
    const item: CompletionItem = {
      label: candidate.name,
      // What was typed leads the filter text of a title or description match, so the client keeps it.
      filterText: byCore ? typing.prefix + candidate.name : candidate.name,
      sortText: `${String(rank).padStart(2, '0')}${String(order).padStart(6, '0')}`,
      textEdit: insertReplace ? { newText, insert: inserting, replace: replacing } : { newText, range: replacing },
    };
    if (memory) {
      item.kind = CompletionItemKind.Reference;
      item.labelDetails = { description: memory.type };
      item.detail = memoryTitle(root.store, memory);
      item.documentation = { kind: MarkupKind.Markdown, value: `${escapeMarkdown(memory.description ?? t('No description: this memory will not be recalled.'))}\n\n${markdownCode(memory.path)}` };
    } else if (reservation) {
      const count = new Set(reservation.references.map((reference) => reference.source.path)).size;
      item.kind = CompletionItemKind.Text;
      item.labelDetails = { description: t('reservation') };
      item.detail = count === 1 ? t('Reserved by 1 memory, not written yet') : t('Reserved by {0} memories, not written yet', count);
    }
    return item;
  });
  return { isIncomplete: true, items };
}
