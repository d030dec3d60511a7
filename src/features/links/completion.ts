import * as vscode from 'vscode';
import { linkTypingAt, markdownCode, memoryLabel, rankLinkCandidates, type LinkCandidate, type MemoryFile, type Reservation } from '../../core';
import type { Services } from '../../workspace/services';
import { MEMORY_SELECTOR, memoryTitle } from './linkUi';

type Candidate = LinkCandidate & { readonly memory?: MemoryFile; readonly reservation?: Reservation };

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
      const candidates: Candidate[] = [];
      for (const memory of root.store.memories()) {
        if (memory.path === current.path) continue;
        const title = root.store.indexEntriesFor(memory.path)[0]?.title;
        candidates.push({ kind: 'memory', name: memory.name ?? memory.stem, title: memoryLabel(memory, title, types), description: memory.description, memory });
      }
      for (const reservation of root.store.reservations()) {
        const others = reservation.references.filter((reference) => !(reference.source.path === current.path && reference.link.range.start.line === position.line
          && reference.link.range.start.character <= position.character && position.character <= reference.link.range.end.character));
        if (others.length > 0) candidates.push({ kind: 'reservation', name: reservation.name, reservation: { ...reservation, references: others } });
      }
      // What core matches on name, title or description comes first; the rest stay for VS Code's own
      // fuzzy filter on the name (`[[fe` still finds user-profile), after them.
      const ranked = rankLinkCandidates(typing.prefix, candidates);
      const matched = new Set(ranked.map(({ candidate }) => candidate));
      const rest = candidates.filter((candidate) => !matched.has(candidate)).map((candidate) => ({ candidate, rank: candidate.kind === 'memory' ? 20 : 30, byCore: false }));
      const items = [...ranked.map((entry) => ({ ...entry, byCore: true })), ...rest].map(({ candidate, rank, byCore }, order) => {
        const item = candidate.memory
          ? memoryItem(root, candidate.memory, candidate.name)
          : reservationItem(candidate.name, candidate.reservation!);
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
