import * as vscode from 'vscode';
import { contentHash, isPendingCandidate, reviewReason, type MemoryFile, type ReviewReason, type RootPath } from '../../core';
import { Disposable } from '../dispose';
import type { LiveDocuments } from '../documents/liveDocuments';
import type { Log } from '../log';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryRoots } from '../roots/memoryRoots';
import { ApprovedCopies } from './approvedCopies';
import { ReviewStore, type ReviewMementos, type RootReviewRecord } from './reviewStore';

/** One memory waiting for a person, and why. */
export interface ReviewEntry {
  readonly root: MemoryRoot;
  readonly memory: MemoryFile;
  readonly reason: ReviewReason;
}

/** The extension storage the review state is kept in. */
export interface ReviewStorage extends ReviewMementos {
  /** Folder for the last approved copies of workspace roots (context.storageUri). */
  readonly workspaceFolder: vscode.Uri | undefined;
  /** Folder for the auto memory's copies (context.globalStorageUri). */
  readonly globalFolder: vscode.Uri | undefined;
}

/** How a root first seen is treated until the person answers (and when they dismiss the question). */
export type FirstRunChoice = 'from-now' | 'everything';

/**
 * What waits for review: memories created or changed by something other than the person in VS Code
 * since they last approved them, plus `status: pending` candidates. Saving a memory in VS Code counts
 * as approving its text; changes arriving from disk (an agent's writes) do not.
 */
export class ReviewService extends Disposable {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<MemoryRoot | undefined>());
  /** Fires with the root whose waiting memories may have changed, or undefined for every root. */
  readonly onDidChange = this.changeEmitter.event;
  /**
   * The hash of each parsed file's text: a parsed file never changes (an edit parses a new one), and
   * the tree asks what waits on every refresh, which hashed all of a root's texts each time.
   */
  private readonly hashes = new WeakMap<MemoryFile, string>();
  private readonly store: ReviewStore;
  private readonly records = new Map<string, RootReviewRecord>();
  private readonly workspaceCopies: ApprovedCopies;
  private readonly globalCopies: ApprovedCopies;
  private resolveViewShown: () => void = () => undefined;
  private readonly viewShown = new Promise<void>((resolve) => (this.resolveViewShown = resolve));

  constructor(
    private readonly roots: MemoryRoots,
    private readonly documents: LiveDocuments,
    private readonly log: Log,
    /** Kept so a second service over the same storage sees the same state (what a reload does). */
    readonly storage: ReviewStorage,
    /** Asks the person about roots seen for the first time; resolves to their answer, undefined when dismissed. */
    private readonly askFirstRun: (roots: readonly MemoryRoot[]) => Thenable<FirstRunChoice | undefined> = askWithNotification,
  ) {
    super();
    this.store = new ReviewStore(storage);
    this.workspaceCopies = new ApprovedCopies(storage.workspaceFolder ?? storage.globalFolder);
    this.globalCopies = new ApprovedCopies(storage.globalFolder);
    this._register(roots.onDidChange((root) => {
      if (!root) this.adoptNewRoots();
      this.changeEmitter.fire(root);
    }));
    this._register(vscode.workspace.onDidSaveTextDocument((document) => void this.approveSaved(document)));
    // A file made in VS Code (New Memory, a reservation created, the Explorer, a promotion) is the person's own:
    // this event is VS Code's for its own gestures and edits, never for an agent writing to the disk.
    this._register(vscode.workspace.onDidCreateFiles((event) => void this.approveCreated(event.files)));
    this.adoptNewRoots();
  }

  /**
   * The Memory Shelf view was shown: the first-run question waits for it, so it is asked where the
   * person is looking at what it is about rather than at start-up, where it hid in the notification centre.
   */
  markViewShown(): void {
    this.resolveViewShown();
  }

  /** Everything waiting, in root order then path order; one root's only when `root` is given. */
  pending(root?: MemoryRoot): ReviewEntry[] {
    const now = Date.now();
    const entries: ReviewEntry[] = [];
    for (const candidate of root ? [root] : this.roots.roots) {
      const record = this.records.get(candidate.uri.toString());
      if (!record) continue;
      // A memory the person is typing in is theirs: it is approved when they save it.
      const typing = this.documents.dirtyPaths(candidate);
      for (const memory of candidate.store.memories()) {
        if (typing.has(memory.path)) continue;
        const approved = record.approved[memory.path];
        // Most memories are as approved: settled by a remembered hash, without hashing the text again.
        if (approved !== undefined && approved === this.hashOf(memory) && !isPendingCandidate(memory)) continue;
        const reason = reviewReason(memory, approved, candidate.modifiedTime(memory.path), now);
        if (reason) entries.push({ root: candidate, memory, reason });
      }
    }
    return entries.sort((a, b) => (a.root === b.root ? a.memory.path.localeCompare(b.memory.path) : 0));
  }

  /** Records `text` as what a person approved at `path` (the text the store holds now when omitted). */
  async approve(root: MemoryRoot, path: RootPath, text = root.store.get(path)?.text): Promise<void> {
    if (text === undefined) return;
    const key = root.uri.toString();
    const record = this.records.get(key) ?? { mode: 'from-now', approved: {} };
    const next: RootReviewRecord = { mode: record.mode, approved: { ...record.approved, [path]: contentHash(text) } };
    this.records.set(key, next);
    this.changeEmitter.fire(root);
    await Promise.all([this.store.write(key, isGlobal(root), next), this.copiesOf(root).keep(text).catch((error: unknown) => this.log.warn('Could not keep the approved copy', error))]);
  }

  /** The stored copy of what a person last approved at `path`, when there is one. */
  async approvedCopy(root: MemoryRoot, path: RootPath): Promise<vscode.Uri | undefined> {
    const hash = this.records.get(root.uri.toString())?.approved[path];
    if (!hash) return undefined;
    const copies = this.copiesOf(root);
    return (await copies.has(hash)) ? copies.uriOf(hash) : undefined;
  }

  private hashOf(memory: MemoryFile): string {
    let hash = this.hashes.get(memory);
    if (hash === undefined) this.hashes.set(memory, (hash = contentHash(memory.text)));
    return hash;
  }

  private copiesOf(root: MemoryRoot): ApprovedCopies {
    return isGlobal(root) ? this.globalCopies : this.workspaceCopies;
  }

  private async approveCreated(uris: readonly vscode.Uri[]): Promise<void> {
    for (const uri of uris) {
      const found = this.roots.rootOf(uri);
      if (!found || !found.root.isTracked(found.path)) continue;
      // The watcher may report the file later than this event: read it now.
      await this.documents.reread(found.root, found.path);
      if (found.root.store.get(found.path)) await this.approve(found.root, found.path);
    }
  }

  private async approveSaved(document: vscode.TextDocument): Promise<void> {
    const found = this.roots.rootOf(document.uri);
    if (!found || !found.root.store.get(found.path)) return;
    await this.approve(found.root, found.path, document.getText());
  }

  /** Roots with a stored record take it; roots never seen start from now until the person says otherwise. */
  private adoptNewRoots(): void {
    const fresh: MemoryRoot[] = [];
    for (const root of this.roots.roots) {
      const key = root.uri.toString();
      if (this.records.has(key)) continue;
      const stored = this.store.read(key, isGlobal(root));
      if (stored) {
        this.records.set(key, stored);
        continue;
      }
      this.startFrom(root, 'from-now');
      // An empty folder has nothing to count as reviewed: no question.
      if (root.store.size > 0) fresh.push(root);
    }
    if (fresh.length === 0) return;
    void this.viewShown.then(() => this.askFirstRun(fresh)).then((choice) => {
      if (choice !== 'everything') return;
      for (const root of fresh) this.startFrom(root, 'everything');
      this.changeEmitter.fire(undefined);
    });
  }

  private startFrom(root: MemoryRoot, mode: FirstRunChoice): void {
    const approved: Record<string, string> = {};
    const memories = mode === 'from-now' ? [...root.store.memories()] : [];
    for (const memory of memories) approved[memory.path] = this.hashOf(memory);
    const record: RootReviewRecord = { mode, approved };
    this.records.set(root.uri.toString(), record);
    const copies = this.copiesOf(root);
    void this.store.write(root.uri.toString(), isGlobal(root), record)
      .then(() => Promise.all(memories.map((memory) => copies.keep(memory.text))))
      .catch((error: unknown) => this.log.warn('Could not store the review state', error));
  }
}

function isGlobal(root: MemoryRoot): boolean {
  return root.info.kind === 'auto';
}

async function askWithNotification(roots: readonly MemoryRoot[]): Promise<FirstRunChoice | undefined> {
  const fromNow = vscode.l10n.t('Start from now');
  const everything = vscode.l10n.t('Review everything');
  const names = roots.map((root) => root.info.label).join(', ');
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t('Memory Shelf lists memories an agent wrote or changed under "To review". Count the files already in {0} as reviewed?', names),
    fromNow,
    everything,
  );
  return answer === everything ? 'everything' : answer === fromNow ? 'from-now' : undefined;
}
