import * as vscode from 'vscode';
import { Disposable } from '../dispose';

/** What Memory Shelf's own write of an earlier version is: Restore from the history, or Reject in To review. */
export type OwnWriteSource = 'restore' | 'reject';

/** How long after VS Code announced its own save, create, delete or move of a file a change there is the person's. */
const OWN_OPERATION_MS = 5_000;

/**
 * Tells a change VS Code makes (the person's save, create, delete or move, or Memory Shelf's own
 * restore or Reject) from one that arrives on disk from elsewhere (an agent's): VS Code announces its
 * own operations just before they land, and the watcher reports both alike a moment later.
 */
export class OwnWrites extends Disposable {
  /** URIs (or folder prefixes) VS Code is saving, creating, deleting or moving itself, until when. */
  private readonly operations = new Map<string, number>();
  /** What Memory Shelf's own write about to land at a URI is (a restore, a Reject), until when: recorded so rather than as a save. */
  private readonly sources = new Map<string, { readonly source: OwnWriteSource; readonly until: number }>();

  constructor() {
    super();
    this._register(vscode.workspace.onWillSaveTextDocument((event) => this.mark(event.document.uri)));
    this._register(vscode.workspace.onWillCreateFiles((event) => event.files.forEach((uri) => this.mark(uri))));
    this._register(vscode.workspace.onWillDeleteFiles((event) => event.files.forEach((uri) => this.mark(uri))));
    this._register(vscode.workspace.onWillRenameFiles((event) => event.files.forEach(({ oldUri, newUri }) => {
      this.mark(oldUri);
      this.mark(newUri);
    })));
  }

  /**
   * Says that the next save or write of `uri` by VS Code is Memory Shelf putting back an earlier version
   * (`restore`) or Reject doing so (`reject`): the history lists it as that, not as the person's save.
   */
  expect(uri: vscode.Uri, source: OwnWriteSource): void {
    const now = Date.now();
    for (const [key, mark] of this.sources) if (mark.until < now) this.sources.delete(key);
    this.sources.set(uri.toString(), { source, until: now + OWN_OPERATION_MS });
  }

  /** The source of VS Code's own write of `uri`: a restore or Reject announced, else a save. */
  sourceOf(uri: vscode.Uri): OwnWriteSource | 'save' {
    const mark = this.sources.get(uri.toString());
    return mark && mark.until >= Date.now() ? mark.source : 'save';
  }

  /** A restore is recorded once; the person's next save, seconds later, is a save (Show History said "Restored"). */
  recorded(uri: vscode.Uri): void {
    this.sources.delete(uri.toString());
  }

  /**
   * Whether VS Code itself is saving, creating, deleting or moving `uri` (or a folder holding it) just
   * now. A file's own mark is used up by the change it announced, so an agent's write right after is the agent's.
   */
  isOwn(uri: vscode.Uri): boolean {
    const now = Date.now();
    const text = uri.toString();
    for (const [key, until] of this.operations) {
      if (until < now || (text !== key && !text.startsWith(`${key}/`))) continue;
      if (text === key) this.operations.delete(key);
      return true;
    }
    return false;
  }

  private mark(uri: vscode.Uri): void {
    const now = Date.now();
    for (const [key, until] of this.operations) if (until < now) this.operations.delete(key);
    this.operations.set(uri.toString(), now + OWN_OPERATION_MS);
  }
}
