import * as vscode from 'vscode';
import { linkCompletions, linkTypingAt, markdownCode, type MemoryFile, type Reservation } from '../../core';
import { fromVsPosition } from '../../workspace/display/ranges';
import type { Services } from '../../workspace/services';
import { MEMORY_SELECTOR, memoryTitle } from './linkUi';

/**
 * After `[[`: the memories of the root and the names other links already reserve, matched on name,
 * title and description (so `[[수식` finds "수식 표기" and `[[latex` a description about LaTeX), existing
 * memories first. Core ranks; VS Code is told to ask again as the person types, since a title match is
 * not something its own fuzzy filter on the name would find. The link being typed is not offered as a
 * reservation of itself.
 */
export function registerCompletion(services: Services): vscode.Disposable {
  return vscode.languages.registerCompletionItemProvider(MEMORY_SELECTOR, {
    provideCompletionItems(document, position, token) {
      const typing = linkTypingAt(document.lineAt(position.line).text, position.character);
      if (!typing) return undefined;
      const current = services.documents.current(document);
      if (!current || token.isCancellationRequested) return undefined;
      const { root } = current;
      const types = services.config.typeSet().types;
      const range = {
        inserting: new vscode.Range(position.line, typing.start, position.line, position.character),
        replacing: new vscode.Range(position.line, typing.start, position.line, typing.end),
      };
      const closing = typing.closed ? '' : ']]';
      const completions = linkCompletions(root.store, current.path, fromVsPosition(position), typing.prefix, types);
      const items = completions.map(({ candidate, rank, byCore, memory, reservation }, order) => {
        const item = memory
          ? memoryItem(root, memory, candidate.name)
          : reservationItem(candidate.name, reservation!);
        item.insertText = candidate.name + closing;
        // What was typed leads the filter text of a title or description match, so VS Code keeps it.
        item.filterText = byCore ? typing.prefix + candidate.name : candidate.name;
        item.sortText = `${String(rank).padStart(2, '0')}${String(order).padStart(6, '0')}`;
        item.range = range;
        return item;
      });
      return new vscode.CompletionList(items, true);
    },
  }, '[');
}

function memoryItem(root: Parameters<typeof memoryTitle>[0], memory: MemoryFile, name: string): vscode.CompletionItem {
  const item = new vscode.CompletionItem({ label: name, description: memory.type }, vscode.CompletionItemKind.Reference);
  item.detail = memoryTitle(root, memory);
  item.documentation = new vscode.MarkdownString().appendText(memory.description ?? vscode.l10n.t('No description: this memory will not be recalled.')).appendMarkdown(`\n\n${markdownCode(memory.path)}`);
  return item;
}

function reservationItem(name: string, reservation: Reservation): vscode.CompletionItem {
  const count = new Set(reservation.references.map((reference) => reference.source.path)).size;
  const item = new vscode.CompletionItem({ label: name, description: vscode.l10n.t('reservation') }, vscode.CompletionItemKind.Issue);
  item.detail = count === 1 ? vscode.l10n.t('Reserved by 1 memory, not written yet') : vscode.l10n.t('Reserved by {0} memories, not written yet', count);
  return item;
}
