import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type Diagnostic,
  type ProtocolConnection,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { applyTextEdits } from '../../../src/core';
import { FIXTURES } from '../helpers/fixtures';

const CLI = join(FIXTURES, '..', '..', 'dist', 'cli.js');

/** Capabilities of a client that applies file operations and versioned edits, and takes pushed diagnostics. */
export const PUSH_CLIENT: ClientCapabilities = {
  workspace: { workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] }, configuration: false },
  textDocument: {
    definition: { linkSupport: true },
    completion: { completionItem: { insertReplaceSupport: true } },
    publishDiagnostics: { relatedInformation: true },
  },
};

/** The same client, pulling diagnostics instead. */
export const PULL_CLIENT: ClientCapabilities = {
  ...PUSH_CLIENT,
  textDocument: { ...PUSH_CLIENT.textDocument, diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } },
  workspace: { ...PUSH_CLIENT.workspace, diagnostics: { refreshSupport: true } },
};

/**
 * `memory-shelf lsp` as an editor runs it: the bundled CLI spawned with stdio, driven by the LSP
 * protocol library's own client connection. Pushed diagnostics are kept by URI, latest last.
 */
export class LspClient {
  readonly connection: ProtocolConnection;
  readonly diagnostics = new Map<string, Diagnostic[]>();
  /** Every push, in order: what a client that keeps each one (Claude Code) would have been handed. */
  readonly pushes: { readonly uri: string; readonly codes: readonly string[] }[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly child: ChildProcess;
  readonly stderr: string[] = [];
  /** What the server said through window/logMessage. */
  readonly logs: string[] = [];
  /** What the client answers `workspace/configuration` with, for the `memoryShelf` section. */
  configuration: unknown = null;

  /** `command` runs the CLI: the repository's bundle by default, or an installed `memory-shelf`. */
  constructor(home: string, command: readonly string[] = [process.execPath, CLI]) {
    // HOME and CLAUDE_CONFIG_DIR point into the scratch folder, so no real auto memory is found.
    this.child = spawn(command[0], [...command.slice(1), 'lsp', '--stdio'], { env: { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: join(home, '.claude') }, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString()));
    this.connection = createProtocolConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
    this.connection.onNotification(PublishDiagnosticsNotification.type, ({ uri, diagnostics }) => {
      this.diagnostics.set(uri, diagnostics);
      this.pushes.push({ uri, codes: diagnostics.map((diagnostic) => String(diagnostic.code)) });
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.connection.onNotification('window/logMessage', ({ message }: { message: string }) => {
      this.logs.push(message);
    });
    this.connection.onRequest('workspace/diagnostic/refresh', () => null);
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => this.configuration));
    this.connection.listen();
  }

  async initialize(folder: string, capabilities: ClientCapabilities, initializationOptions?: unknown, locale?: string): Promise<unknown> {
    const result = await this.connection.sendRequest('initialize', { processId: process.pid, rootUri: uri(folder), workspaceFolders: [{ uri: uri(folder), name: 'project' }], capabilities, initializationOptions, locale });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  /** Waits until `check` holds of the pushed diagnostics (each push re-checks it); fails after 10 s. */
  async until(check: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; stderr: ${this.stderr.join('')}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  codesOf(file: string): string[] {
    return (this.diagnostics.get(uri(file)) ?? []).map((diagnostic) => String(diagnostic.code)).sort();
  }

  open(file: string, version = 1): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(file), languageId: 'markdown', version, text: readFileSync(file, 'utf8') } });
  }

  async stop(): Promise<void> {
    await this.connection.sendRequest('shutdown').catch(() => undefined);
    await this.connection.sendNotification('exit').catch(() => undefined);
    this.connection.dispose();
    if (this.child.exitCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.child.kill();
          resolve();
        }, 2000);
        this.child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

export function uri(file: string): string {
  return pathToFileURL(file).href;
}

/**
 * Applies a workspace edit to the disk the way an editor does, operation after operation: a file
 * created or renamed onto one that exists is refused, as `overwrite: false` asks.
 */
export function applyWorkspaceEdit(edit: WorkspaceEdit): void {
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) {
      if (change.kind === 'create') {
        const file = fileURLToPath(change.uri);
        if (existsSync(file)) throw new Error(`${file} exists`);
        writeFileSync(file, '');
      } else if (change.kind === 'rename') {
        const to = fileURLToPath(change.newUri);
        if (existsSync(to)) throw new Error(`${to} exists`);
        renameSync(fileURLToPath(change.oldUri), to);
      } else {
        rmSync(fileURLToPath(change.uri), { force: true });
      }
      continue;
    }
    const file = fileURLToPath(change.textDocument.uri);
    const edits = change.edits.map((edit) => {
      if (!('newText' in edit)) throw new Error('the server sends no snippet edits');
      return edit;
    });
    writeFileSync(file, applyTextEdits(readFileSync(file, 'utf8'), edits));
  }
  for (const [target, edits] of Object.entries(edit.changes ?? {})) {
    const file = fileURLToPath(target);
    writeFileSync(file, applyTextEdits(readFileSync(file, 'utf8'), edits));
  }
}
