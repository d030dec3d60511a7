import * as vscode from 'vscode';
import { Disposable } from '../dispose';
import { uriExists } from '../fs';
import type { MemoryRoots } from '../roots/memoryRoots';
import { REFRESHED_PATHS, type RootHistories } from './rootHistories';

/** Approval logs changing in a burst (a CLI approving a session) are read again once, this long after the last change. */
const APPROVALS_SETTLE_MS = 300;

/** How recent an unattributed version must be for a change of the event log to have it read again (the hook's late session tag). */
const SESSION_TAG_WINDOW_MS = 60_000;

/**
 * Approvals written by another process (`memory-shelf review --approve`, another window) are read
 * again when an approval log changes, so the review here agrees with them without a refresh. A
 * change of an event log may be Claude Code's hook naming the session of a write this window
 * recorded first: those recent unattributed versions are read again (see {@link rereadSessions}).
 */
export class ApprovalLogWatch extends Disposable {
  private watch: vscode.Disposable | undefined;

  constructor(private readonly roots: MemoryRoots, private readonly histories: RootHistories) {
    super();
    this._register(histories.onDidRead(() => void this.start()));
  }

  /** Starts following the logs once the history's folder exists (a watcher of a missing folder hears nothing). */
  async start(): Promise<void> {
    const port = this.histories.port;
    if (this.watch || !port || this.isDisposed) return;
    const dir = port.dir;
    if (!(await uriExists(vscode.Uri.file(dir))) || this.watch || this.isDisposed) return;
    this.watch = this._register(this.follow(dir));
  }

  private follow(dir: string): vscode.Disposable {
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dir), 'roots/*/{approvals,log}.jsonl'));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sessionTimer: ReturnType<typeof setTimeout> | undefined;
    const rereadSessions = (): void => {
      clearTimeout(sessionTimer);
      sessionTimer = setTimeout(() => void this.rereadSessions(), APPROVALS_SETTLE_MS);
    };
    const reread = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // Our own approvals still being written would read as missing for a moment: their last write brings another change.
        if (this.histories.writingApprovals) return reread();
        for (const root of this.roots.roots) {
          if (!this.histories.known(root)) continue;
          void this.histories.whenRead(root, true).then(() => this.histories.changed(root));
        }
      }, APPROVALS_SETTLE_MS);
    };
    const changed = (uri: vscode.Uri): void => (uri.path.endsWith('/log.jsonl') ? rereadSessions() : reread());
    watcher.onDidChange(changed);
    watcher.onDidCreate(changed);
    return vscode.Disposable.from(watcher, new vscode.Disposable(() => {
      clearTimeout(timer);
      clearTimeout(sessionTimer);
    }));
  }

  /**
   * Versions this window recorded in the last moments without a session (an agent's write the watcher
   * saw before Claude Code's hook reported it) are read again from the store: a session tag the hook
   * appended since is taken, and To review groups the change under its session without a reload. Only
   * recent ones, so this window's own writes to the log cost next to nothing.
   */
  private async rereadSessions(): Promise<void> {
    const since = Date.now() - SESSION_TAG_WINDOW_MS;
    const port = this.histories.port;
    if (!port) return;
    for (const root of this.roots.roots) {
      const key = this.histories.keyOf(root);
      const read = this.histories.known(root);
      if (key === undefined || !read) continue;
      const untagged = [...read.latest.values()].filter((version) => !version.sessionId && version.hash !== '' && version.author !== 'person' && version.time >= since).slice(0, REFRESHED_PATHS);
      let updated = false;
      for (const version of untagged) {
        const latest = await port.latestOf(key, version.path).catch(() => undefined);
        const now = read.latest.get(version.path);
        if (!latest?.sessionId || !now || now.sessionId || latest.hash !== now.hash) continue;
        read.latest.set(version.path, latest);
        updated = true;
      }
      if (updated) this.histories.changed(root);
    }
  }
}
