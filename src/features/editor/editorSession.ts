import * as vscode from 'vscode';
import { isPinned, planFieldValue, planPinned, planRetypeFileName, typePath, type MemoryFile } from '../../core';
import { assertNever, type EditRefusal, type FormState, type HostMessage, type WebviewMessage } from '../../webview/editor/protocol';
import { isStampPath } from '../../webview/editor/stampFacts';
import { Commands } from '../../commands';
import { anyOf } from '../../workspace/events';
import type { Services } from '../../workspace/services';
import { localized } from '../../workspace/display/localized';
import { memoryTitle } from '../../workspace/display/memoryTitle';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import { editorMemory } from './editorMemory';
import { editorHtml, editorResourceRoots } from './editorHtml';
import { editorStrings } from './editorStrings';
import { buildFormState, fieldValue } from './formState';

/**
 * One open memory editor: the webview shows the document, and every change it asks for becomes a
 * WorkspaceEdit on the document, so undo, dirty state and save are VS Code's own.
 */
export class EditorSession implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private pending: ReturnType<typeof setTimeout> | undefined;
  private lastState: FormState | undefined;
  private readonly stateListeners = new Set<(state: FormState) => void>();
  private readonly refusalListeners = new Set<(message: Extract<HostMessage, { kind: 'refused' }>) => void>();
  private readonly offerListeners = new Set<(message: string) => void>();

  constructor(readonly document: vscode.TextDocument, private readonly panel: vscode.WebviewPanel, private readonly services: Services, extensionUri: vscode.Uri) {
    panel.webview.options = { enableScripts: true, localResourceRoots: editorResourceRoots(extensionUri) };
    panel.webview.html = editorHtml(panel.webview, extensionUri);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: WebviewMessage) => void this.receive(message)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === document && event.contentChanges.length > 0) this.schedule();
      }),
      // Another file's link or the index may change what the form shows, and so may a finished check.
      anyOf<unknown>(services.roots.onDidChange, services.problems.onDidCheck)(() => this.schedule()),
    );
  }

  /** The state last sent to the webview. */
  get state(): FormState | undefined {
    return this.lastState;
  }

  /** Calls `listener` with every state sent from now on (tests wait for the form to update through it). */
  onState(listener: (state: FormState) => void): vscode.Disposable {
    this.stateListeners.add(listener);
    return new vscode.Disposable(() => this.stateListeners.delete(listener));
  }

  /** Calls `listener` with each offer to rename the file after a retype (tests read what the notification says). */
  onRenameOffer(listener: (message: string) => void): vscode.Disposable {
    this.offerListeners.add(listener);
    return new vscode.Disposable(() => this.offerListeners.delete(listener));
  }

  onRefused(listener: (message: Extract<HostMessage, { kind: 'refused' }>) => void): vscode.Disposable {
    this.refusalListeners.add(listener);
    return new vscode.Disposable(() => this.refusalListeners.delete(listener));
  }

  /** Handles one message from the webview; the integration tests drive the editor through here too. */
  async receive(message: WebviewMessage): Promise<void> {
    switch (message.kind) {
      case 'ready':
        this.pushState();
        return;
      case 'setField':
        await this.setField(message.path, message.value, message.base, message.version);
        return;
      case 'setPinned':
        await this.setPinned(message.pinned, message.version);
        return;
      case 'rename':
        if (message.version !== this.document.version && fieldValue(editorMemory(this.services, this.document).memory, 'name') !== message.base) {
          this.refuse('name', 'stale');
          return;
        }
        await vscode.commands.executeCommand(Commands.renameMemory, this.document.uri, message.newName);
        this.pushState();
        return;
      case 'applyFix':
        await this.applyFix(message.code, message.line, message.title);
        this.pushState();
        return;
      case 'openAsText': {
        const position = new vscode.Position(Math.max(0, message.line), 0);
        await vscode.window.showTextDocument(this.document, { viewColumn: this.panel.viewColumn, selection: new vscode.Range(position, position), preview: false });
        return;
      }
      case 'openLink':
        await vscode.commands.executeCommand(Commands.openLink, { source: this.document.uri.toString(), target: message.target });
        return;
      case 'openBacklink': {
        const root = editorMemory(this.services, this.document).root;
        // Only a backlink the form was given: the webview's messages are not trusted to name any file.
        if (!root || !this.lastState?.backlinks.some((backlink) => backlink.path === message.path && backlink.line === message.line)) return;
        const position = new vscode.Position(Math.max(0, message.line), 0);
        await vscode.window.showTextDocument(root.uriOf(message.path), { selection: new vscode.Range(position, position), preview: true });
        return;
      }
      default:
        assertNever(message);
    }
  }

  dispose(): void {
    clearTimeout(this.pending);
    vscode.Disposable.from(...this.disposables).dispose();
    this.stateListeners.clear();
    this.refusalListeners.clear();
    this.offerListeners.clear();
  }

  /**
   * A value typed over a version of the document that has changed since is written only when that key
   * still holds what the person saw: otherwise their text would silently replace someone else's.
   */
  private async setPinned(pinned: boolean, version: number): Promise<void> {
    const { memory } = editorMemory(this.services, this.document);
    if (version !== this.document.version && isPinned(memory) === pinned) {
      this.pushState();
      return;
    }
    const result = planPinned(memory, pinned);
    if (!result.ok) {
      this.refuse('metadata.pinned', result.reason);
      return;
    }
    if (result.edits.length === 0) {
      this.pushState();
      return;
    }
    const edit = new vscode.WorkspaceEdit();
    for (const { range, newText } of result.edits) {
      edit.replace(this.document.uri, new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character), newText);
    }
    if (!(await this.services.edits.applyPrepared(edit))) this.refuse('metadata.pinned', 'failed');
  }

  private async setField(path: string, value: string, base: string, version: number): Promise<void> {
    // Claude Code's stamp records which session wrote the memory and when: the form never rewrites it,
    // even through "Add a key" (the text editor still can, knowingly).
    if (isStampPath(path)) {
      this.refuse(path, 'not-editable');
      return;
    }
    const { memory } = editorMemory(this.services, this.document);
    if (version !== this.document.version && fieldValue(memory, path) !== base) {
      this.refuse(path, 'stale');
      return;
    }
    const result = planFieldValue(memory, path, value);
    if (!result.ok) {
      this.refuse(path, result.reason);
      return;
    }
    if (result.edits.length === 0) {
      this.pushState();
      return;
    }
    const edit = new vscode.WorkspaceEdit();
    for (const { range, newText } of result.edits) {
      edit.replace(this.document.uri, new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character), newText);
    }
    // A file named for its old type (feedback_x.md now a project memory): renaming is offered, as Change Type… offers it.
    const { root, held } = editorMemory(this.services, this.document);
    const retyped = root && held && held.type && (path === 'type' || path === typePath(memory)) ? { root, memory: held, oldType: held.type } : undefined;
    const rename = retyped && planRetypeFileName(retyped.root.store, retyped.memory, retyped.oldType, value.trim());
    if (!(await this.services.problems.typing(this.document.uri, () => this.services.edits.applyPrepared(edit)))) {
      this.refuse(path, 'failed');
      return;
    }
    if (retyped && rename) this.offerRename(retyped.root, retyped.memory, retyped.oldType, value.trim(), rename.newPath);
  }

  private offerRename(root: MemoryRoot, memory: MemoryFile, oldType: string, type: string, newPath: string): void {
    const offer = vscode.l10n.t('Changed the type of "{0}" to {1}. Its file name {2} still says {3}: rename it to {4}?', memoryTitle(root, memory), type, memory.path, oldType, newPath);
    for (const listener of this.offerListeners) listener(offer);
    const rename = vscode.l10n.t('Rename File');
    void vscode.window.showInformationMessage(offer, rename).then((answer) => {
      if (answer === rename) void vscode.commands.executeCommand(Commands.renameAfterRetype, root.uri, [{ path: memory.path, oldType }], type);
    });
  }

  /**
   * Applies the problem's own fix (the one the form showed by that title) through the edit applier, as
   * the light bulb does: its moves announced, its index edits saved. The applier runs the lookup against
   * the current text, so a problem that has gone since the form showed it is left alone: the state sent
   * next no longer lists it.
   */
  private async applyFix(code: string, line: number, title: string): Promise<void> {
    await this.services.edits.apply(() => {
      const found = this.services.problems.problemsAt(this.document);
      const problem = found?.problems.find((candidate) => candidate.code === code && candidate.range.start.line === line);
      const fix = problem?.fixes?.find((candidate) => localized(candidate.titleText, candidate.title) === title);
      return found && fix ? [{ root: found.root.uri, edits: fix.edits }] : undefined;
    });
  }

  private refuse(path: string, reason: EditRefusal): void {
    const message: HostMessage = { kind: 'refused', path, reason, current: fieldValue(editorMemory(this.services, this.document).memory, path) };
    void this.panel.webview.postMessage(message);
    for (const listener of this.refusalListeners) listener(message);
  }

  /** Text changes come in bursts (a rename touches several files): one state per burst. */
  private schedule(): void {
    clearTimeout(this.pending);
    this.pending = setTimeout(() => this.pushState(), 30);
  }

  private pushState(): void {
    clearTimeout(this.pending);
    this.pending = undefined;
    if (this.document.isClosed) return;
    const state = buildFormState(this.document, this.services);
    this.lastState = state;
    const message: HostMessage = { kind: 'state', state, strings: editorStrings() };
    void this.panel.webview.postMessage(message);
    for (const listener of this.stateListeners) listener(state);
  }
}
