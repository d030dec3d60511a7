import * as vscode from 'vscode';
import { sessionLoadOf } from '../../workspace/sessionLoad';
import type { Services } from '../../workspace/services';
import { previewMarkdown } from './previewMarkdown';

export const PREVIEW_SCHEME = 'memory-shelf-session';

/** How long file events settle before open previews are rebuilt: a save of many files rebuilds once. */
const SETTLE_MS = 300;

/**
 * Read-only Markdown documents of a folder's session start, one per workspace folder
 * (`memory-shelf-session:/<folder>/session-start.md?<folder uri>`), rebuilt when a CLAUDE.md, a rule, an
 * imported file, the Claude config folder or a memory root changes.
 */
export class SessionPreviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly sourcesChanged = new vscode.EventEmitter<void>();
  /** A source of the session start changed (settled): the preview panel rebuilds on it too. */
  readonly onDidChangeSources = this.sourcesChanged.event;
  private readonly disposables: vscode.Disposable[] = [this.changed, this.sourcesChanged];
  /** Folders outside the workspace watched for open previews (the config folder, auto memory), by path. */
  private readonly outside = new Map<string, vscode.Disposable>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(services: Services) {
    const workspaceWatcher = vscode.workspace.createFileSystemWatcher('**/*.md');
    this.disposables.push(
      workspaceWatcher,
      workspaceWatcher.onDidChange(() => this.refreshSoon()),
      workspaceWatcher.onDidCreate(() => this.refreshSoon()),
      workspaceWatcher.onDidDelete(() => this.refreshSoon()),
      services.roots.onDidChange(() => this.refreshSoon()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refreshSoon()),
    );
  }

  static uriFor(folder: vscode.WorkspaceFolder): vscode.Uri {
    return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${folder.name}/session-start.md`, query: folder.uri.toString() });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(uri.query));
    if (!folder) return vscode.l10n.t('This folder is no longer open.');
    const found = await sessionLoadOf(folder);
    if (!found) return vscode.l10n.t('The session preview needs a folder on this machine; Claude Code does not run in {0}.', folder.uri.toString());
    this.watchSources(found);
    return previewMarkdown(folder.name, found.load, vscode.workspace.isTrusted);
  }

  /** Watches the folders outside the workspace a session load read (the config folder, auto memory). */
  watchSources(found: { readonly configDir: string; readonly autoMemoryFolder: string }): void {
    this.watchOutside(found.configDir);
    this.watchOutside(found.autoMemoryFolder);
  }

  private watchOutside(path: string): void {
    if (this.outside.has(path)) return;
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path), '**/*.md'));
    const subscriptions = [watcher, watcher.onDidChange(() => this.refreshSoon()), watcher.onDidCreate(() => this.refreshSoon()), watcher.onDidDelete(() => this.refreshSoon())];
    this.outside.set(path, vscode.Disposable.from(...subscriptions));
  }

  private refreshSoon(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sourcesChanged.fire();
      for (const document of vscode.workspace.textDocuments) if (document.uri.scheme === PREVIEW_SCHEME) this.changed.fire(document.uri);
    }, SETTLE_MS);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const watch of this.outside.values()) watch.dispose();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
