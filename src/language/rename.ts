import { fileFollowsName, msg, planRename, planReservationRename, renamedPath, renameRefusalText, renameTargetAt, rootConventions, type FileEdit, type MemoryFile, type Position, type Range, type Text } from '../core';
import type { DocumentModel } from './documentModel';
import type { StoreRoot } from './navigation';
import type { Settings } from './settings';

/** What a rename box covers, and the name it starts with. */
export interface RenameStart {
  readonly range: Range;
  readonly placeholder: string;
}

/** A rename's edits, or why there are none, in translatable text. */
export type RenameAnswer = { readonly ok: true; readonly edits: readonly FileEdit[] } | { readonly ok: false; readonly reason: Text };

/** Rename from a `[[link]]` or a memory's `name:` value (core's {@link renameTargetAt}); anywhere else is no rename of ours. */
export function renameStart(model: DocumentModel<StoreRoot>, at: Position): RenameStart | undefined {
  const found = renameTargetAt(model.root.store, model, at);
  return found && { range: found.range, placeholder: found.placeholder };
}

/**
 * The memory at `at` renamed everywhere in its root (core's {@link planRename}): its `name`, every link
 * resolving to it alone, its MEMORY.md title, and the file with its index entry when `renameFile`
 * says so of the memory; a reserved name, every link reserving it. An ambiguous link names no memory
 * to rename.
 */
export function renameEdits(model: DocumentModel<StoreRoot>, at: Position, newName: string, renameFile: (memory: MemoryFile) => boolean): RenameAnswer {
  const { store } = model.root;
  const found = renameTargetAt(store, model, at);
  if (!found) return { ok: false, reason: msg('Rename a memory from a [[link]] to it or from its name: value.') };
  if (found.kind === 'ambiguous') return { ok: false, reason: msg('{0} memories answer to "{1}": rename the one you mean from its own name.', found.candidates, found.placeholder) };
  const plan = found.kind === 'reservation'
    ? planReservationRename(store, found.placeholder, newName)
    : planRename(store, found.memory, newName, { renameFile: renameFile(found.memory) });
  return plan.ok ? { ok: true, edits: plan.edits } : { ok: false, reason: renameRefusalText(newName, plan) };
}

/**
 * Whether a rename with no one to ask renames the file too (`renameFile`: `always`, `never`, or as
 * the extension's "ask" would be answered: yes when the file name follows the memory's name).
 */
export function renamesFileUnasked(model: DocumentModel<StoreRoot>, memory: MemoryFile, newName: string, setting: Settings['renameFile']): boolean {
  if (setting === 'never' || !renamedPath(memory, newName, rootConventions(model.root.store))) return false;
  return setting === 'always' || fileFollowsName(memory);
}
