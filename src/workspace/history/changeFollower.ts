import * as vscode from 'vscode';
import { INDEX_FILE_NAME, type StoreChange } from '../../core';
import { Disposable } from '../dispose';
import { openDocument, uriExists } from '../fs';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryFilesChange, MemoryRoots } from '../roots/memoryRoots';
import type { RecordedVersion, VersionOrigin, VersionToRecord } from './historyPort';
import type { OwnWrites } from './ownWrites';
import type { RootHistories } from './rootHistories';
import { bytesOf, storeHolds } from './versionBytes';
import type { VersionRecorder } from './versionRecorder';

const encoder = new TextEncoder();

/** How long a change from disk waits for Claude Code's hook to record it first. */
const HOOK_GRACE_MS = 1000;

/**
 * Records every change of a memory file as it happens, with who made it: a change from disk is the
 * agent's unless VS Code announced it (then the person's, or Memory Shelf's restore or Reject), a save
 * is the person's, and what a file holds just before Memory Shelf's own edit is kept too, so nothing
 * an agent left there is lost.
 */
export class ChangeFollower extends Disposable {
  /** Root URI + path of changes from disk waiting to be recorded (the hook's moment of grace), with how many. */
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly roots: MemoryRoots,
    private readonly ownWrites: OwnWrites,
    private readonly recorder: VersionRecorder,
    private readonly histories: RootHistories,
    private readonly enabled: () => boolean,
  ) {
    super();
    this._register(roots.onDidChangeFiles((change) => void this.followChanges(change)));
    this._register(vscode.workspace.onDidSaveTextDocument((document) => void this.recordSaved(document)));
  }

  /** Whether a change from disk of `path` is on its way to the history: it knows its author better than a load's comparison. */
  isWaiting(root: MemoryRoot, path: string): boolean {
    return this.inFlight.has(`${root.uri.toString()}\n${path}`);
  }

  /**
   * Records what the files at `uris` hold now, before one of Memory Shelf's own edits changes them:
   * whatever an agent left there is kept even when the person's edit replaces it.
   */
  async recordBefore(uris: readonly vscode.Uri[], read: (uri: vscode.Uri) => Promise<Uint8Array | undefined>): Promise<void> {
    if (!this.enabled()) return;
    const byRoot = new Map<MemoryRoot, VersionToRecord[]>();
    for (const uri of uris) {
      const found = this.roots.rootOf(uri);
      if (!found || !found.root.isTracked(found.path)) continue;
      const bytes = await read(uri);
      if (!bytes) continue;
      const list = byRoot.get(found.root) ?? [];
      list.push({ path: found.path, bytes, origin: { author: 'unknown', source: 'before-edit' } });
      byRoot.set(found.root, list);
    }
    await Promise.all([...byRoot].map(([root, versions]) => this.recorder.record(root, versions)));
  }

  private async recordSaved(document: vscode.TextDocument): Promise<void> {
    const found = this.roots.rootOf(document.uri);
    if (!found || !found.root.isTracked(found.path) || !this.enabled()) return;
    const held = found.path === INDEX_FILE_NAME ? found.root.store.index : found.root.store.get(found.path);
    // The store catches up with the save a moment later; until then the document's text is the file's.
    const text = held && held.text === document.getText() ? bytesOf(held) : encoder.encode(document.getText());
    await this.recorder.record(found.root, [{ path: found.path, bytes: text, origin: { author: 'person', source: this.ownWrites.sourceOf(document.uri) } }]);
  }

  /** Changes the stores took from the disk (never an editor's unsaved text): versions, and deletions. */
  private async followChanges({ root, changes }: MemoryFilesChange): Promise<void> {
    if (!this.enabled()) return;
    const versions: VersionToRecord[] = [];
    const deleted: { change: StoreChange; own: boolean }[] = [];
    for (const change of changes) {
      const uri = root.uriOf(change.path);
      if (openDocument(uri)?.isDirty) continue;
      // The same text read again (a watcher and VS Code both reporting one write) is no new version; asked
      // before isOwn, which uses up VS Code's mark of an operation about to happen there (our own delete).
      if (change.current && change.previous && change.current.text === change.previous.text && change.current.hasBom === change.previous.hasBom) continue;
      const own = this.ownWrites.isOwn(uri);
      const origin: VersionOrigin = own ? { author: 'person', source: this.ownWrites.sourceOf(uri) } : { author: 'agent', source: 'disk-change' };
      if (change.current) versions.push({ path: change.path, bytes: bytesOf(change.current), origin });
      else if (change.previous) deleted.push({ change, own });
    }
    if (deleted.length > 0) versions.push(...await this.deletions(root, deleted));
    // Claude Code's hook records an agent's write with its session and tool as soon as the tool returns;
    // the watcher is often faster. Given a moment, the hook's record is the one kept.
    const waiting = versions.map((version) => `${root.uri.toString()}\n${version.path}`);
    waiting.forEach((key) => this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1));
    let written: RecordedVersion[];
    try {
      if (versions.some((version) => version.origin.author === 'agent')) await new Promise((resolve) => setTimeout(resolve, HOOK_GRACE_MS));
      // Whatever the folder moved on to meanwhile is recorded by its own change.
      written = await this.recorder.record(root, versions, (version) => storeHolds(root, version));
    } finally {
      for (const key of waiting) {
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
      }
    }
    // A memory the person deleted in VS Code is one they meant to lose: nothing waits for them.
    const forgotten = written.filter((version) => version.hash === '' && version.author === 'person' && version.path !== INDEX_FILE_NAME);
    if (forgotten.length > 0) await this.histories.approve(root, forgotten.map((version) => ({ path: version.path, bytes: null })));
  }

  /**
   * The deletions among files that left a store. A file still there (now unreadable, or back already)
   * was not deleted; nor were the files of a root whose folder is gone (a branch switch, an unmounted
   * disk): the root itself leaves the tree, and listing each of its files as deleted would bury To review.
   */
  private async deletions(root: MemoryRoot, removed: readonly { change: StoreChange; own: boolean }[]): Promise<VersionToRecord[]> {
    if (!(await uriExists(root.uri))) return [];
    const gone: VersionToRecord[] = [];
    for (const { change, own } of removed) {
      if (await uriExists(root.uriOf(change.path))) continue;
      gone.push({ path: change.path, bytes: null, origin: own ? { author: 'person', source: 'delete' } : { author: 'agent', source: 'disk-change' } });
    }
    return gone;
  }
}
