import * as vscode from 'vscode';
import { Commands } from '../../commands';
import { sessionLoadOf, type SessionLoadWithSources } from '../../workspace/sessionLoad';
import type { Services } from '../../workspace/services';
import { webviewPage } from '../../workspace/display/webviewPage';
import type { HostMessage, PreviewView, WebviewMessage } from '../../webview/sessionPreview/protocol';
import { previewView, type UnloadedFolder } from './previewView';

export const PREVIEW_PANEL_TYPE = 'memoryShelf.sessionPreview';

function resourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media', 'sessionPreview')];
}

/** The page: no file's text is in it (the script is sent the view). */
function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  return webviewPage(webview, {
    script: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'sessionPreview.js')),
    style: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'sessionPreview', 'preview.css')),
  });
}

/** The project's memory folders in `folder` that Claude Code does not read: the panel offers to import each. */
function unloadedFolders(services: Services, folder: vscode.WorkspaceFolder): UnloadedFolder[] {
  return services.roots.roots
    .filter((root) => root.info.kind === 'workspace' && !root.info.load.loadedByClaude && vscode.workspace.getWorkspaceFolder(root.uri)?.uri.toString() === folder.uri.toString())
    .map((root) => ({ label: vscode.workspace.asRelativePath(root.uri, false) + '/', root: root.uri.toString() }));
}

/**
 * One session preview panel per workspace folder: the view is built from the same session load as the
 * CLI's `preview`, rebuilt when its sources change, and every file in it opens in the editor.
 */
export class SessionPreviewPanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private last: PreviewView | undefined;
  private building: Promise<PreviewView | undefined> | undefined;
  /** The first line a limit cut from each index, to open the file there. */
  private cutLines = new Map<string, string>();

  constructor(readonly folder: vscode.WorkspaceFolder, readonly panel: vscode.WebviewPanel, private readonly services: Services, extensionUri: vscode.Uri, private readonly watch: (found: SessionLoadWithSources) => void, private readonly onClose: () => void) {
    panel.webview.options = { enableScripts: true, localResourceRoots: resourceRoots(extensionUri) };
    panel.webview.html = panelHtml(panel.webview, extensionUri);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: WebviewMessage) => void this.receive(message)),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /** The view last sent to the webview (tests read what the panel lists). */
  get view(): PreviewView | undefined {
    return this.last;
  }

  /** Builds the view again and sends it; resolves to what was sent. */
  refresh(): Promise<PreviewView | undefined> {
    const run = this.build().then((view) => {
      if (view) {
        this.last = view;
        void this.panel.webview.postMessage({ kind: 'view', view } satisfies HostMessage);
      }
      return view;
    });
    this.building = run;
    return run;
  }

  async settled(): Promise<PreviewView | undefined> {
    return (await this.building) ?? this.last;
  }

  private async build(): Promise<PreviewView | undefined> {
    const found = await sessionLoadOf(this.folder);
    if (!found) return undefined;
    this.watch(found);
    this.cutLines = new Map(found.load.parts.filter((part) => part.cut).map((part) => [part.path, part.cut!.text.split('\n')[0] ?? '']));
    this.panel.title = vscode.l10n.t('Session start: {0}', this.folder.name);
    return previewView(this.folder.name, found.load, vscode.workspace.isTrusted, unloadedFolders(this.services, this.folder));
  }

  /** What the webview asks; public so a test can ask it as a click would. */
  async receive(message: WebviewMessage): Promise<void> {
    switch (message.kind) {
      case 'ready':
        if (this.last) void this.panel.webview.postMessage({ kind: 'view', view: this.last } satisfies HostMessage);
        else await this.refresh();
        return;
      case 'open':
        return this.open(message.path, message.atCut === true);
      case 'load':
        if (await vscode.commands.executeCommand<boolean>(Commands.importIndex, vscode.Uri.parse(message.root))) await this.refresh();
        return;
      case 'markdown':
        await vscode.commands.executeCommand(Commands.sessionPreviewMarkdown, this.folder.uri);
        return;
    }
  }

  /** Opens a file the view names; only files it lists, so a message cannot open anything else. */
  private async open(path: string, atCut: boolean): Promise<void> {
    const listed = this.last?.parts.some((part) => part.openable && (part.path === path || part.readOnDemand?.files.some((file) => file.path === path)));
    if (!listed) return;
    const uri = vscode.Uri.file(path);
    const document = await vscode.workspace.openTextDocument(uri).then(undefined, () => undefined);
    if (!document) {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} could not be opened.', path));
      return;
    }
    let line = 0;
    const first = atCut ? this.cutLines.get(path) : undefined;
    if (first !== undefined) {
      // The cut text is the file's text as sent: its first line is found in the file as written.
      for (let i = 0; i < document.lineCount; i++) if (document.lineAt(i).text.trim() === first.trim()) { line = i; break; }
    }
    const position = new vscode.Position(line, 0);
    await vscode.window.showTextDocument(document, { preview: false, viewColumn: vscode.ViewColumn.Active, selection: new vscode.Range(position, position) });
  }

  dispose(): void {
    this.onClose();
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }
}

/** The open panels by folder: the command reveals a folder's panel or opens it, source changes rebuild them. */
export class SessionPreviewPanels implements vscode.Disposable {
  private readonly panels = new Map<string, SessionPreviewPanel>();

  constructor(private readonly services: Services, private readonly extensionUri: vscode.Uri, private readonly watch: (found: SessionLoadWithSources) => void) {}

  async show(folder: vscode.WorkspaceFolder): Promise<SessionPreviewPanel> {
    const key = folder.uri.toString();
    let open = this.panels.get(key);
    if (open) open.panel.reveal();
    else {
      const panel = vscode.window.createWebviewPanel(PREVIEW_PANEL_TYPE, vscode.l10n.t('Session start: {0}', folder.name), vscode.ViewColumn.Active, { enableFindWidget: true, retainContextWhenHidden: false });
      open = new SessionPreviewPanel(folder, panel, this.services, this.extensionUri, this.watch, () => this.panels.delete(key));
      this.panels.set(key, open);
    }
    await open.refresh();
    return open;
  }

  refreshAll(): void {
    for (const panel of this.panels.values()) void panel.refresh();
  }

  dispose(): void {
    for (const panel of [...this.panels.values()]) panel.panel.dispose();
  }
}
