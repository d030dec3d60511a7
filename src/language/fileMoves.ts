import { planIndexMove, type FileEdit, type MemoryStore, type RootPath } from '../core';

/** A file moved inside one root, from one root path to another. */
export interface RootMove<R> {
  readonly root: R;
  readonly from: RootPath;
  readonly to: RootPath;
}

/**
 * MEMORY.md kept pointing at memories renamed or moved in an editor's file tree: core's
 * {@link planIndexMove} of the moves of each root, in the order the roots first appear. A root whose
 * index lists none of its moved files has no edit. Moves out of a root, or between roots, are the
 * door's to leave out (they are no {@link RootMove}).
 */
export function indexEditsForMoves<R extends { readonly store: MemoryStore }>(moves: readonly RootMove<R>[]): { root: R; edit: FileEdit }[] {
  const byRoot = new Map<R, { from: RootPath; to: RootPath }[]>();
  for (const { root, from, to } of moves) byRoot.set(root, [...(byRoot.get(root) ?? []), { from, to }]);
  const edits: { root: R; edit: FileEdit }[] = [];
  for (const [root, list] of byRoot) {
    const edit = planIndexMove(root.store.index, list);
    if (edit) edits.push({ root, edit });
  }
  return edits;
}
