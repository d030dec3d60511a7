import * as vscode from 'vscode';
import { INDEX_FILE_NAME, type RootPath } from '../../core';
import { MAX_MEMORY_BYTES, readBoundedBytes } from '../boundedRead';
import { Disposable } from '../dispose';
import type { LiveDocuments } from '../documents/liveDocuments';
import { openDocument, readDiskText } from '../fs';
import type { Log } from '../log';
import type { MemoryRoots } from '../roots/memoryRoots';
import { JournalStorage } from './journalStorage';
import { ChangeJournal } from './changeJournal';
import { distinctUris } from './fileSnapshots';
import { OwnFileMoves } from './ownFileMoves';
import { firstWriteOutside } from './planBoundary';
import { confirmPlan, plannedFiles } from './planPreview';
import { safeUri, type RootEdits } from './rootEdits';
import { toWorkspaceEdit } from './toWorkspaceEdit';

/** What one edited file held when a plan was made: its text, or null for a file that must not exist yet. */
export interface FileBasis {
  readonly uri: string;
  readonly text: string | null;
}

/** Edits and the texts they were planned from; plain data, so it can travel as a command argument. */
export interface EditPlan {
  readonly changes: readonly RootEdits[];
  /** Filled from the stores by {@link EditApplier.plan}. */
  readonly basis: readonly FileBasis[];
}

/**
 * Makes the edit from the stores as they are now (the editors' pending text applied first): the changes
 * (their basis is taken from the stores), a plan made earlier (a quick fix's, checked against the text it
 * was made from), or undefined when there is nothing to do. The applier runs it again when files moved on.
 */
export type Planner = () => readonly RootEdits[] | EditPlan | undefined;

/**
 * How an edit ended: applied; not planned (the planner declined); refused because its files kept
 * changing (the person was told); or refused by VS Code (a file op that could not be done).
 */
export type ApplyResult = 'applied' | 'not-planned' | 'stale' | 'failed';

/** How an edit is shown: its name in the refactor preview and the undo stack, and whether a person confirms it first. */
export interface ApplyOptions {
  readonly label?: string;
  /** Show the planned changes first; nothing changes until the person applies them. */
  readonly preview?: boolean;
  /**
   * Edited files must resolve inside their root's real path too, judged just before applying: for a
   * file in no memory root (a project's CLAUDE.md), which the reader never vetted.
   */
  readonly editsInsideRoot?: boolean;
  /**
   * Files besides MEMORY.md that belong on disk with the edit (a CLAUDE.md rule, an approved memory):
   * like MEMORY.md, each is saved after the edit unless its editor held unsaved text before.
   */
  readonly save?: readonly vscode.Uri[];
  /**
   * Once applied, a notification saying this, with Undo and Show Changes; a function is asked once the
   * edit is applied, for a message that says what the plan found to do.
   */
  readonly announce?: string | (() => string);
  /** More buttons for that notification (Reveal archive folder). */
  readonly announceActions?: readonly { readonly title: string; readonly run: () => unknown }[];
}

/** A file whose content is no longer what a plan was made from. */
interface StaleFile {
  readonly uri: vscode.Uri;
  readonly document: vscode.TextDocument | undefined;
  /** The plan would have created it, and something is there now. */
  readonly taken: boolean;
}

/** Stands for a file that is there but cannot be read: equal to no plan's text. */
const UNREADABLE = Symbol('unreadable');

/**
 * The one way Memory Shelf changes files: a feature hands a planner (a closure over the stores), the
 * applier runs it against the current text, checks the plan against the files (an open editor's text,
 * else the disk), and applies it as one WorkspaceEdit. A plan whose files changed since it was made is
 * made again from their new text; when they still differ, nothing is applied. It also owns what
 * applying involves: moves it makes, into a root or out of it, are announced to the Explorer move
 * participant ({@link OwnFileMoves}), and MEMORY.md (and any file the caller names) is saved after an
 * edit of ours when it had no unsaved changes before.
 */
export class EditApplier extends Disposable {
  readonly ownMoves = new OwnFileMoves();
  /** What our edits changed, so Undo restores exactly that. */
  readonly journal: ChangeJournal;
  /**
   * Called with the files an edit is about to change, before it changes them (the history keeps what
   * they held); `read` gives a file's bytes on disk. A failure here never stops the edit.
   */
  beforeEdit: ((uris: readonly vscode.Uri[], read: (uri: vscode.Uri) => Promise<Uint8Array | undefined>) => Promise<void>) | undefined;
  /** Indexes a move participant's edit changed: saved once the move is done. */
  private readonly saveAfterMove = new Set<string>();

  constructor(private readonly roots: MemoryRoots, private readonly documents: LiveDocuments, private readonly log: Log, journalMemento?: vscode.Memento) {
    super();
    this.journal = this._register(new ChangeJournal(roots, documents, this.ownMoves, log, (edit, files) => this.applyPrepared(edit, { files }), journalMemento && new JournalStorage(journalMemento)));
    const saveIndexes = async (): Promise<void> => {
      const uris = [...this.saveAfterMove];
      this.saveAfterMove.clear();
      await Promise.all(uris.map((uri) => this.saveWhenDirty(uri)));
    };
    // A delete participant's index edit is saved the same way, once the files are gone.
    this._register(vscode.workspace.onDidRenameFiles(saveIndexes));
    this._register(vscode.workspace.onDidDeleteFiles(saveIndexes));
  }

  /** A plan of `changes` made from what the stores hold now. */
  plan(changes: readonly RootEdits[]): EditPlan {
    const basis = new Map<string, string | null>();
    for (const { root: rootUri, edits } of changes) {
      const root = this.roots.rootAt(rootUri);
      for (const edit of edits) {
        const uri = safeUri(rootUri, edit.path).toString();
        if (edit.kind === 'create') basis.set(uri, null);
        else if (edit.kind === 'edit' && !basis.has(uri)) {
          // A file outside every loaded root has no held text to compare with; VS Code's own version check remains.
          const held = root?.heldText(edit.path);
          if (held !== undefined) basis.set(uri, held);
        }
      }
    }
    return { changes, basis: [...basis].map(([uri, text]) => ({ uri, text })) };
  }

  /** Plans (after applying the editors' pending text), checks and applies; true when the edit was applied. */
  async apply(planner: Planner, options: ApplyOptions = {}): Promise<ApplyResult> {
    const plan = await this.checkedPlan(planner, options.editsInsideRoot === true);
    if (typeof plan === 'string') return plan;
    const label = options.label || vscode.l10n.t('Memory Shelf change');
    if (options.preview) {
      const files = plannedFiles(plan.changes, (root, path) => this.roots.rootAt(root)?.heldText(path));
      if (!(await confirmPlan(files, label, this.journal.texts))) return 'not-planned';
      // The person took their time: what they saw must still be what the files hold.
      const stale = await this.staleFiles(plan);
      if (stale.length > 0) {
        void vscode.window.showErrorMessage(vscode.l10n.t('{0} changed while the edit was being prepared, so nothing was changed. Try again.', stale.map((file) => baseName(file.uri)).join(', ')));
        return 'stale';
      }
    }
    const uris = planUris(plan);
    // Files no editor shows are saved with the edit, as are the index and the files asked for, unless their
    // editor holds text the disk does not; a command that announces its change (and offers Undo) saves
    // every file it changed that had no unsaved text.
    const saved = new Set([
      ...plan.changes.filter((change) => touchesIndex(change)).map((change) => safeUri(change.root, INDEX_FILE_NAME).toString()),
      ...(options.save ?? []).map((uri) => uri.toString()),
    ]);
    const toSave = [...uris, ...(options.save ?? [])].filter((uri) => {
      const document = openDocument(uri);
      return document ? (options.announce !== undefined || saved.has(uri.toString())) && !document.isDirty : true;
    });
    this.ownMoves.expectAll(plan.changes);
    const metadata = { label, needsConfirmation: false };
    let applied = false;
    const entry = await this.journal.record(label, uris, async () => {
      applied = await this.applyPrepared(toWorkspaceEdit(plan.changes, metadata), { files: uris });
      if (!applied) return false;
      for (const uri of toSave) {
        const document = openDocument(uri);
        if (document?.isDirty) await document.save();
      }
      return true;
    });
    if (!applied) {
      this.log.warn(`VS Code refused an edit of ${describeFiles(plan)}`);
      return 'failed';
    }
    if (entry && options.announce) this.journal.announce(entry, typeof options.announce === 'string' ? options.announce : options.announce(), ...(options.announceActions ?? []));
    return 'applied';
  }

  /**
   * Plans and checks an edit that VS Code applies itself (a rename provider's answer, a file-move
   * participant's), announcing its moves. With `saveIndexAfterMove`, MEMORY.md files it edits that had
   * no unsaved changes are saved once the move is done.
   */
  async prepare(planner: Planner, options: { readonly saveIndexAfterMove?: boolean } = {}): Promise<vscode.WorkspaceEdit | undefined> {
    const plan = await this.checkedPlan(planner, false);
    if (typeof plan === 'string') return undefined;
    if (options.saveIndexAfterMove) {
      for (const change of plan.changes.filter(touchesIndex)) {
        const uri = safeUri(change.root, INDEX_FILE_NAME);
        if (!openDocument(uri)?.isDirty) this.saveAfterMove.add(uri.toString());
      }
    }
    this.ownMoves.expectAll(plan.changes);
    // VS Code applies this edit itself, out of our sight: what its files hold is kept now, as for our own edits.
    await this.keepBefore(planUris(plan));
    return toWorkspaceEdit(plan.changes);
  }

  /**
   * Applies an edit already made and checked elsewhere: a rename provider's answer VS Code handed back,
   * or the frontmatter form's change to the open document it was computed from (VS Code's own version
   * check covers it). Every change to files still passes here, so there is one place that applies them.
   * What the edited files hold is kept in the history first: the files its text edits name, and `files`
   * (a WorkspaceEdit does not list its file operations, so a caller that moves or deletes names them).
   */
  async applyPrepared(edit: vscode.WorkspaceEdit, options: { readonly isRefactoring?: boolean; readonly files?: readonly vscode.Uri[] } = {}): Promise<boolean> {
    await this.keepBefore(distinctUris([...edit.entries().map(([uri]) => uri), ...(options.files ?? [])]));
    return vscode.workspace.applyEdit(edit, { isRefactoring: options.isRefactoring });
  }

  /** Hands the files an edit is about to change to the history; its failure never stops the edit. */
  private async keepBefore(uris: readonly vscode.Uri[]): Promise<void> {
    if (uris.length === 0) return;
    await this.beforeEdit?.(uris, readBytes).catch((error: unknown) => this.log.warn('Could not keep the files in the history before an edit', error));
  }

  /** The plan, made again once when its files moved on; why not, when they keep differing or nothing is to be done. */
  private async checkedPlan(planner: Planner, editsInsideRoot: boolean): Promise<EditPlan | 'not-planned' | 'stale' | 'failed'> {
    const plan = await this.currentPlan(planner);
    if (typeof plan === 'string') return plan;
    // Judged after the last look at the files, as near to the write as an extension can be.
    const outside = await firstWriteOutside(plan.changes, { edits: editsInsideRoot });
    if (!outside) return plan;
    this.log.warn(`Not applied: ${outside.toString()} leads out of its folder through a symbolic link`);
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} leads out of its folder through a symbolic link, so nothing was changed.', outside.fsPath || outside.toString()));
    return 'failed';
  }

  private async currentPlan(planner: Planner): Promise<EditPlan | 'not-planned' | 'stale'> {
    for (const root of this.roots.roots) this.documents.flushRoot(root);
    const first = this.run(planner);
    if (!first) return 'not-planned';
    const stale = await this.staleFiles(first);
    if (stale.length === 0) return first;
    for (const file of stale) await this.catchUp(file);
    const second = this.run(planner);
    if (!second) return 'not-planned';
    const still = await this.staleFiles(second);
    if (still.length === 0) return second;
    const names = still.map((file) => baseName(file.uri)).join(', ');
    this.log.warn(`Not applied: ${still.map((file) => file.uri.toString()).join(', ')} changed while the edit was planned`);
    void vscode.window.showErrorMessage(still.every((file) => file.taken)
      ? vscode.l10n.t('{0} already exists in the memory folder.', names)
      : vscode.l10n.t('{0} changed while the edit was being prepared, so nothing was changed. Try again.', names));
    return 'stale';
  }

  private run(planner: Planner): EditPlan | undefined {
    const planned = planner();
    if (!planned) return undefined;
    return 'basis' in planned ? planned : this.plan(planned);
  }

  private async staleFiles(plan: EditPlan): Promise<StaleFile[]> {
    const stale: StaleFile[] = [];
    await Promise.all(plan.basis.map(async ({ uri: key, text: expected }) => {
      const uri = vscode.Uri.parse(key);
      // A file to create must be absent from the disk; VS Code may still hold a document of one that was there.
      const document = expected === null ? undefined : openDocument(uri);
      const actual = document ? document.getText() : await this.diskText(uri);
      if (actual !== (expected ?? undefined)) stale.push({ uri, document, taken: expected === null });
    }));
    return stale;
  }

  /**
   * Brings the store in line with a file that moved on: an editor's unsaved text, else the disk. A
   * clean editor that differs is a copy VS Code has not reloaded: it is left alone, and the plan refused.
   */
  private async catchUp(file: StaleFile): Promise<void> {
    if (file.document) {
      if (file.document.isDirty) this.documents.adopt(file.document);
      return;
    }
    const found = this.roots.rootOf(file.uri);
    if (found) await this.documents.reread(found.root, found.path);
  }

  /** The file's text without BOM, or undefined when nothing is there (a dangling link is something). */
  private async diskText(uri: vscode.Uri): Promise<string | typeof UNREADABLE | undefined> {
    // The memory cap, not the small-file one: an edit's basis may be a large MEMORY.md.
    const text = await readDiskText(uri, (error) => this.log.skipped(`Could not read ${uri.toString()} to check an edit`, error), MAX_MEMORY_BYTES);
    return text === null ? UNREADABLE : text;
  }

  /** Saves a document once the participant's edit has reached it (the extension host hears of it a moment later). */
  private async saveWhenDirty(uri: string): Promise<void> {
    const deadline = Date.now() + 2000;
    for (;;) {
      const document = openDocument(vscode.Uri.parse(uri));
      if (document?.isDirty) {
        await document.save();
        return;
      }
      if (Date.now() > deadline) {
        this.log.warn(`${uri} was not saved after a move: its edit did not arrive`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A file's bytes as the reader would take them (regular file, under the memory cap), or undefined. */
async function readBytes(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  return (await readBoundedBytes(uri, MAX_MEMORY_BYTES)) ?? undefined;
}

/** Every file a plan writes, moves from or to, or deletes. */
function planUris(plan: EditPlan): vscode.Uri[] {
  return distinctUris(plan.changes.flatMap(({ root, edits, movesOut }) => [
    ...edits.flatMap((edit) => (edit.kind === 'rename' ? [safeUri(root, edit.path), safeUri(root, edit.newPath)] : [safeUri(root, edit.path)])),
    ...(movesOut ?? []).flatMap((move) => [safeUri(root, move.path), move.to]),
  ]));
}

function touchesIndex(change: RootEdits): boolean {
  return change.edits.some((edit) => edit.kind === 'edit' && edit.path === INDEX_FILE_NAME);
}

function describeFiles(plan: EditPlan): string {
  return plan.changes.flatMap((change) => [...change.edits, ...(change.movesOut ?? [])].map((edit) => safeUri(change.root, edit.path).toString())).join(', ');
}

function baseName(uri: vscode.Uri): RootPath {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
