import type { HistoryEvent } from './historyEvent';

/** How a memory differs from what a person approved. */
export type PendingKind = 'changed' | 'created' | 'deleted';

/** One memory waiting for a person, with who made it so when the history knows. */
export interface PendingChange {
  readonly path: string;
  readonly kind: PendingKind;
  /** The approved hash (changed, deleted). */
  readonly approvedHash?: string;
  /** The hash on disk now (changed, created). */
  readonly currentHash?: string;
  /** The event that brought the current state (the version on disk, or the deletion), when recorded. */
  readonly event?: HistoryEvent;
}

/**
 * What waits for review in a root: files whose bytes are not the approved ones, files nobody approved,
 * and approved files gone from disk. `disk` is path -> hash of what is there now; `latest` the history's
 * latest event of each path, whose author and session are kept when it describes the state found.
 */
export function pendingChanges(disk: ReadonlyMap<string, string>, approvals: ReadonlyMap<string, string>, latest: ReadonlyMap<string, HistoryEvent>): PendingChange[] {
  const out: PendingChange[] = [];
  const eventFor = (path: string, hash: string): { event?: HistoryEvent } => {
    const event = latest.get(path);
    return event && event.hash === hash ? { event } : {};
  };
  for (const [path, hash] of disk) {
    const approved = approvals.get(path);
    if (approved === hash) continue;
    out.push(approved === undefined ? { path, kind: 'created', currentHash: hash, ...eventFor(path, hash) } : { path, kind: 'changed', approvedHash: approved, currentHash: hash, ...eventFor(path, hash) });
  }
  for (const [path, approved] of approvals) if (!disk.has(path)) out.push({ path, kind: 'deleted', approvedHash: approved, ...eventFor(path, '') });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The version `--restore` brings back when none is named: the newest recorded one unlike what is there now. */
export function previousVersion(versions: readonly HistoryEvent[], currentHash: string | undefined): HistoryEvent | undefined {
  for (let i = versions.length - 1; i >= 0; i--) {
    const version = versions[i];
    if (version.hash !== '' && version.hash !== currentHash) return version;
  }
  return undefined;
}
