import * as vscode from 'vscode';
import { contentHash, INDEX_FILE_NAME, isMemoryPath, isPendingCandidate, isTeamMemoryPath, parseMemoryFile, reviewReason, type MemoryFile, type ReviewReason, type RootPath } from '../../core';
import { Disposable } from '../dispose';
import type { LiveDocuments } from '../documents/liveDocuments';
import type { Log } from '../log';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryRoots } from '../roots/memoryRoots';
import { ApprovedCopies } from './approvedCopies';
import type { RecordedVersion } from '../history/historyPort';
import type { MemoryHistory } from '../history/memoryHistory';
import { bytesOf } from '../history/versionBytes';
import { ReviewStore, type ReviewMementos } from './reviewStore';

/** How long a file VS Code announced it is creating counts as the person's before its approval is written. */
const CREATING_MS = 10_000;

/** Why a memory waits: core's reasons, or gone from the folder without the person deleting it. */
export type WaitingReason = ReviewReason | 'deleted';

/** One memory waiting for a person, and why. */
export interface ReviewEntry {
  readonly root: MemoryRoot;
  /** The memory now; for a deleted one, as it was last seen. */
  readonly memory: MemoryFile;
  readonly reason: WaitingReason;
  /** The Claude Code session that wrote (or deleted) it, when the hook or the file says. */
  readonly session: string | undefined;
  /** For a deleted memory: when it went, who removed it when known, and the hash of the bytes it last held. */
  readonly deletion?: DeletionInfo;
  /** Its approval record was added or altered outside Memory Shelf, so it is not counted as approved. */
  readonly approvalChangedOutside?: true;
}

export interface DeletionInfo {
  readonly time: number;
  readonly author: RecordedVersion['author'];
  readonly tool: string | undefined;
  /** The hash of what the file last held: Restore writes these bytes back. */
  readonly lastHash: string;
}

/** The extension storage the review state was kept in before the shared history (imported once), and the archive's folders. */
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
 * since they last approved them, `status: pending` candidates, and memories that left their folder
 * without the person deleting them. Saving a memory in VS Code counts as approving its text; changes
 * arriving from disk (an agent's writes) do not. Approvals live in the shared history (src/history),
 * so `memory-shelf review` and the extension agree; the mementos of earlier versions are imported once.
 */
export class ReviewService extends Disposable {
  private readonly changeEmitter = this._register(new vscode.EventEmitter<MemoryRoot | undefined>());
  /** Fires with the root whose waiting memories may have changed, or undefined for every root. */
  readonly onDidChange = this.changeEmitter.event;
  private readonly legacy: ReviewStore;
  private readonly workspaceCopies: ApprovedCopies;
  private readonly globalCopies: ApprovedCopies;
  /** Roots whose approvals are read (or adopted): until then nothing of theirs is said to wait. */
  private readonly adopted = new Set<string>();
  /** Each root's adoption, once started: resolves to whether the root was never seen before. */
  private readonly adoptions = new Map<string, Promise<boolean>>();
  /** The roots found last being adopted: an answer waits for them, so a team/ root found with its folder takes the folder's answer. */
  private adopting: Promise<void> = Promise.resolve();
  /** A deleted memory's last text, by root key, path and hash, read from the history once. */
  private readonly deletedTexts = new Map<string, MemoryFile | null>();
  /** Roots first seen here whose question (count what is there as reviewed?) waits for an answer, by key; kept across reloads. */
  private readonly unanswered: Set<string>;
  /** Files VS Code is creating for the person (New Memory, a stub), until their approval lands: never shown as waiting meanwhile. */
  private readonly creating = new Map<string, number>();
  /** New path -> the hash approved at the old path, for a move VS Code announced and has not finished. */
  private readonly moving = new Map<string, string>();
  /**
   * By root key, the memories the person made in VS Code while the root's first-run question waits:
   * the question is about what was already there, so they are neither counted in it nor listed by "No".
   */
  private readonly ownWhileAsking: Map<string, Set<RootPath>>;

  constructor(
    private readonly roots: MemoryRoots,
    private readonly documents: LiveDocuments,
    private readonly log: Log,
    /** Kept so a second service over the same storage sees the same state (what a reload does). */
    readonly storage: ReviewStorage,
    readonly history: MemoryHistory,
  ) {
    super();
    this.legacy = new ReviewStore(storage);
    this.workspaceCopies = new ApprovedCopies(storage.workspaceFolder ?? storage.globalFolder);
    this.globalCopies = new ApprovedCopies(storage.globalFolder);
    this.unanswered = new Set(storage.workspace.get<string[]>(UNANSWERED_KEY) ?? []);
    this.ownWhileAsking = new Map(Object.entries(storage.workspace.get<Record<string, string[]>>(OWN_KEY) ?? {}).map(([key, paths]) => [key, new Set(paths)]));
    this._register(roots.onDidChange((root) => {
      if (!root) this.adoptFound();
      this.changeEmitter.fire(root);
    }));
    this._register(history.onDidChange((root) => this.changeEmitter.fire(root)));
    this._register(vscode.workspace.onDidSaveTextDocument((document) => void this.approveSaved(document)));
    // A file made in VS Code (New Memory, a reservation created, the Explorer, a promotion) is the person's own:
    // this event is VS Code's for its own gestures and edits, never for an agent writing to the disk.
    this._register(vscode.workspace.onWillCreateFiles((event) => {
      const until = Date.now() + CREATING_MS;
      for (const uri of event.files) this.creating.set(uri.toString(), until);
      this.markOwn(event.files);
    }));
    this._register(vscode.workspace.onDidCreateFiles((event) => void this.approveCreated(event.files)));
    // A memory the person moves in VS Code (Rename File after a retype, Rename Memory…, the Explorer)
    // keeps its review state under its new name: approved stays approved, a pending change stays pending.
    this._register(vscode.workspace.onWillRenameFiles((event) => {
      const until = Date.now() + CREATING_MS;
      for (const { oldUri, newUri } of event.files) {
        this.creating.set(newUri.toString(), until);
        const found = this.roots.rootOf(oldUri);
        const hash = found && this.approvedHash(found.root, found.path);
        if (hash) this.moving.set(newUri.toString(), hash);
      }
    }));
    this._register(vscode.workspace.onDidRenameFiles((event) => void this.carryApprovals(event.files.map((file) => file.newUri))));
    this.adoptFound();
  }

  private adoptFound(): void {
    const adoption = this.adoptNewRoots();
    this.adopting = Promise.all([this.adopting, adoption]).then(() => undefined, () => undefined);
  }

  /**
   * Whether the root's first-run question waits: a root never seen before, not empty. The tree asks it
   * at the top of the root, where the person looks at what it is about (a notification at start-up hid
   * in the notification centre before the view was ever opened). Until answered, the root starts from now.
   */
  asksFirstRun(root: MemoryRoot): boolean {
    if (!this.unanswered.has(this.keyOf(root))) return false;
    // A root inside another (a team/ with its own index) is the same folder to the person: the outer one asks for both.
    const outer = this.outerRoot(root);
    if (outer && this.unanswered.has(this.keyOf(outer))) return false;
    return this.firstRunCount(root) > 0;
  }

  /**
   * How many memories the first-run question is about: those in the folder (a team/ root's among them:
   * its memories are files of the outer folder too), less the ones the person made here since.
   */
  firstRunCount(root: MemoryRoot): number {
    const own = this.ownWhileAsking.get(this.keyOf(root));
    let count = root.store.size;
    if (own) for (const path of own) if (root.store.get(path)) count--;
    return count;
  }

  /** The person's answer: `everything` lists what is there under To review; `from-now` keeps it counted as reviewed. The roots inside it take the same answer. */
  async answerFirstRun(root: MemoryRoot, choice: FirstRunChoice): Promise<void> {
    // Asked as soon as the folder showed its question, the team/ inside it may still be being adopted:
    // once it is, it waits for an answer too, and this one covers it.
    await this.adopting;
    const answered = [root, ...this.innerRoots(root)].filter((candidate) => this.unanswered.delete(this.keyOf(candidate)));
    if (answered.length === 0) return;
    await this.storage.workspace.update(UNANSWERED_KEY, [...this.unanswered]);
    let ownChanged = false;
    for (const candidate of answered) {
      const key = this.keyOf(candidate);
      if (choice === 'everything') await this.startFrom(candidate, 'everything', this.ownWhileAsking.get(key));
      if (this.ownWhileAsking.delete(key)) ownChanged = true;
    }
    if (ownChanged) await this.saveOwn();
    for (const candidate of answered) this.changeEmitter.fire(candidate);
  }

  /** The nearest root whose folder holds this root's folder (a memory folder around its team/), if any. */
  private outerRoot(root: MemoryRoot): MemoryRoot | undefined {
    let found: MemoryRoot | undefined;
    for (const candidate of this.roots.roots) {
      if (candidate !== root && isInside(root.uri, candidate.uri) && (!found || isInside(candidate.uri, found.uri))) found = candidate;
    }
    return found;
  }

  /** The roots whose nearest outer root is this one. */
  private innerRoots(root: MemoryRoot): MemoryRoot[] {
    return this.roots.roots.filter((candidate) => candidate !== root && this.outerRoot(candidate) === root);
  }

  /** Resolves once every root shown now has its approvals read (tests, and commands that act on what waits). */
  async whenReady(): Promise<void> {
    await this.roots.ready;
    await Promise.all(this.roots.roots.map((root) => this.adopt(root)));
  }

  /** Everything waiting, in root order then path order (deleted ones last); one root's only when `root` is given. */
  pending(root?: MemoryRoot): ReviewEntry[] {
    const now = Date.now();
    const entries: ReviewEntry[] = [];
    for (const candidate of root ? [root] : this.roots.roots) {
      const approvals = this.history.approvals(candidate);
      if (!approvals || !this.adopted.has(this.keyOf(candidate))) continue;
      // A memory the person is typing in is theirs: it is approved when they save it.
      const typing = this.documents.dirtyPaths(candidate);
      const waiting: ReviewEntry[] = [];
      for (const memory of candidate.store.memories()) {
        if (typing.has(memory.path) || ownedByTeamRoot(candidate, memory.path)) continue;
        const approved = approvals.get(memory.path) || undefined;
        // The store can read a new file before its approval is written: it is the person's, not new.
        if (approved === undefined && this.isBeingCreated(candidate, memory.path, now)) continue;
        const same = approved !== undefined && approved === this.history.hashOf(memory);
        // Most memories are as approved: settled by a remembered hash, without looking further.
        if (same && !isPendingCandidate(memory)) continue;
        // Core judges by its own text hash: hand it the memory's own when the bytes match the approval.
        const reason = reviewReason(memory, same ? contentHash(memory.text) : approved, candidate.modifiedTime(memory.path), now);
        if (reason) waiting.push({ root: candidate, memory, reason, session: this.sessionOf(candidate, memory, reason), ...(this.history.approvalChangedOutside(candidate, memory.path) ? { approvalChangedOutside: true as const } : {}) });
      }
      waiting.sort((a, b) => a.memory.path.localeCompare(b.memory.path));
      entries.push(...waiting, ...this.deletedIn(candidate, approvals, typing));
    }
    return entries;
  }

  /** Records `text` as what a person approved at `path` (the text the store holds now when omitted). */
  async approve(root: MemoryRoot, path: RootPath, text?: string): Promise<void> {
    const held = root.store.get(path);
    const bytes = text !== undefined ? encoder.encode(text) : held ? bytesOf(held) : undefined;
    if (!bytes) return;
    await this.history.approve(root, [{ path, bytes }]);
  }

  /** Approves every memory of `entries` as it is now; a deleted one is let go (forgotten). */
  async approveAll(entries: readonly ReviewEntry[]): Promise<void> {
    const byRoot = new Map<MemoryRoot, { path: RootPath; bytes: Uint8Array | null }[]>();
    for (const entry of entries) {
      const list = byRoot.get(entry.root) ?? [];
      if (entry.reason === 'deleted') list.push({ path: entry.memory.path, bytes: null });
      else {
        const held = entry.root.store.get(entry.memory.path);
        if (held) list.push({ path: entry.memory.path, bytes: bytesOf(held) });
      }
      byRoot.set(entry.root, list);
    }
    await Promise.all([...byRoot].map(([root, list]) => this.history.approve(root, list)));
  }

  /** A deleted memory accepted as gone: it no longer waits. */
  async forget(root: MemoryRoot, path: RootPath): Promise<void> {
    await this.history.approve(root, [{ path, bytes: null }]);
  }

  /** The hash a person last approved at `path`, when there is one. */
  approvedHash(root: MemoryRoot, path: RootPath): string | undefined {
    return this.history.approvals(root)?.get(path) || undefined;
  }

  /** The waiting entry for `path` of `root`, when one waits. */
  entryAt(root: MemoryRoot, path: RootPath): ReviewEntry | undefined {
    return this.pending(root).find((entry) => entry.memory.path === path);
  }

  private keyOf(root: MemoryRoot): string {
    return root.uri.toString();
  }

  /**
   * The session that wrote the memory: the hook's record of the current bytes, else the file's own
   * `originSessionId` for a new one. For a changed one the frontmatter only names the session that
   * created the file, and whoever changed it since may have kept that stamp: without the hook's record,
   * the session is not known.
   */
  private sessionOf(root: MemoryRoot, memory: MemoryFile, reason: WaitingReason): string | undefined {
    const latest = this.history.latest(root, memory.path);
    if (latest?.sessionId && latest.hash === this.history.hashOf(memory)) return latest.sessionId;
    return reason === 'changed' ? undefined : originSession(memory);
  }

  /**
   * Approved memories the folder no longer holds, whose deletion the history recorded (as `memory-shelf
   * review` judges: approved and gone): deleted by an agent, a script, `rm`, or while no window watched.
   * A deletion is recorded only while the root's folder exists, so a folder that vanished whole (a branch
   * switch, an unmounted disk) lists nothing. Their last text comes from the history (read once, then the
   * view is redrawn).
   */
  private deletedIn(root: MemoryRoot, approvals: ReadonlyMap<RootPath, string>, typing: ReadonlySet<RootPath>): ReviewEntry[] {
    const entries: ReviewEntry[] = [];
    for (const [path, approved] of approvals) {
      if (!approved || path === INDEX_FILE_NAME || !isMemoryPath(path) || !root.isTracked(path) || root.store.get(path) || typing.has(path) || ownedByTeamRoot(root, path)) continue;
      const latest = this.history.latest(root, path);
      if (latest?.hash !== '') continue;
      const last = this.deletedText(root, path);
      if (!last) continue;
      entries.push({
        root,
        memory: last.memory,
        reason: 'deleted',
        session: latest.sessionId,
        deletion: { time: latest.time, author: latest.author, tool: latest.tool, lastHash: last.hash },
      });
    }
    return entries.sort((a, b) => a.memory.path.localeCompare(b.memory.path));
  }

  /** The text the deleted file last held, when read; starts the read otherwise. */
  private deletedText(root: MemoryRoot, path: RootPath): { memory: MemoryFile; hash: string } | undefined {
    const key = `${this.keyOf(root)}\n${path}`;
    const known = this.deletedTexts.get(key);
    if (known !== undefined) return known === null ? undefined : { memory: known, hash: this.history.hashOf(known) };
    this.deletedTexts.set(key, null);
    void lastKept(this.history, root, path).then((found) => {
      if (!found) return;
      this.deletedTexts.set(key, parseMemoryFile(path, decoder.decode(found)));
      this.changeEmitter.fire(root);
    }).catch((error: unknown) => this.log.warn(`Could not read the last version of ${path}`, error));
    return undefined;
  }

  private async approveCreated(uris: readonly vscode.Uri[]): Promise<void> {
    try {
      for (const uri of uris) {
        const found = this.roots.rootOf(uri);
        if (!found || !found.root.isTracked(found.path)) continue;
        // The watcher may report the file later than this event: read it now.
        await this.documents.reread(found.root, found.path);
        if (found.root.store.get(found.path)) await this.approve(found.root, found.path);
      }
    } finally {
      for (const uri of uris) this.creating.delete(uri.toString());
    }
  }

  /** Files VS Code creates in a root whose question waits: the person's own, kept out of the question. */
  /** Gives each moved memory, at its new path, the approval it had at the old one (see the constructor). */
  private async carryApprovals(uris: readonly vscode.Uri[]): Promise<void> {
    try {
      for (const uri of uris) {
        const hash = this.moving.get(uri.toString());
        const found = this.roots.rootOf(uri);
        if (!hash || !found || !found.root.isTracked(found.path)) continue;
        const bytes = await this.history.blob(found.root, hash);
        if (bytes) await this.history.approve(found.root, [{ path: found.path, bytes }]);
      }
    } finally {
      for (const uri of uris) {
        this.moving.delete(uri.toString());
        this.creating.delete(uri.toString());
      }
    }
  }

  private markOwn(uris: readonly vscode.Uri[]): void {
    let marked = false;
    for (const uri of uris) {
      const found = this.roots.rootOf(uri);
      const key = found && this.keyOf(found.root);
      if (!found || !key || !this.unanswered.has(key)) continue;
      const own = this.ownWhileAsking.get(key) ?? new Set<RootPath>();
      own.add(found.path);
      this.ownWhileAsking.set(key, own);
      marked = true;
    }
    if (marked) void this.saveOwn();
  }

  private saveOwn(): Thenable<void> {
    return this.storage.workspace.update(OWN_KEY, Object.fromEntries([...this.ownWhileAsking].map(([key, paths]) => [key, [...paths]])));
  }

  private isBeingCreated(root: MemoryRoot, path: RootPath, now: number): boolean {
    if (this.creating.size === 0) return false;
    const until = this.creating.get(root.uriOf(path).toString());
    if (until === undefined) return false;
    if (until >= now) return true;
    this.creating.delete(root.uriOf(path).toString());
    return false;
  }

  private async approveSaved(document: vscode.TextDocument): Promise<void> {
    const found = this.roots.rootOf(document.uri);
    const held = found && found.root.store.get(found.path);
    if (!found || !held) return;
    // The document's text has no BOM; the file keeps the one it had.
    await this.approve(found.root, found.path, (held.hasBom ? '\uFEFF' : '') + document.getText());
  }

  /** Reads each new root's approvals; imports what VS Code's storage kept; roots never seen start from now, and ask whether that is what the person wants. */
  private async adoptNewRoots(): Promise<void> {
    const started = this.roots.roots.filter((root) => !this.adoptions.has(this.keyOf(root)));
    for (const root of started) void this.adopt(root);
    const fresh = (await Promise.all(started.map(async (root) => ((await this.adoptions.get(this.keyOf(root))) ? root : undefined))))
      .filter((root): root is MemoryRoot => root !== undefined);
    // An empty folder has nothing to count as reviewed: no question.
    const asked = fresh.filter((root) => root.store.size > 0);
    // A new root inside a folder seen before takes that folder's answer; inside a new one, that one asks for both.
    for (const root of [...asked]) {
      const outer = this.outerRoot(root);
      if (!outer) continue;
      if (fresh.includes(outer)) {
        if (!asked.includes(outer)) asked.push(outer);
      } else if (!this.unanswered.has(this.keyOf(outer))) {
        asked.splice(asked.indexOf(root), 1);
        if ((await this.history.mode(outer)) === 'everything') await this.startFrom(root, 'everything');
      }
    }
    if (asked.length === 0) return;
    for (const root of asked) this.unanswered.add(this.keyOf(root));
    await this.storage.workspace.update(UNANSWERED_KEY, [...this.unanswered]);
    for (const root of asked) this.changeEmitter.fire(root);
  }

  /** Reads the root's approvals once; true when the root was never seen before (it starts from now). */
  private adopt(root: MemoryRoot): Promise<boolean> {
    const key = this.keyOf(root);
    let adoption = this.adoptions.get(key);
    if (!adoption) {
      adoption = this.adoptNow(root).catch((error: unknown) => {
        this.log.warn(`Could not read the approvals of ${key}`, error);
        return false;
      }).finally(() => {
        this.adopted.add(key);
        this.changeEmitter.fire(root);
      });
      this.adoptions.set(key, adoption);
    }
    return adoption.then(() => false);
  }

  private async adoptNow(root: MemoryRoot): Promise<boolean> {
    const key = this.keyOf(root);
    await this.history.whenRead(root);
    const stored = this.legacy.read(key, isGlobal(root));
    if (stored) await this.history.importLegacy(root, stored, (hash) => this.legacyCopy(root, hash));
    const mode = await this.history.mode(root);
    const fresh = mode === undefined && !stored;
    if (fresh) await this.startFrom(root, 'from-now');
    else if (mode === undefined && stored) await this.history.setMode(root, stored.mode);
    return fresh;
  }

  private async legacyCopy(root: MemoryRoot, hash: string): Promise<Uint8Array | undefined> {
    const uri = (isGlobal(root) ? this.globalCopies : this.workspaceCopies).uriOf(hash);
    if (!uri) return undefined;
    try {
      return await vscode.workspace.fs.readFile(uri);
    } catch {
      return undefined;
    }
  }

  /**
   * From now: every memory there counts as approved. Everything: approvals the from-now baseline made
   * are withdrawn, except for the memories the person made here meanwhile (`own`), approved as theirs.
   */
  private async startFrom(root: MemoryRoot, mode: FirstRunChoice, own?: ReadonlySet<RootPath>): Promise<void> {
    const memories = [...root.store.memories()].filter((memory) => !own?.has(memory.path));
    const approvals = mode === 'from-now'
      ? memories.map((memory) => ({ path: memory.path, bytes: bytesOf(memory) as Uint8Array | null }))
      : memories.filter((memory) => this.approvedHash(root, memory.path) === this.history.hashOf(memory)).map((memory) => ({ path: memory.path, bytes: null }));
    await this.history.setMode(root, mode);
    // A first baseline of 20,000 files is as many writes: the review knows them at once, the store in the background.
    void this.history.approve(root, approvals);
  }
}

const encoder = new TextEncoder();
/** Where the roots whose first-run question waits are kept (the workspace's storage: the question is per project). */
const UNANSWERED_KEY = 'memoryShelf.review.firstRunUnanswered';
/** Where the memories made in VS Code while a root's question waits are kept, by root key. */
const OWN_KEY = 'memoryShelf.review.firstRunOwn';
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The bytes the file held last before it was deleted, from the newest version the history keeps. */
async function lastKept(history: MemoryHistory, root: MemoryRoot, path: RootPath): Promise<Uint8Array | undefined> {
  for (const version of await history.versions(root, path)) {
    if (version.hash === '') continue;
    const bytes = await history.blob(root, version.hash);
    if (bytes) return bytes;
  }
  return undefined;
}

/** The Claude Code session that wrote the memory, when its frontmatter says (`metadata.originSessionId`). */
export function originSession(memory: MemoryFile): string | undefined {
  const metadata = memory.frontmatter.data.metadata;
  const session = metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>).originSessionId : undefined;
  return typeof session === 'string' && /^[\w-]{4,80}$/.test(session) ? session : undefined;
}

function isGlobal(root: MemoryRoot): boolean {
  return root.info.kind === 'auto';
}

/** Whether `inner` is a folder inside `outer` (not the same). */
function isInside(inner: vscode.Uri, outer: vscode.Uri): boolean {
  const folder = outer.toString().replace(/\/$/, '');
  return inner.toString().startsWith(`${folder}/`);
}

/** A team/ memory of a folder whose team/ is a root of its own (the folder excludes it): listed there, not twice. */
function ownedByTeamRoot(root: MemoryRoot, path: RootPath): boolean {
  return root.info.exclude !== undefined && isTeamMemoryPath(path);
}
