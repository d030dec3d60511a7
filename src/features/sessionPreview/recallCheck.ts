import * as vscode from 'vscode';
import { memoryTitle } from '../../workspace/display/memoryTitle';
import { matchedByNone, RECALL_LIMIT, scoreRecall, type RecallCandidate, type RecallHit } from '../../core/recall';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { addSampleTask, sampleTasksOf } from './sampleTasks';

interface RecallItem extends vscode.QuickPickItem {
  readonly uri?: vscode.Uri;
  readonly keep?: string;
}

/**
 * Asks for a task and shows which memories of a root its name and description would put forward,
 * ranked with the words that matched, then the memories no sample task reaches. Said to be a
 * rehearsal: Claude Code's selector is a model reading the same list, not this score.
 */
export async function recallCheck(services: Services, given: MemoryRoot | undefined): Promise<void> {
  const root = given ?? (await pickRoot(services));
  if (!root) return;
  const task = await vscode.window.showInputBox({
    title: vscode.l10n.t('Recall check (a rehearsal, not Claude\'s selector)'),
    prompt: vscode.l10n.t('A task as you would ask Claude. Memories are matched on their name and description only, as Claude Code chooses up to 5 per query.'),
    placeHolder: vscode.l10n.t('e.g. write the lab report table'),
  });
  if (task === undefined || task.trim() === '') return;
  const candidates = candidatesOf(root);
  const hits = scoreRecall(task, candidates.map((entry) => entry.candidate));
  const uriOf = new Map(candidates.map((entry) => [entry.candidate, entry.uri]));
  // Listed by title, as the tree lists them; the name is what the score reads, so it stays in the detail.
  const titleOf = new Map(candidates.map((entry) => [entry.candidate, entry.title]));
  const items: RecallItem[] = [];
  items.push({ label: vscode.l10n.t('Top {0}: what Claude Code could attach at most', RECALL_LIMIT), kind: vscode.QuickPickItemKind.Separator });
  if (hits.length === 0) items.push({ label: vscode.l10n.t('No memory shares a word with this task'), detail: vscode.l10n.t('Claude would see none of them offered; a description that names this task would be found.') });
  hits.forEach((hit, i) => {
    if (i === RECALL_LIMIT) items.push({ label: vscode.l10n.t('Also matching, past the first {0}', RECALL_LIMIT), kind: vscode.QuickPickItemKind.Separator });
    items.push(hitItem(hit, uriOf.get(hit.candidate), titleOf.get(hit.candidate) ?? hit.candidate.name));
  });
  const samples = sampleTasksOf(root);
  const unmatched = samples.length > 0 ? matchedByNone(samples, candidates.map((entry) => entry.candidate)) : [];
  if (unmatched.length > 0) {
    items.push({ label: vscode.l10n.t('Matched by none of the {0} sample tasks', samples.length), kind: vscode.QuickPickItemKind.Separator });
    for (const candidate of unmatched) items.push({ label: `$(circle-slash) ${titleOf.get(candidate) ?? candidate.name}`, description: candidate.description, ...withUri(uriOf.get(candidate)) });
  }
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  if (!samples.includes(task.trim())) items.push({ label: `$(add) ${vscode.l10n.t('Keep this task as a sample task for this root')}`, keep: task.trim() });
  const chosen = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Recall rehearsal for "{0}": a lexical score, not Claude\'s selector', task.trim()),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (chosen?.keep !== undefined) await addSampleTask(root, chosen.keep);
  else if (chosen?.uri) await vscode.window.showTextDocument(chosen.uri, { preview: true });
}

function withUri(uri: vscode.Uri | undefined): { uri?: vscode.Uri } {
  return uri ? { uri } : {};
}

function hitItem(hit: RecallHit, uri: vscode.Uri | undefined, title: string): RecallItem {
  const why = hit.matches.map((match) => (match.field === 'name' ? vscode.l10n.t('"{0}" in the name', match.term) : match.kind === 'piece' ? vscode.l10n.t('"{0}" (part of a word) in the description', match.term) : vscode.l10n.t('"{0}" in the description', match.term)));
  return { label: title, description: vscode.l10n.t('score {0}', hit.score), detail: vscode.l10n.t('Matched: {0}', why.join(', ')), ...withUri(uri) };
}

function candidatesOf(root: MemoryRoot): { candidate: RecallCandidate; uri: vscode.Uri; title: string }[] {
  const found: { candidate: RecallCandidate; uri: vscode.Uri; title: string }[] = [];
  for (const memory of root.store.memories()) {
    const file = memory.path.slice(memory.path.lastIndexOf('/') + 1);
    found.push({ candidate: { name: memory.name ?? memory.stem, file, description: memory.description ?? '' }, uri: root.uriOf(memory.path), title: memoryTitle(root, memory) });
  }
  return found.sort((a, b) => (a.candidate.file < b.candidate.file ? -1 : a.candidate.file > b.candidate.file ? 1 : 0));
}

async function pickRoot(services: Services): Promise<MemoryRoot | undefined> {
  const roots = services.roots.roots;
  if (roots.length <= 1) {
    if (roots.length === 0) void vscode.window.showInformationMessage(vscode.l10n.t('No memory folder is open: the recall check needs one.'));
    return roots[0];
  }
  const picked = await vscode.window.showQuickPick(roots.map((root) => ({ label: root.info.label, root })), { placeHolder: vscode.l10n.t('Which memory folder?') });
  return picked?.root;
}
