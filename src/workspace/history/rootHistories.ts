import * as vscode from 'vscode';
import type { RootPath } from '../../core';
import { Disposable } from '../dispose';
import type { Log } from '../log';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { ApprovalsRead, HistoryPort, RecordedVersion } from './historyPort';
import { sha256 } from './versionBytes';

/** Up to this many versions recorded at once (changes, not a load), each path's latest is read again from the store. */
export const REFRESHED_PATHS = 20;

/** A root's history as this window knows it: the newest event of every path, and the approvals. */
export interface RootHistory {
  readonly latest: Map<RootPath, RecordedVersion>;
  readonly approvals: Map<RootPath, string>;
  /** Paths whose approval record changed outside Memory Shelf, until the person approves them here. */
  readonly changedOutside: Set<RootPath>;
}

/**
 * Each root's history as this window knows it, held in memory so the review can ask synchronously: read
 * from the store once (again when the CLI or Claude Code's hook wrote meanwhile) and kept up with this
 * window's own writes, which all go through one queue so "differs from the latest" is judged in order.
 * Approvals live here too: one made here counts at once, before the store has it.
 */
export class RootHistories extends Disposable {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<MemoryRoot | undefined>());
  /** Fires when a root's history or approvals changed (undefined: every root's). */
  readonly onDidChange = this.changeEmitter.event;
  private readonly readEmitter = this._register(new vscode.EventEmitter<void>());
  /** Fires when a root's history was read: from then on its folder exists and its logs can be watched. */
  readonly onDidRead = this.readEmitter.event;
  private readonly byRoot = new Map<string, RootHistory>();
  private readonly loads = new Map<string, Promise<RootHistory | undefined>>();
  private queue: Promise<unknown> = Promise.resolve();
  private approvalsWriting = 0;
  /**
   * Approvals of this window not yet in the store, by root key: a fresh read of the store queued before
   * their write (a load's history comparison) must not take them back, or a first-run baseline would
   * leave every memory waiting with nothing left to read them again.
   */
  private readonly unwritten = new Map<string, Map<RootPath, string>>();
  private readonly warnedOutside = new Set<string>();

  constructor(readonly port: HistoryPort | undefined, private readonly log: Log) {
    super();
  }

  /** Whether approvals of this window are being written: the store reads as missing them for a moment. */
  get writingApprovals(): boolean {
    return this.approvalsWriting > 0;
  }

  /** The history's name for a root: its folder's path, as the CLI and the hook name it; none for a non-file root. */
  keyOf(root: MemoryRoot): string | undefined {
    return root.uri.scheme === 'file' ? root.uri.fsPath : undefined;
  }

  /** The root's history once read, else undefined (nothing is read for it). */
  known(root: MemoryRoot): RootHistory | undefined {
    const key = this.keyOf(root);
    return key === undefined ? undefined : this.byRoot.get(key);
  }

  /** Tells the listeners that the root's history or approvals changed. */
  changed(root: MemoryRoot): void {
    this.changeEmitter.fire(root);
  }

  /** Reads the root's history and approvals (once; again with `fresh`, for what the CLI or the hook wrote meanwhile). */
  whenRead(root: MemoryRoot, fresh = false): Promise<RootHistory | undefined> {
    const key = this.keyOf(root);
    if (key === undefined || !this.port) return Promise.resolve(undefined);
    let load = this.loads.get(key);
    if (!load || fresh) {
      const port = this.port;
      load = this.enqueue(async () => {
        const [latest, trusted] = await Promise.all([port.latest(key), port.approvals(key)]);
        const approvals = trusted.approved;
        const changedOutside = new Set(trusted.changedOutside);
        for (const [path, hash] of this.unwritten.get(key) ?? []) {
          approvals.set(path, hash);
          changedOutside.delete(path);
        }
        this.warnChangedOutside(root, key, trusted);
        const read = { latest, approvals, changedOutside };
        this.byRoot.set(key, read);
        this.readEmitter.fire();
        return read;
      }).catch((error: unknown) => {
        this.log.warn(`Could not read the history of ${key}`, error);
        const empty = { latest: new Map(), approvals: new Map(), changedOutside: new Set<RootPath>() };
        this.byRoot.set(key, empty);
        return empty;
      });
      this.loads.set(key, load);
    }
    return load;
  }

  /** Approves `bytes` at each path (null withdraws the approval: the memory is forgotten) and tells the listeners. */
  async approve(root: MemoryRoot, approvals: readonly { readonly path: RootPath; readonly bytes: Uint8Array | null }[]): Promise<void> {
    const key = this.keyOf(root);
    if (key === undefined || !this.port || approvals.length === 0) return;
    // Known at once to whoever asks what waits (the review), written to the store in the background queue.
    const mine = approvals.map(({ path, bytes }) => [path, bytes === null ? '' : sha256(bytes)] as const);
    const unwritten = this.unwritten.get(key) ?? new Map<RootPath, string>();
    this.unwritten.set(key, unwritten);
    for (const [path, hash] of mine) unwritten.set(path, hash);
    const note = (read: RootHistory | undefined): void => {
      for (const [path, hash] of mine) {
        read?.approvals.set(path, hash);
        read?.changedOutside.delete(path);
      }
    };
    const known = this.byRoot.get(key);
    if (known) note(known);
    else note(await this.whenRead(root));
    this.changeEmitter.fire(root);
    const port = this.port;
    this.approvalsWriting++;
    try {
      await this.enqueue(() => port.approve(key, approvals)).catch((error: unknown) => this.log.warn(`Could not record an approval in ${key}`, error));
    } finally {
      this.approvalsWriting--;
      // Written (or failed: kept in memory as before); a later approval of the same path stays noted.
      for (const [path, hash] of mine) if (unwritten.get(path) === hash) unwritten.delete(path);
    }
  }

  /** Runs `work` on the store after every write queued before it. */
  enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Says once a window, per root, that its approval record changed outside Memory Shelf: the memories
   * concerned wait in To review, and a person should know why before approving them again.
   */
  private warnChangedOutside(root: MemoryRoot, key: string, read: ApprovalsRead): void {
    if ((read.changedOutside.size === 0 && !read.linesRemoved) || this.warnedOutside.has(key)) return;
    this.warnedOutside.add(key);
    this.log.warn(`The approval record of ${key} changed outside Memory Shelf (${read.changedOutside.size} paths${read.linesRemoved ? ', lines taken out' : ''})`);
    void vscode.window.showWarningMessage(vscode.l10n.t('The approval record of {0} was changed outside Memory Shelf (by an agent\'s shell or a script). The memories it concerns wait in To review again.', root.info.label));
  }
}
