import * as vscode from 'vscode';
import { markdownCode } from '../../core';
import { linkCompletionList, type LinkCompletion } from '../../language/completion';
import { fromVsPosition, toVsRange } from '../../workspace/display/ranges';
import type { Services } from '../../workspace/services';
import { MEMORY_SELECTOR } from './linkUi';

/**
 * After `[[`: the memories of the root and the names other links already reserve, matched on name,
 * title and description (so `[[수식` finds "수식 표기" and `[[latex` a description about LaTeX), existing
 * memories first: the language layer's {@link linkCompletionList} (the list the language server
 * serves) as VS Code items. Core ranks; VS Code is told to ask again as the person types, since a title
 * match is not something its own fuzzy filter on the name would find. The link being typed is not
 * offered as a reservation of itself.
 */
export function registerCompletion(services: Services): vscode.Disposable {
  return vscode.languages.registerCompletionItemProvider(MEMORY_SELECTOR, {
    provideCompletionItems(document, position, token) {
      const current = services.documents.current(document);
      if (!current || token.isCancellationRequested) return undefined;
      const list = linkCompletionList(current.root.store, current.path, document.lineAt(position.line).text, fromVsPosition(position), services.config.typeSet().types);
      if (!list) return undefined;
      const range = { inserting: toVsRange(list.inserting), replacing: toVsRange(list.replacing) };
      const items = list.items.map((completion) => {
        const item = completion.memory ? memoryItem(completion.name, completion.memory) : reservationItem(completion.name, completion.reservation?.linkedFrom ?? 0);
        item.insertText = completion.newText;
        item.filterText = completion.filterText;
        item.sortText = completion.sortText;
        item.range = range;
        return item;
      });
      return new vscode.CompletionList(items, true);
    },
  }, '[');
}

function memoryItem(name: string, memory: NonNullable<LinkCompletion['memory']>): vscode.CompletionItem {
  const item = new vscode.CompletionItem({ label: name, description: memory.type }, vscode.CompletionItemKind.Reference);
  item.detail = memory.title;
  item.documentation = new vscode.MarkdownString().appendText(memory.description ?? vscode.l10n.t('No description: this memory will not be recalled.')).appendMarkdown(`\n\n${markdownCode(memory.path)}`);
  return item;
}

function reservationItem(name: string, linkedFrom: number): vscode.CompletionItem {
  const item = new vscode.CompletionItem({ label: name, description: vscode.l10n.t('reservation') }, vscode.CompletionItemKind.Issue);
  item.detail = linkedFrom === 1 ? vscode.l10n.t('Reserved by 1 memory, not written yet') : vscode.l10n.t('Reserved by {0} memories, not written yet', linkedFrom);
  return item;
}
