import type { LinkReference, MemoryFile, Reservation, TypeGroup } from '../../core';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { ReviewEntry } from '../../workspace/review/reviewService';

/**
 * A row of the Memories tree. Its own file, so the provider and the To review rows it asks for
 * (reviewItems.ts) both import it without importing each other; the reveal, the drop and the tests
 * need the rows, not the provider.
 */
export type MemoryTreeNode =
  | { readonly kind: 'root'; readonly root: MemoryRoot }
  | { readonly kind: 'group'; readonly root: MemoryRoot; readonly group: TypeGroup }
  | { readonly kind: 'memory'; readonly root: MemoryRoot; readonly memory: MemoryFile; readonly group: TypeGroup }
  | { readonly kind: 'reservations'; readonly root: MemoryRoot }
  | { readonly kind: 'reservation'; readonly root: MemoryRoot; readonly reservation: Reservation }
  | { readonly kind: 'reserving'; readonly root: MemoryRoot; readonly reservation: Reservation; readonly reference: LinkReference }
  | { readonly kind: 'review'; readonly root: MemoryRoot }
  | { readonly kind: 'reviewItem'; readonly root: MemoryRoot; readonly entry: ReviewEntry }
  | { readonly kind: 'error'; readonly root: MemoryRoot; readonly error: string }
  /** The first-run question of a root never seen before: do the memories already there count as reviewed? */
  | { readonly kind: 'firstRun'; readonly root: MemoryRoot }
  /** What one Claude Code session wrote or deleted, when it changed more than one memory. */
  | { readonly kind: 'reviewSession'; readonly root: MemoryRoot; readonly session: string; readonly entries: readonly ReviewEntry[] };
