import type { CodeLens, CodeLensParams } from 'vscode-languageserver/node';
import { entryLenses, INDEX_FILE_NAME, loadBudget, type EntryLens, type IndexLoadWay, type LoadBudget } from '../core';
import { t } from './l10n';
import type { ServerContext } from './context';
import { budgetOf } from '../language/settings';

/**
 * Lenses on MEMORY.md, from core's models as in VS Code: the load budget on the first line, and above
 * each entry the memory's type and backlinks, or what is wrong with the entry. They only say things:
 * what can be done about an entry is a quick fix on its diagnostic.
 */
export function codeLenses(server: ServerContext, params: CodeLensParams): CodeLens[] {
  const model = server.documentModel(params.textDocument.uri);
  if (!model || model.path !== INDEX_FILE_NAME || !model.index || !server.settings.settings.indexCodeLens) return [];
  const at = (line: number): CodeLens['range'] => ({ start: { line, character: 0 }, end: { line, character: 0 } });
  const lenses: CodeLens[] = [{ range: at(0), command: { title: budgetTitle(loadBudget(model.index, budgetOf(server.settings.settings)), model.root.place.indexLoad), command: '' } }];
  for (const lens of entryLenses(model.index, model.root.store)) {
    for (const title of entryTitles(lens)) lenses.push({ range: at(lens.line), command: { title, command: '' } });
  }
  return lenses;
}

function entryTitles(lens: EntryLens): string[] {
  const titles: string[] = [];
  if (lens.memory) {
    const backlinks = lens.backlinks === 1 ? t('1 backlink') : t('{0} backlinks', lens.backlinks);
    titles.push(`${lens.memory.type ?? t('no type')} · ${backlinks}`);
  }
  for (const issue of lens.issues) {
    if (issue.kind === 'missing-file') titles.push(t('file missing — create'));
    if (issue.kind === 'hook-drift') titles.push(t('hook differs from the description: {0} → {1}', issue.change.old, issue.change.now));
    if (issue.kind === 'duplicate') titles.push(t('listed twice (line {0}) — remove', issue.firstLine + 1));
  }
  return titles;
}

/**
 * "212 / 200 lines · 9876 / 25000 characters load at session start · loading stops before line 201 (line limit)",
 * said as the root's load way says it, as the extension's lens does: an imported index loads whole, one
 * nothing loads is cut nowhere (issue #40).
 */
function budgetTitle(budget: LoadBudget, way: IndexLoadWay): string {
  if (way === 'imported') return t('{0} load at session start, the whole file (imported by a CLAUDE.md)', `${budget.lines === 1 ? t('1 line') : t('{0} lines', budget.lines)} · ${budget.characters === 1 ? t('1 character') : t('{0} characters', budget.characters)}`);
  if (way === 'not-loaded') {
    const counts = t('{0} / {1} lines · {2} / {3} characters · not loaded at session start', budget.lines, budget.limits.maxLines, budget.characters, budget.limits.maxChars);
    return budget.cutLine === undefined ? counts : `${counts} · ${t('past the limit from line {0}', budget.cutLine + 1)}`;
  }
  const counts = t('{0} / {1} lines · {2} / {3} characters load at session start', budget.lines, budget.limits.maxLines, budget.characters, budget.limits.maxChars);
  if (budget.cutLine === undefined) return counts;
  const line = budget.cutLine + 1;
  const cut = budget.cutPartly
    ? t('loading stops inside line {0} (character limit)', line)
    : budget.cutBy === 'lines' ? t('loading stops before line {0} (line limit)', line) : t('loading stops before line {0} (character limit)', line);
  return `${counts} · ${cut}`;
}
