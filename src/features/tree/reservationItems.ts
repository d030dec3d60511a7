import * as vscode from 'vscode';
import { isKnownType, memoryLabel, probableTarget, type LinkReference, type Reservation, type TypeSet } from '../../core';
import { typeIcon } from '../../workspace/display/typeIcons';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';

/** The Reservations group of a root: names linked to that no memory has yet. */
export function reservationsGroupItem(root: MemoryRoot, reservations: readonly Reservation[]): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('Reservations'), vscode.TreeItemCollapsibleState.Expanded);
  item.id = `${root.uri.toString()}#reservations`;
  item.description = String(reservations.length);
  item.iconPath = new vscode.ThemeIcon('bookmark');
  item.contextValue = 'group.reservations';
  item.tooltip = reservations.length === 1
    ? vscode.l10n.t('1 name that links point to but no memory has yet: click it to write it')
    : vscode.l10n.t('{0} names that links point to but no memory has yet: click one to write it', reservations.length);
  return item;
}

/**
 * One reserved name; its children are the memories reserving it. Clicking it creates the memory, or,
 * when a memory exists under another file name (`feedback_<name>.md`), offers to link to that first.
 */
export function reservationItem(root: MemoryRoot, reservation: Reservation): vscode.TreeItem {
  const item = new vscode.TreeItem(reservation.name, vscode.TreeItemCollapsibleState.Collapsed);
  const sources = reservingMemories(reservation).length;
  const meant = probableTarget(reservation.name, root.store);
  item.id = `${root.uri.toString()}#reservation:${reservation.name}`;
  const reserved = sources === 1 ? vscode.l10n.t('reserved by 1 memory') : vscode.l10n.t('reserved by {0} memories', sources);
  item.description = meant ? vscode.l10n.t('{0} · {1} exists', reserved, meant.candidate.path) : reserved;
  item.iconPath = new vscode.ThemeIcon(meant ? 'link' : 'new-file');
  item.contextValue = meant ? 'reservation.linkable' : 'reservation';
  // No click command: a row's command with arguments can be lost while the tree refreshes (see
  // rowCommands.ts). A click opens the row on the memories that reserve the name; the row's buttons
  // and context menu link or create, as the tooltip says.
  item.tooltip = meant
    ? vscode.l10n.t('No memory is named "{0}", but {1} is probably the one meant: link to it (or create a new memory) with the buttons on this row. Open the row to see where it is linked from.', reservation.name, meant.candidate.path)
    : vscode.l10n.t('No memory named "{0}" yet: create it with the button on this row. Open the row to see where it is linked from.', reservation.name);
  return item;
}

/** A memory that reserves the name; clicking opens it at the link. */
export function reservingItem(root: MemoryRoot, reservation: Reservation, reference: LinkReference, typeSet: TypeSet): vscode.TreeItem {
  const memory = reference.source;
  const title = memoryLabel(memory, root.store.indexEntriesFor(memory.path)[0]?.title, typeSet.types);
  const item = new vscode.TreeItem(title, vscode.TreeItemCollapsibleState.None);
  item.id = `${root.uri.toString()}#reservation:${reservation.name}:${memory.path}`;
  item.description = memory.path;
  item.resourceUri = root.uriOf(memory.path);
  item.iconPath = typeIcon(isKnownType(typeSet, memory.type) ? memory.type : undefined);
  item.contextValue = 'reservingMemory';
  const { start, end } = reference.link.range;
  item.command = {
    command: 'vscode.open',
    title: vscode.l10n.t('Open Memory'),
    arguments: [root.uriOf(memory.path), { selection: new vscode.Range(start.line, start.character, end.line, end.character) } satisfies vscode.TextDocumentShowOptions],
  };
  return item;
}

/** The first link of each memory that reserves the name: one row per memory. */
export function reservingMemories(reservation: Reservation): LinkReference[] {
  const seen = new Set<string>();
  return reservation.references.filter((reference) => !seen.has(reference.source.path) && seen.add(reference.source.path));
}
