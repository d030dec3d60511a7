import type { HistoryEvent } from './historyEvent';

/** One stored blob as pruning weighs it. */
export interface BlobUse {
  /** Which root's store holds it (blobs are kept per root). */
  readonly root: string;
  readonly hash: string;
  readonly size: number;
  /** The time (ms) of the newest event naming the blob; 0 when no event does. */
  readonly lastUsed: number;
  /** The approved version of some path: never pruned. */
  readonly pinned: boolean;
  /** The newest version of some path (what a deleted memory is restored from): pruned only after every older one. */
  readonly latest: boolean;
}

/**
 * Which blobs to delete so the total fits in `maxBytes`: first versions no path holds any more, oldest
 * first; then, only when those are not enough, newest versions, oldest first. Approved (pinned) versions
 * are never chosen, even when they alone pass the bound: losing what a person approved is worse than a
 * history a little over its size.
 */
export function choosePrune(blobs: readonly BlobUse[], maxBytes: number): BlobUse[] {
  let total = blobs.reduce((sum, blob) => sum + blob.size, 0);
  if (total <= maxBytes) return [];
  const order = blobs.filter((blob) => !blob.pinned).sort((a, b) => Number(a.latest) - Number(b.latest) || a.lastUsed - b.lastUsed || a.hash.localeCompare(b.hash));
  const chosen: BlobUse[] = [];
  for (const blob of order) {
    if (total <= maxBytes) break;
    chosen.push(blob);
    total -= blob.size;
  }
  return chosen;
}

/**
 * The hash of each path's newest version, a deleted path's included: its latest event is the deletion
 * (hash ''), and the version before it is what a restore brings back, so it must count as latest too.
 */
export function lastVersions(events: readonly HistoryEvent[]): Set<string> {
  const last = new Map<string, string>();
  for (const event of events) if (event.hash !== '') last.set(event.path, event.hash);
  return new Set(last.values());
}
