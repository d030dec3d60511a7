import {
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  FileChangeType,
  TextDocuments,
  TextDocumentSyncKind,
  type ClientCapabilities,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ProblemCode, shownSeverity, type Problem, type RootPath } from '../core';
import { toDiagnostic } from './convert';
import { useLocale } from './l10n';
import { discoverRootPlaces, type RootPlace } from '../language/rootPlaces';
import { registerFeatures } from './features';
import { gitLineHistory } from '../language/gitHistory';
import type { CachePlace } from '../language/cacheFiles';
import { rootPathIn, RootSession } from '../language/rootSession';
import { readServerSettings, type ServerSettings } from './settings';
import { pathOfUri, uriOfPath } from './uris';
import type { EditSupport } from './workspaceEdit';
import type { DocumentModel, ServerContext } from './context';
import { documentModel } from '../language/documentModel';

/**
 * The findings of a two-step write an agent is in the middle of: a memory not yet in MEMORY.md, an
 * entry whose memory is not written yet. See MemoryShelfServer.settled.
 */
const SETTLING: ReadonlySet<string> = new Set([ProblemCode.IndexUnlisted, ProblemCode.IndexMissingFile]);

/**
 * How long after the client changed a file its settling findings wait: longer than the hooks Claude
 * Code runs between two tool calls of one turn (about 0.3 s each with the plugin's own), shorter than
 * a model's turn, so they still reach the model with its next request but one.
 */
export const SETTLE_MS = 1500;

/** When this process started: Claude Code starts the server just after the first write of a session. */
const STARTED_AT = Date.now() - process.uptime() * 1000;

/** How long before the server's start that first write may be. */
const WRITTEN_BEFORE_START_MS = 2000;

/**
 * The language server: the roots of the client's workspace folders, each a store and an engine as in
 * the extension and the CLI; every open document's text is put into its root's store as it changes,
 * and the files whose problems changed are published (or, for a client that pulls, refreshed).
 */
export class MemoryShelfServer implements ServerContext {
  readonly documents = new TextDocuments(TextDocument);
  roots: RootSession[] = [];
  settings: ServerSettings = readServerSettings();
  capabilities: ClientCapabilities = {};
  private workspaceFolders: string[] = [];
  private initializationOptions: unknown;
  private ready: Promise<void> = Promise.resolve();
  /** The memory folders found by the last look for them, known before they are read. */
  private placesFound: Promise<RootPlace[]> = Promise.resolve([]);
  /** Files the client was last told have diagnostics, by URI: a file that has none now gets an empty list. */
  private readonly published = new Set<string>();
  /** When the client last changed each file (its absolute path), for {@link SETTLING}. */
  private readonly changedAt = new Map<string, number>();
  /** A later publication of a file whose settling findings were held back, by absolute path. */
  private readonly settleTimers = new Map<string, NodeJS.Timeout>();
  /** Files outside every root whose folders were looked for since the roots were last found: looked for once. */
  private readonly outsideRoots = new Set<string>();

  /** `cache`: where what each memory showed the rules that read it alone is kept between runs (see `RootSession.load`). */
  constructor(readonly connection: Connection, private readonly cache?: CachePlace) {
    connection.onInitialize((params) => this.initialize(params));
    connection.onInitialized(() => void this.initialized());
    connection.onDidChangeConfiguration(() => void this.reload());
    connection.onDidChangeWatchedFiles(({ changes }) => void this.whenReady(async () => {
      for (const change of changes) {
        const file = pathOfUri(change.uri);
        const found = file === undefined ? undefined : this.rootOf(file);
        if (!found) continue;
        if (change.type !== FileChangeType.Changed || !found.root.isOpen(found.path)) this.publish(found.root, await found.root.reread(found.path));
      }
    }));
    connection.languages.diagnostics.on((params) => this.whenReady(() => {
      const found = this.documentModel(params.textDocument.uri);
      return { kind: DocumentDiagnosticReportKind.Full, items: found ? this.diagnosticsOf(found.root, found.path) : [] };
    }));
    connection.languages.diagnostics.onWorkspace(() => this.whenReady(() => ({
      items: this.roots.flatMap((root) => root.paths().map((path) => {
        const uri = this.uriOf(root.fileOf(path)) ?? uriOfPath(root.fileOf(path));
        return { kind: DocumentDiagnosticReportKind.Full, uri, version: this.versionOf(uri) ?? null, items: this.diagnosticsOf(root, path) };
      })),
    })));
    this.documents.onDidChangeContent(({ document }) => {
      const file = pathOfUri(document.uri);
      if (file !== undefined) this.changedAt.set(file, Date.now());
      if (this.settings.audience === 'agent') void this.firstLook(document);
      void this.whenReady(() => this.documentChanged(document));
    });
    this.documents.onDidClose(({ document }) => void this.whenReady(async () => {
      const file = pathOfUri(document.uri);
      const found = file === undefined ? undefined : this.rootOf(file);
      if (found) this.publish(found.root, await found.root.closeDocument(found.path));
    }));
    registerFeatures(this);
    this.documents.listen(connection);
  }

  /** Runs `fn` once the roots are read: every request and notification waits for the first load. */
  whenReady<T>(fn: () => T | Promise<T>): Promise<T> {
    return this.ready.then(fn);
  }

  get pullsDiagnostics(): boolean {
    return this.capabilities.textDocument?.diagnostic !== undefined;
  }

  get editSupport(): EditSupport {
    const edit = this.capabilities.workspace?.workspaceEdit;
    return { documentChanges: edit?.documentChanges === true, resourceOperations: edit?.resourceOperations ?? [] };
  }

  private initialize(params: InitializeParams): InitializeResult {
    this.capabilities = params.capabilities;
    useLocale(params.locale);
    this.initializationOptions = params.initializationOptions;
    this.settings = readServerSettings(params.initializationOptions);
    const folders = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
    this.workspaceFolders = folders.map(pathOfUri).filter((path): path is string => path !== undefined);
    this.ready = this.loadRoots();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        ...(this.pullsDiagnostics ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: true } } : {}),
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        definitionProvider: true,
        documentLinkProvider: { resolveProvider: false },
        completionProvider: { triggerCharacters: ['['] },
        hoverProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        codeLensProvider: { resolveProvider: false },
        // Asked of every file renamed in the editor: MEMORY.md's entries follow a memory that moves.
        workspace: { fileOperations: { willRename: { filters: [{ scheme: 'file', pattern: { glob: '**/*.md' } }] }, didRename: { filters: [{ scheme: 'file', pattern: { glob: '**/*.md' } }] } } },
      },
      serverInfo: { name: 'memory-shelf' },
    };
  }

  private async initialized(): Promise<void> {
    await this.ready;
    if (this.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration) {
      // Files written outside the editor (Claude Code itself, git) reach the stores as they do in VS Code.
      void this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.md' }] }).catch(() => undefined);
    }
    if (this.capabilities.workspace?.configuration) await this.reload();
  }

  /** Settings changed (or were first asked for): roots found again and every file checked again. */
  private async reload(): Promise<void> {
    await this.ready;
    let configured: unknown;
    if (this.capabilities.workspace?.configuration) {
      configured = await this.connection.workspace.getConfiguration('memoryShelf').catch(() => undefined);
    }
    const next = readServerSettings(this.initializationOptions, configured);
    if (JSON.stringify(next) === JSON.stringify(this.settings)) return;
    this.settings = next;
    this.ready = this.loadRoots();
    await this.ready;
  }

  private openTexts(): Map<string, string> {
    const open = new Map<string, string>();
    for (const document of this.documents.all()) {
      const file = pathOfUri(document.uri);
      if (file !== undefined) open.set(file, document.getText());
    }
    return open;
  }

  private async loadRoots(): Promise<void> {
    this.placesFound = discoverRootPlaces(this.workspaceFolders, this.settings, (folder) => this.connection.console.warn(`Memory Shelf: not serving ${folder} from the roots setting: it lies outside the workspace folders and Claude Code's folder (open it as a workspace folder to check it)`));
    const places = await this.placesFound;
    const open = this.openTexts();
    this.outsideRoots.clear();
    const before = this.roots;
    const roots: RootSession[] = [];
    for (const place of places) {
      try {
        roots.push(await RootSession.load(place, this.settings.settings, open, gitLineHistory(place.folder), this.cache));
      } catch (error) {
        this.connection.console.warn(`Memory Shelf could not read ${place.folder}: ${(error as Error).message}`);
      }
    }
    this.roots = roots;
    if (this.settings.audience === 'agent') this.adoptStartupWrites(roots);
    this.publishAll(before);
  }

  /**
   * Claude Code starts the server at the first file a tool writes, and while it starts it drops what it
   * would tell it of the files written next (its log: "server is starting"): a second memory written in
   * the same turn never reaches the server as a document. Files of a root written since just before the
   * server started count as the agent's writes, as if the client had said so.
   */
  private adoptStartupWrites(roots: readonly RootSession[]): void {
    const since = STARTED_AT - WRITTEN_BEFORE_START_MS;
    for (const root of roots) {
      for (const [path, modifiedTime] of root.modifiedSince(since)) {
        const file = root.fileOf(path);
        if (!this.changedAt.has(file)) this.changedAt.set(file, modifiedTime);
      }
    }
  }

  /** The root holding an absolute file path and the file's root path; the innermost root when roots nest. */
  rootOf(file: string): { root: RootSession; path: RootPath } | undefined {
    let best: { root: RootSession; path: RootPath } | undefined;
    for (const root of this.roots) {
      const path = root.pathOf(file);
      if (path !== undefined && (!best || path.length < best.path.length)) best = { root, path };
    }
    return best;
  }

  /** The model of an open document (or of a file of a root) as the client shows it now. */
  documentModel(uri: string): DocumentModel | undefined {
    const file = pathOfUri(uri);
    const found = file === undefined ? undefined : this.rootOf(file);
    if (!found) return undefined;
    const { root, path } = found;
    const open = this.documents.get(uri);
    const text = open?.getText() ?? root.heldText(path);
    if (text === undefined) return undefined;
    return { ...documentModel(root, path, text), uri };
  }

  uriOf(file: string): string | undefined {
    for (const document of this.documents.all()) if (pathOfUri(document.uri) === file) return document.uri;
    return undefined;
  }

  /** The URI the client knows a file of a root by. */
  uriOfFile(root: RootSession, path: RootPath): string {
    const file = root.fileOf(path);
    return this.uriOf(file) ?? uriOfPath(file);
  }

  versionOf(uri: string): number | undefined {
    return this.documents.get(uri)?.version;
  }

  diagnosticsOf(root: RootSession, path: RootPath): Diagnostic[] {
    return this.toDiagnostics(root.problemsFor(path), (related) => this.uriOfFile(root, related));
  }

  /** A file's problems as the client is shown them: at the user's severities, worded for its audience. */
  private toDiagnostics(problems: readonly Problem[], uriOf: (path: RootPath) => string): Diagnostic[] {
    const diagnostics: Diagnostic[] = [];
    for (const problem of problems) {
      const severity = shownSeverity(problem.code, problem.severity, this.settings.settings.severity);
      if (severity !== undefined) diagnostics.push(toDiagnostic(problem, severity, uriOf, this.settings.audience, problems));
    }
    return diagnostics;
  }

  /**
   * An agent's write to a folder still being read: Claude Code starts the server at the session's first
   * file write, and reading and checking a 2,000-memory folder takes a second or more (several on a
   * busy machine). What the file's own text decides (RootSession.checkAlone) is published at once; the
   * rest follows with the folder, which publishes the file again.
   */
  private async firstLook(document: TextDocument): Promise<void> {
    const file = pathOfUri(document.uri);
    if (file === undefined || this.rootOf(file)) return;
    const places = await this.placesFound.catch((): RootPlace[] => []);
    let best: { place: RootPlace; path: RootPath } | undefined;
    for (const place of places) {
      const path = rootPathIn([place.folder], file);
      if (path !== undefined && (!best || path.length < best.path.length)) best = { place, path };
    }
    if (!best) return;
    const modifiedTime = await stat(file).then((stats) => stats.mtimeMs, () => undefined);
    // The folder was read meanwhile (it published the file), or the text changed (its own change looks again).
    if (this.rootOf(file) || this.documents.get(document.uri)?.version !== document.version) return;
    const { place, path } = best;
    const problems = RootSession.checkAlone(place, this.settings.settings, path, document.getText(), modifiedTime);
    const diagnostics = this.toDiagnostics(problems, (related) => uriOfPath(join(place.folder, ...related.split('/'))));
    if (diagnostics.length === 0) return;
    this.published.add(document.uri);
    void this.connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
  }

  private documentChanged(document: TextDocument): void {
    const file = pathOfUri(document.uri);
    if (file === undefined) return;
    const found = this.rootOf(file);
    if (!found) {
      void this.adoptRootsFor(file);
      return;
    }
    const text = document.getText();
    const agent = this.settings.audience === 'agent';
    if (found.root.heldText(found.path) === text && found.root.isOpen(found.path) && !agent) return;
    const changed = found.root.setOpenText(found.path, text);
    // An agent hears about the file it just wrote even when its findings stayed the same (or the root
    // was read with this text already): Claude Code forgets what it delivered for a file it edits, so
    // what is still wrong goes again with the edit that left it.
    this.publish(found.root, agent && !changed.includes(found.path) ? [found.path, ...changed] : changed);
  }

  /**
   * A document outside every root may be the first file of a memory folder made after the roots were
   * found: Claude Code starts the server at the session's first file write and creates a subagent's
   * memory folder, or `memory/`, when it first writes there. The roots are looked for again (once per
   * such file, and only folders not served yet are read), so its findings reach the agent on this write.
   */
  private async adoptRootsFor(file: string): Promise<void> {
    if (this.outsideRoots.has(file)) return;
    this.outsideRoots.add(file);
    const adopt = this.ready.then(async () => {
      if (this.rootOf(file)) return;
      const served = new Set(this.roots.map((root) => root.folder));
      const places = (await discoverRootPlaces(this.workspaceFolders, this.settings)).filter((place) => !served.has(place.folder));
      const open = this.openTexts();
      for (const place of places) {
        try {
          const root = await RootSession.load(place, this.settings.settings, open, gitLineHistory(place.folder), this.cache);
          this.roots = [...this.roots, root];
          this.publish(root, root.paths());
        } catch (error) {
          this.connection.console.warn(`Memory Shelf could not read ${place.folder}: ${(error as Error).message}`);
        }
      }
    });
    this.ready = adopt;
    await adopt;
  }

  /**
   * Tells the client about `paths` of `root`: their diagnostics pushed, or a refresh asked of a client
   * that pulls. An agent hears only of the files it wrote or edited this session: the other memories'
   * findings predate it and are a person's to review, and Claude Code would hand every one of them to
   * the model as new after its first write (all of a 2,000-memory folder's).
   */
  publish(root: RootSession, paths: readonly RootPath[]): void {
    if (this.pullsDiagnostics) {
      if (paths.length > 0 && this.capabilities.workspace?.diagnostics?.refreshSupport) void this.connection.languages.diagnostics.refresh().catch(() => undefined);
      return;
    }
    for (const path of this.settings.audience === 'agent' ? paths.filter((path) => this.changedAt.has(root.fileOf(path))) : paths) {
      const uri = this.uriOfFile(root, path);
      const diagnostics = this.settled(root, path, this.diagnosticsOf(root, path));
      if (diagnostics.length === 0 && !this.published.has(uri)) continue;
      if (diagnostics.length > 0) this.published.add(uri);
      else this.published.delete(uri);
      void this.connection.sendDiagnostics({ uri, version: this.versionOf(uri), diagnostics });
    }
  }

  /**
   * For an agent: `diagnostics` without the findings that the next tool call of the same turn usually
   * resolves, while the file was changed less than {@link SETTLE_MS} ago; the file is published again
   * then, and they go out only if still there. An agent writes a memory and its MEMORY.md line as two
   * calls, often in one turn; Claude Code keeps what a server published until its next request and
   * drops an empty list, so "add this line" published between the two would reach the model after it
   * added the line, and could make it add the line twice.
   */
  private settled(root: RootSession, path: RootPath, diagnostics: Diagnostic[]): Diagnostic[] {
    if (this.settings.audience !== 'agent') return diagnostics;
    const file = root.fileOf(path);
    const left = (this.changedAt.get(file) ?? 0) + SETTLE_MS - Date.now();
    if (left <= 0 || !diagnostics.some((diagnostic) => SETTLING.has(String(diagnostic.code)))) return diagnostics;
    clearTimeout(this.settleTimers.get(file));
    this.settleTimers.set(file, setTimeout(() => {
      this.settleTimers.delete(file);
      void this.whenReady(() => {
        const found = this.rootOf(file);
        // Resolved meanwhile: what was published without them is the file's findings now.
        if (found && this.diagnosticsOf(found.root, found.path).some((diagnostic) => SETTLING.has(String(diagnostic.code)))) this.publish(found.root, [found.path]);
      });
    }, left).unref());
    return diagnostics.filter((diagnostic) => !SETTLING.has(String(diagnostic.code)));
  }

  /** Every file of every root, and an empty list for files of roots no longer served. */
  private publishAll(before: readonly RootSession[]): void {
    if (this.pullsDiagnostics) {
      if (before.length > 0 && this.capabilities.workspace?.diagnostics?.refreshSupport) void this.connection.languages.diagnostics.refresh().catch(() => undefined);
      return;
    }
    const stale = new Set(this.published);
    for (const root of this.roots) {
      for (const path of root.paths()) stale.delete(this.uriOfFile(root, path));
      this.publish(root, root.paths());
    }
    for (const uri of stale) {
      this.published.delete(uri);
      void this.connection.sendDiagnostics({ uri, diagnostics: [] });
    }
  }
}
