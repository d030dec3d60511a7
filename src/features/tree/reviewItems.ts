import * as vscode from 'vscode';
import { escapeMarkdown, markdownCode, memoryLabel, type TypeSet } from '../../core';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { ReviewEntry } from '../../workspace/review/reviewService';
import type { MemoryTreeNode } from './treeNodes';
import { openCommand } from './rowCommands';

/** Below this many deletions nobody can tie to a session, they are listed one by one. */
const GROUPED_DELETIONS = 2;

/**
 * What To review lists: first, one by one, each memory that holds poisoning (hidden text, channel
 * markup, a planted instruction: written by someone else and not yet looked at, it is what most needs a
 * person), then each Claude Code session that changed more than one memory as a group of its own
 * (approved or rejected at once), deletions of unknown origin together when there are several (an
 * agent clearing the folder must not bury the rest), then the other memories one by one.
 */
export function reviewChildren(root: MemoryRoot, entries: readonly ReviewEntry[], isPoisoned: (entry: ReviewEntry) => boolean = () => false): MemoryTreeNode[] {
  const poisoned = entries.filter(isPoisoned);
  const first = poisoned.map((entry): MemoryTreeNode => ({ kind: 'reviewItem', root, entry }));
  if (poisoned.length > 0) entries = entries.filter((entry) => !poisoned.includes(entry));
  const bySession = new Map<string, ReviewEntry[]>();
  for (const entry of entries) {
    const key = entry.session ?? (entry.reason === 'deleted' ? '' : undefined);
    if (key === undefined) continue;
    bySession.set(key, [...(bySession.get(key) ?? []), entry]);
  }
  const grouped = new Set<ReviewEntry>();
  const groups: MemoryTreeNode[] = [];
  for (const [session, members] of bySession) {
    if (members.length < GROUPED_DELETIONS) continue;
    members.forEach((entry) => grouped.add(entry));
    groups.push({ kind: 'reviewSession', root, session, entries: members });
  }
  return [...first, ...groups, ...entries.filter((entry) => !grouped.has(entry)).map((entry): MemoryTreeNode => ({ kind: 'reviewItem', root, entry }))];
}

export function reviewSessionItem(root: MemoryRoot, session: string, entries: readonly ReviewEntry[]): vscode.TreeItem {
  const count = entries.length;
  const label = session
    ? vscode.l10n.t('Claude changed {0} memories in session {1}', count, shortSession(session))
    : vscode.l10n.t('{0} memories deleted', count);
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Expanded);
  item.id = `${root.uri.toString()}#review-session:${session}`;
  item.iconPath = new vscode.ThemeIcon(session ? 'hubot' : 'trash');
  item.description = counts(entries);
  item.contextValue = 'review.session';
  const lines = [
    session ? vscode.l10n.t('Claude Code session {0}.', session) : vscode.l10n.t('Deleted outside VS Code; who removed them is not known.'),
    vscode.l10n.t('Approve all accepts every change of the group; Reject all puts every memory back as you last approved it.'),
  ];
  item.tooltip = new vscode.MarkdownString(lines.map(escapeMarkdown).join('\n\n'));
  return item;
}

/** A memory that left the folder: what it said, who removed it and when, as far as is known. */
export function deletedItem(root: MemoryRoot, entry: ReviewEntry, typeSet: TypeSet, lastVersion: vscode.Uri | undefined): vscode.TreeItem {
  const memory = entry.memory;
  const title = root.store.indexEntriesFor(memory.path)[0]?.title;
  const item = new vscode.TreeItem(memoryLabel(memory, title, typeSet.types), vscode.TreeItemCollapsibleState.None);
  item.id = `${root.uri.toString()}#review-deleted:${memory.path}`;
  item.description = `${vscode.l10n.t('deleted')} · ${memory.description ?? ''}`;
  item.iconPath = new vscode.ThemeIcon('diff-removed', new vscode.ThemeColor('gitDecoration.deletedResourceForeground'));
  item.contextValue = 'memory.review.deleted';
  // Clicking shows what it said: the last version the history keeps.
  if (lastVersion) item.command = { ...openCommand(lastVersion), title: vscode.l10n.t('Show Last Version') };
  const lines = [`**${escapeMarkdown(vscode.l10n.t('Why here: deleted outside VS Code; restore it or let it go.'))}**`];
  if (entry.deletion) lines.push(escapeMarkdown(whoDeleted(entry)));
  lines.push(vscode.l10n.t('What it said:'));
  if (memory.description) lines.push(`> ${escapeMarkdown(memory.description)}`);
  const body = memory.text.slice(memory.frontmatter.bodyStart).trim().split(/\r?\n/).slice(0, 6).join('\n');
  if (body) lines.push(markdownCode(body));
  lines.push(markdownCode(memory.path));
  item.tooltip = new vscode.MarkdownString(lines.join('\n\n'), true);
  return item;
}

function whoDeleted(entry: ReviewEntry): string {
  const deletion = entry.deletion!;
  const when = new Date(deletion.time).toLocaleString(vscode.env.language);
  if (deletion.author === 'agent') {
    if (entry.session) return vscode.l10n.t('Deleted by Claude Code ({0}) in session {1}, {2}.', deletion.tool ?? vscode.l10n.t('a tool'), entry.session, when);
    return vscode.l10n.t('Deleted outside VS Code (an agent, a script or a terminal) while Memory Shelf watched, {0}.', when);
  }
  return vscode.l10n.t('Found missing when the folder was loaded ({0}); who removed it is not known.', when);
}

function counts(entries: readonly ReviewEntry[]): string {
  const changed = entries.filter((entry) => entry.reason === 'changed').length;
  const created = entries.filter((entry) => entry.reason === 'new' || entry.reason === 'candidate' || entry.reason === 'stale-candidate').length;
  const deleted = entries.filter((entry) => entry.reason === 'deleted').length;
  return [
    changed > 0 ? vscode.l10n.t('{0} changed', changed) : undefined,
    created > 0 ? vscode.l10n.t('{0} new', created) : undefined,
    deleted > 0 ? vscode.l10n.t('{0} deleted', deleted) : undefined,
  ].filter((part): part is string => part !== undefined).join(' · ');
}

/** The start of a session id, as people quote them ("3f2c…"). */
function shortSession(session: string): string {
  return session.length > 8 ? `${session.slice(0, 8)}…` : session;
}
