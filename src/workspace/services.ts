import { Configuration } from './config/configuration';
import { Disposable } from './dispose';
import { LiveDocuments } from './documents/liveDocuments';
import { EditApplier } from './edits/editApplier';
import { unsavedText } from './fs';
import { Log } from './log';
import { ProblemsService } from './problems/problemsService';
import type { HistoryPort } from './history/historyPort';
import { HistoryTexts } from './history/historyTexts';
import { MemoryHistory } from './history/memoryHistory';
import { ReviewService, type ReviewStorage } from './review/reviewService';
import { MemoryRoots } from './roots/memoryRoots';

/**
 * What every feature is handed: built once in `activate`, each the one owner of its concern.
 * - `config`: the typed `memoryShelf.*` settings and their change event.
 * - `roots`: the memory roots, their stores, and the watchers keeping them in step with the disk.
 * - `documents`: open editors, the truth for their files; the current model of a document.
 * - `problems`: diagnostics of every root and the problems (with fixes) behind them.
 * - `edits`: the only way files are changed.
 * - `log`: the "Memory Shelf" output channel.
 * - `history`: every version of every memory seen, shared with the CLI and Claude Code's hook (src/history).
 * - `review`: what waits for a person's review (approvals kept in the history) and its change event.
 */
export interface Services {
  readonly config: Configuration;
  readonly roots: MemoryRoots;
  readonly documents: LiveDocuments;
  readonly problems: ProblemsService;
  readonly edits: EditApplier;
  readonly log: Log;
  readonly history: MemoryHistory;
  /** Read-only documents of recorded versions, for diffs. */
  readonly historyTexts: HistoryTexts;
  readonly review: ReviewService;
}

/** The services, disposed together (in reverse order of creation). */
export class WorkspaceServices extends Disposable implements Services {
  readonly log = this._register(new Log());
  readonly config = this._register(new Configuration());
  readonly roots = this._register(new MemoryRoots(this.config, this.log, unsavedText));
  readonly documents = this._register(new LiveDocuments(this.roots, this.log));
  readonly problems = this._register(new ProblemsService(this.roots, this.documents, this.config));
  readonly edits: EditApplier;
  readonly history: MemoryHistory;
  readonly historyTexts: HistoryTexts;
  readonly review: ReviewService;

  /** `openHistory` opens the shared history store (tests may hand their own). */
  constructor(storage: ReviewStorage, openHistory: (log: Log) => HistoryPort | undefined) {
    super();
    // The undo record outlives a window reload in the workspace's own storage (bounded there).
    this.edits = this._register(new EditApplier(this.roots, this.documents, this.log, storage.workspace));
    this.history = this._register(new MemoryHistory(this.roots, this.config, this.log, openHistory(this.log), () => this.problems.whenChecked()));
    // Whatever one of our edits replaces is kept first.
    this.historyTexts = this._register(new HistoryTexts(this.roots, this.history));
    this.edits.beforeEdit = (uris, read) => this.history.recordBefore(uris, read);
    this.review = this._register(new ReviewService(this.roots, this.documents, this.log, storage, this.history));
  }
}
