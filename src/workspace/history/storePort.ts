import { contentHash } from '../../core';
import { hashBytes, History, redactSecretBytes, type HistoryEvent, type RootHistory } from '../../history';
import type { Log } from '../log';
import { trustedApprovals } from '../../core/history/approvalSeal';
import type { ApprovalsRead, HistoryPort, RecordedVersion } from './historyPort';

/**
 * The shared history store (src/history) behind the extension's port: the folder the CLI and Claude
 * Code's hook use (MEMORY_SHELF_HISTORY_DIR, else the platform's state folder). Undefined when the store
 * refuses its folder (one inside Claude Code's), which the log says; the extension then runs without history.
 */
export function openHistoryPort(log: Log): HistoryPort | undefined {
  let history: History;
  try {
    history = History.open();
  } catch (error) {
    log.warn('The memory history is off: its folder cannot be used', error);
    return undefined;
  }
  log.info(`Memory history: ${history.dir}`);
  return new StorePort(history);
}

class StorePort implements HistoryPort {
  private readonly roots = new Map<string, Promise<RootHistory>>();

  constructor(private readonly history: History) {}

  get dir(): string {
    return this.history.dir;
  }

  async record(root: string, versions: Parameters<HistoryPort['record']>[1]): Promise<RecordedVersion[]> {
    const store = await this.root(root);
    const time = new Date();
    // The store records a batch with one origin: one batch per origin, each reading the log once.
    const batches = new Map<string, (typeof versions)[number][]>();
    for (const version of versions) {
      const { author, source, sessionId, tool } = version.origin;
      const key = JSON.stringify([author, source, sessionId ?? '', tool ?? '']);
      batches.set(key, [...(batches.get(key) ?? []), version]);
    }
    const written: RecordedVersion[] = [];
    for (const batch of batches.values()) {
      const origin = batch[0].origin;
      const results = await store.recordAll(batch.map(({ path, bytes }) => ({ path, bytes: bytes ?? undefined })), { ...origin, time });
      for (const [i, result] of results.entries()) {
        const { path } = batch[i];
        if (result.kind === 'recorded') written.push({ path, hash: result.hash, time: time.getTime(), ...origin });
        else if (result.kind === 'failed') throw Object.assign(new Error(`could not record ${path} (${result.code})`), { code: result.code });
      }
    }
    return written;
  }

  async latest(root: string): Promise<Map<string, RecordedVersion>> {
    const latest = await (await this.root(root)).latest();
    return new Map([...latest].map(([path, event]) => [path, recorded(event)]));
  }

  async latestOf(root: string, path: string): Promise<RecordedVersion | undefined> {
    const event = await (await this.root(root)).latestOf(path);
    return event && recorded(event);
  }

  async versions(root: string, path: string): Promise<RecordedVersion[]> {
    return (await (await this.root(root)).versions(path)).map(recorded).reverse();
  }

  async blob(root: string, hash: string): Promise<Uint8Array | undefined> {
    return (await this.root(root)).blob(hash);
  }

  async approvals(root: string): Promise<ApprovalsRead> {
    const reading = await (await this.root(root)).approvalReading();
    return { approved: trustedApprovals(reading), changedOutside: reading.changedOutside, linesRemoved: reading.linesRemoved };
  }

  async approve(root: string, approvals: Parameters<HistoryPort['approve']>[1]): Promise<void> {
    // One batch, so a first-run baseline of 20,000 memories is a few appends, not 20,000.
    await (await this.root(root)).approveAll(approvals.map(({ path, bytes }) => (bytes === null ? { path, hash: '' } : { path, hash: hashBytes(bytes), bytes })));
  }

  async mode(root: string): Promise<'from-now' | 'everything' | undefined> {
    return (await (await this.root(root)).settings()).mode;
  }

  async setMode(root: string, mode: 'from-now' | 'everything'): Promise<void> {
    await (await this.root(root)).updateSettings({ mode });
  }

  async importLegacy(root: string, record: Parameters<HistoryPort['importLegacy']>[1], legacyCopy: Parameters<HistoryPort['importLegacy']>[2], current: Parameters<HistoryPort['importLegacy']>[3]): Promise<void> {
    // The old records hashed the store's text, which has no BOM; the store hands the text with it.
    const textHash = (text: string): string => contentHash(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    await (await this.root(root)).importLegacyApprovals(record, textHash, legacyCopy, current);
  }

  async purgeSecret(root: string, path: string, dryRun: boolean): Promise<number> {
    return this.history.purgeVersions(root, path, redactSecretBytes, dryRun);
  }

  async prune(maxBytes: number): Promise<void> {
    await this.history.prune(maxBytes);
  }

  private root(path: string): Promise<RootHistory> {
    let root = this.roots.get(path);
    if (!root) {
      root = this.history.root(path);
      // A refusal is remembered (the folders overlap until settings change); a passing failure is tried again.
      root.catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== 'EHISTORYLOCATION') this.roots.delete(path);
      });
      this.roots.set(path, root);
    }
    return root;
  }
}

function recorded(event: HistoryEvent): RecordedVersion {
  return {
    path: event.path,
    hash: event.hash,
    time: Date.parse(event.time) || 0,
    author: event.author,
    source: event.source,
    ...(event.sessionId ? { sessionId: event.sessionId } : {}),
    ...(event.tool ? { tool: event.tool } : {}),
  };
}
