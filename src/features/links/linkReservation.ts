import * as vscode from 'vscode';
import { linksToReservation, probableTarget, type MemoryFile, type Range } from '../../core';
import { Commands } from '../../commands';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';
import { memoryTitle } from './linkUi';

/** A reservation: a tree node (`{ root, reservation }`) or the plain form a hover's command link carries. */
export type ReservationArgument =
  | { readonly root: MemoryRoot; readonly reservation: { readonly name: string } }
  | { readonly root: string; readonly name: string; readonly target?: string };

/**
 * A link to a memory that exists under another file name (`[[textbook-headings-verbatim]]` while
 * `feedback_textbook-headings-verbatim.md` is there) is offered as "link to it" before "create", in
 * the tree and the hover alike, so a click does not make a duplicate.
 * - `memoryShelf.linkReservation`: rewrites every link of the reserved name (and MEMORY.md's) to a
 *   memory: the one probably meant when there is one, else one the person picks. Undoable.
 * - `_memoryShelf.resolveReservation`: what a click does: with a memory probably meant, asks link or
 *   create (link first); else creates, as before.
 */
export function registerLinkReservation(services: Services): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(Commands.linkReservation, async (argument?: ReservationArgument) => {
      const found = argument && resolve(services, argument);
      if (!found) return false;
      const target = found.target ?? await pickTarget(found.root, found.name);
      return target ? link(services, found.root, found.name, target) : false;
    }),
    vscode.commands.registerCommand(Commands.resolveReservation, async (argument?: ReservationArgument) => {
      const found = argument && resolve(services, argument);
      if (!found) return undefined;
      const meant = probableTarget(found.name, found.root.store);
      if (!meant) return vscode.commands.executeCommand(Commands.createReservedMemory, { root: found.root.uri.toString(), name: found.name });
      const linkItem = {
        label: `$(link) ${vscode.l10n.t('Link to "{0}"', memoryTitle(found.root, meant.candidate))}`,
        description: meant.candidate.path,
        detail: vscode.l10n.t('The memory that exists under this name; every [[{0}]] becomes [[{1}]].', found.name, meant.newTarget),
      };
      const createItem = { label: `$(new-file) ${vscode.l10n.t('Create a new memory "{0}"', found.name)}`, description: '', detail: vscode.l10n.t('A second memory beside {0}.', meant.candidate.path) };
      const answer = await vscode.window.showQuickPick([linkItem, createItem], { title: vscode.l10n.t('[[{0}]] has no memory of that name', found.name) });
      if (answer === linkItem) return link(services, found.root, found.name, meant.newTarget);
      if (answer === createItem) return vscode.commands.executeCommand(Commands.createReservedMemory, { root: found.root.uri.toString(), name: found.name });
      return undefined;
    }),
  );
}

/** A command URI for a hover: link every [[name]] to `target`. */
export function linkReservationCommandUri(root: MemoryRoot, name: string, target: string): vscode.Uri {
  return vscode.Uri.parse(`command:${Commands.linkReservation}?${encodeURIComponent(JSON.stringify([{ root: root.uri.toString(), name, target }]))}`);
}

function resolve(services: Services, argument: ReservationArgument): { root: MemoryRoot; name: string; target?: string } | undefined {
  if ('reservation' in argument) {
    const root = services.roots.rootAt(argument.root.uri) ?? argument.root;
    return { root, name: argument.reservation.name, target: probableTarget(argument.reservation.name, root.store)?.newTarget };
  }
  const root = services.roots.rootAt(vscode.Uri.parse(argument.root));
  return root ? { root, name: argument.name, target: argument.target } : undefined;
}

/** The memory to link to: the one probably meant first, then every other by title. */
async function pickTarget(root: MemoryRoot, name: string): Promise<string | undefined> {
  const meant = probableTarget(name, root.store);
  const targetOf = (memory: MemoryFile): string => (memory === meant?.candidate ? meant.newTarget : memory.name && /^[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)*$/u.test(memory.name) ? memory.name : memory.stem);
  const memories = [...root.store.memories()].sort((a, b) => (a === meant?.candidate ? -1 : b === meant?.candidate ? 1 : memoryTitle(root, a).localeCompare(memoryTitle(root, b))));
  const pick = await vscode.window.showQuickPick(memories.map((memory) => ({ label: memoryTitle(root, memory), description: memory.path, target: targetOf(memory) })), {
    title: vscode.l10n.t('Link [[{0}]] to an existing memory', name),
    placeHolder: vscode.l10n.t('Which memory did [[{0}]] mean?', name),
  });
  return pick?.target;
}

async function link(services: Services, root: MemoryRoot, name: string, target: string): Promise<boolean> {
  const result = await services.edits.apply(() => {
    services.documents.flushRoot(root);
    const byPath = new Map<string, { range: Range; newText: string }[]>();
    for (const occurrence of linksToReservation(root.store, name)) {
      const edits = byPath.get(occurrence.path) ?? [];
      edits.push({ range: occurrence.link.targetRange, newText: target });
      byPath.set(occurrence.path, edits);
    }
    if (byPath.size === 0) return undefined;
    return services.edits.plan([{ root: root.uri, edits: [...byPath].map(([path, edits]) => ({ kind: 'edit' as const, path, edits })) }]);
  }, { label: vscode.l10n.t('Link [[{0}]] to [[{1}]]', name, target), announce: vscode.l10n.t('Every [[{0}]] now links to [[{1}]].', name, target) });
  return result === 'applied';
}
