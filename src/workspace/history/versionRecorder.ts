import type { RootPath } from '../../core';
import type { Log } from '../log';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { RecordedVersion, VersionToRecord } from './historyPort';
import type { OwnWrites } from './ownWrites';
import { REFRESHED_PATHS, type RootHistories } from './rootHistories';
import { sha256 } from './versionBytes';

/**
 * The one way versions go into the store from this window: each only when it differs from the latest
 * recorded, in the queue's order, and this window's view of the root kept up with what was written, or
 * with what Claude Code's hook wrote first.
 */
export class VersionRecorder {
  constructor(
    private readonly histories: RootHistories,
    private readonly ownWrites: OwnWrites,
    private readonly log: Log,
    private readonly enabled: () => boolean,
    /** Called when something was written: the store's folder exists now, and its logs can be watched. */
    private readonly afterWrite: () => void,
  ) {}

  /**
   * Records versions (each only when it differs from the latest) and tells the listeners. `stillSo`,
   * asked just before the write, drops a version the folder has moved on from while it waited its turn.
   */
  async record(root: MemoryRoot, versions: readonly VersionToRecord[], stillSo: (version: VersionToRecord) => boolean = () => true, baseline?: ReadonlyMap<RootPath, RecordedVersion>): Promise<RecordedVersion[]> {
    const key = this.histories.keyOf(root);
    const port = this.histories.port;
    if (key === undefined || !port || !this.enabled() || versions.length === 0) return [];
    const read = await this.histories.whenRead(root);
    const written = await this.histories.enqueue(async () => {
      // What a scan compared with must still be the latest: the hook or the CLI may have written since.
      const now = baseline && (await port.latest(key));
      const unchangedSince = (version: VersionToRecord): boolean => !now || now.get(version.path)?.hash === baseline?.get(version.path)?.hash;
      const fresh = versions.filter(stillSo).filter(unchangedSince).filter((version) => {
        const latest = read?.latest.get(version.path);
        return version.bytes === null ? latest !== undefined && latest.hash !== '' : latest?.hash !== sha256(version.bytes);
      });
      return fresh.length === 0 ? [] : port.record(key, fresh);
    }).catch((error: unknown) => {
      this.log.warn(`Could not record ${versions.length} version(s) in the history of ${key}`, error);
      return [] as RecordedVersion[];
    });
    for (const version of written) {
      read?.latest.set(version.path, version);
      if (version.author === 'person' && version.source !== 'save') this.ownWrites.recorded(root.uriOf(version.path));
    }
    if (written.length > 0) this.afterWrite();
    // A version not written was there already: Claude Code's hook may have recorded it, with its session.
    const known = versions.length <= REFRESHED_PATHS ? versions.filter((version) => !written.some((w) => w.path === version.path)) : [];
    const refreshed = await Promise.all(known.map(async ({ path }) => {
      const latest = await port.latestOf(key, path).catch(() => undefined);
      const before = read?.latest.get(path);
      if (!latest || (before && before.time === latest.time && before.sessionId === latest.sessionId)) return false;
      read?.latest.set(path, latest);
      return true;
    }));
    if (written.length > 0 || refreshed.includes(true)) this.histories.changed(root);
    return written;
  }
}
