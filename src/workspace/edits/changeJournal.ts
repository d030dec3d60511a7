import * as vscode from 'vscode';
import { Disposable } from '../dispose';
import type { LiveDocuments } from '../documents/liveDocuments';
import { openDocument } from '../fs';
import type { Log } from '../log';
import type { MemoryRoots } from '../roots/memoryRoots';
import { snapshot, type FileState } from './fileSnapshots';
import type { OwnFileMoves } from './ownFileMoves';
import { ChangeTexts } from './changeTexts';
import type { JournalStorage } from './journalStorage';

/** One change Memory Shelf made: every file it touched, as it was before and right after. */
export interface JournalEntry {
  readonly id: number;
  readonly label: string;
  /** When the change was made (ms since the epoch). */
  readonly at: number;
  readonly before: readonly FileState[];
  readonly after: readonly FileState[];
  /** Read back from the workspace's storage after a reload, not made in this window. */
  readonly restored?: true;
}

/** How an undo ended: done; refused since a file moved on (nothing changed); not in the journal any more; or refused by VS Code. */
export type UndoResult = 'undone' | 'moved-on' | 'unknown' | 'failed';

const KEPT_ENTRIES = 20;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/**
 * Memory Shelf's own record of what its commands changed, so Undo restores exactly that: not Ctrl+Z,
 * whose stack belongs to whatever had the focus (it undid an unrelated rename, or half a promotion).
 * Before undoing, each file must still be what the change left; if one moved on, nothing is changed.
 */
export class ChangeJournal extends Disposable {
  private readonly entries: JournalEntry[] = [];
  private nextId = 1;
  readonly texts = this._register(new ChangeTexts());

  constructor(
    private readonly roots: MemoryRoots,
    private readonly documents: LiveDocuments,
    private readonly ownMoves: OwnFileMoves,
    private readonly log: Log,
    private readonly applyEdit: (edit: vscode.WorkspaceEdit, files: readonly vscode.Uri[]) => Promise<boolean>,
    private readonly storage?: JournalStorage,
  ) {
    super();
    this.reload();
  }

  /**
   * Takes the entries kept in the workspace's storage as the journal (what a window reload does). They
   * are only offered to "Undo Last Memory Shelf Change"; nothing is applied from them unasked.
   */
  reload(): void {
    if (!this.storage) return;
    this.entries.length = 0;
    for (const entry of this.storage.load()) this.entries.push({ ...entry, restored: true });
    this.nextId = Math.max(this.nextId, ...this.entries.map((entry) => entry.id + 1));
  }

  private persist(): void {
    if (this.storage) void this.storage.save(this.entries).catch((error: unknown) => this.log.warn(`The undo record was not kept for the next window: ${String(error)}`));
  }

  /** Runs `change` (true when it changed the files) between two snapshots of `uris`; the entry, when it did. */
  async record(label: string, uris: readonly vscode.Uri[], change: () => Promise<boolean>): Promise<JournalEntry | undefined> {
    const before = await snapshot(this.documents, uris);
    if (!(await change())) return undefined;
    const after = await snapshot(this.documents, uris);
    // A file that could not be read before or after cannot be put back as it was: no Undo is offered for it.
    if ([...before, ...after].some((state) => state.unreadable)) return undefined;
    const entry: JournalEntry = { id: this.nextId++, label, at: Date.now(), before, after };
    if (!before.some((state, i) => state.text !== after[i].text)) return undefined;
    this.entries.push(entry);
    if (this.entries.length > KEPT_ENTRIES) this.entries.shift();
    this.persist();
    return entry;
  }

  get last(): JournalEntry | undefined {
    return this.entries.at(-1);
  }

  /**
   * Says what was done, with Undo and Show Changes. Resolves once the person chose (or dismissed it);
   * the notification never blocks the command that made the change.
   */
  announce(entry: JournalEntry, message: string, ...more: readonly { readonly title: string; readonly run: () => unknown }[]): void {
    const undo = vscode.l10n.t('Undo');
    const show = vscode.l10n.t('Show Changes');
    void vscode.window.showInformationMessage(message, undo, show, ...more.map((action) => action.title)).then(async (answer) => {
      if (answer === undo) await this.undoAndSay(entry);
      else if (answer === show) await this.showChanges(entry);
      else await more.find((action) => action.title === answer)?.run();
    });
  }

  /** Undoes the newest change still in the journal, telling the person how it went. */
  async undoLast(): Promise<UndoResult> {
    const entry = this.last;
    if (!entry) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Memory Shelf has made no change here that can still be undone.'));
      return 'unknown';
    }
    return this.undoAndSay(entry);
  }

  async undoAndSay(entry: JournalEntry): Promise<UndoResult> {
    const result = await this.undo(entry);
    if (result === 'undone') void vscode.window.showInformationMessage(vscode.l10n.t('Undone: {0}.', entry.label));
    if (result === 'unknown') void vscode.window.showInformationMessage(vscode.l10n.t('"{0}" was already undone.', entry.label));
    if (result === 'failed') void vscode.window.showErrorMessage(vscode.l10n.t('"{0}" could not be undone; nothing was changed.', entry.label));
    return result;
  }

  /** Puts every file back as it was before `entry`, when each is still what the change left. */
  async undo(entry: JournalEntry): Promise<UndoResult> {
    const at = this.entries.indexOf(entry);
    if (at < 0) return 'unknown';
    // From another window: only files of the memory folders loaded now are put back.
    const outside = entry.restored ? entry.after.filter((state) => !this.roots.rootOf(state.uri)) : [];
    if (outside.length > 0) {
      this.log.info(`Not undone (${entry.label}): ${outside.map((state) => state.uri.toString()).join(', ')} is in no memory folder loaded now`);
      void vscode.window.showWarningMessage(vscode.l10n.t('"{0}" was made in an earlier window and touched {1}, which is in no memory folder shown now, so nothing was undone.', entry.label, outside.map((state) => baseName(state.uri)).join(', ')));
      return 'moved-on';
    }
    const now = await snapshot(this.documents, entry.after.map((state) => state.uri));
    const movedOn = now.filter((state, i) => state.unreadable || state.text !== entry.after[i].text);
    if (movedOn.length > 0) {
      const names = movedOn.map((state) => baseName(state.uri)).join(', ');
      this.log.info(`Not undone (${entry.label}): ${movedOn.map((state) => state.uri.toString()).join(', ')} changed since`);
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} changed after "{1}", so nothing was undone.', names, entry.label));
      return 'moved-on';
    }
    const edit = new vscode.WorkspaceEdit();
    const metadata = { label: vscode.l10n.t('Undo {0}', entry.label), needsConfirmation: false };
    const toSave: vscode.Uri[] = [];
    for (const [i, before] of entry.before.entries()) {
      const after = entry.after[i];
      if (before.text === after.text) continue;
      if (before.text === null) {
        // Our own deletion: the delete participant must not plan the index edit this undo already makes.
        this.ownMoves.expect(before.uri, undefined);
        edit.deleteFile(before.uri, { ignoreIfNotExists: true }, metadata);
      } else if (after.text === null) {
        const bytes = before.bytes && decoder.decode(before.bytes) === before.text ? before.bytes : encoder.encode(before.text);
        edit.createFile(before.uri, { contents: bytes, overwrite: false }, metadata);
      } else {
        const document = await vscode.workspace.openTextDocument(before.uri);
        if (!document.isDirty) toSave.push(before.uri);
        edit.replace(before.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), before.text, metadata);
      }
    }
    if (!(await this.applyEdit(edit, entry.after.map((state) => state.uri)))) {
      this.log.warn(`VS Code refused to undo ${entry.label}`);
      return 'failed';
    }
    this.entries.splice(this.entries.indexOf(entry), 1);
    this.persist();
    for (const uri of toSave) {
      const document = openDocument(uri);
      if (document?.isDirty) await document.save();
    }
    // A file that left and came back within moments can look unchanged to a watcher: read it now.
    for (const { uri } of entry.before) {
      const found = this.roots.rootOf(uri);
      if (found) await this.documents.reread(found.root, found.path);
    }
    return 'undone';
  }

  /** The files as they were before the change beside what they are now, in one multi-file diff. */
  async showChanges(entry: JournalEntry): Promise<void> {
    const resources = entry.before.flatMap((before, i) => {
      const after = entry.after[i];
      if (before.text === after.text) return [];
      const original = before.text === null ? undefined : this.texts.put(before.uri, before.text);
      const modified = after.text === null ? undefined : after.uri;
      return [[before.uri, original, modified] as [vscode.Uri, vscode.Uri | undefined, vscode.Uri | undefined]];
    });
    await vscode.commands.executeCommand('vscode.changes', entry.label, resources);
  }
}

function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
