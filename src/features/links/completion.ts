import * as vscode from 'vscode';
import { linkTypingAt } from '../../core';
import type { Services } from '../../workspace/services';
import { MEMORY_SELECTOR, memoryTitle } from './linkUi';

/**
 * After `[[`: every memory of the root by name, with its type and description, and the names already
 * reserved by other links. VS Code's own fuzzy filter matches what is typed against the names.
 */
export function registerCompletion(services: Services): vscode.Disposable {
  return vscode.languages.registerCompletionItemProvider(MEMORY_SELECTOR, {
    provideCompletionItems(document, position, token) {
      const typing = linkTypingAt(document.lineAt(position.line).text, position.character);
      if (!typing) return undefined;
      const current = services.documents.current(document);
      if (!current || token.isCancellationRequested) return undefined;
      const { root } = current;
      const range = {
        inserting: new vscode.Range(position.line, typing.start, position.line, position.character),
        replacing: new vscode.Range(position.line, typing.start, position.line, typing.end),
      };
      const closing = typing.closed ? '' : ']]';
      const items: vscode.CompletionItem[] = [];
      for (const memory of root.store.memories()) {
        if (memory.path === current.path) continue;
        const name = memory.name ?? memory.stem;
        const item = new vscode.CompletionItem({ label: name, description: memory.type }, vscode.CompletionItemKind.Reference);
        item.detail = memoryTitle(root, memory);
        item.documentation = new vscode.MarkdownString().appendText(memory.description ?? vscode.l10n.t('No description: this memory will not be recalled.')).appendMarkdown(`\n\n\`${memory.path}\``);
        item.insertText = name + closing;
        item.filterText = name;
        item.sortText = `0${name}`;
        item.range = range;
        items.push(item);
      }
      for (const reservation of root.store.reservations()) {
        const count = new Set(reservation.references.map((reference) => reference.source.path)).size;
        const item = new vscode.CompletionItem(
          { label: reservation.name, description: vscode.l10n.t('reservation') },
          vscode.CompletionItemKind.Issue,
        );
        item.detail = count === 1 ? vscode.l10n.t('Reserved by 1 memory, not written yet') : vscode.l10n.t('Reserved by {0} memories, not written yet', count);
        item.insertText = reservation.name + closing;
        item.filterText = reservation.name;
        item.sortText = `1${reservation.name}`;
        item.range = range;
        items.push(item);
      }
      return items;
    },
  }, '[');
}
