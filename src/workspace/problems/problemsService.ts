import * as vscode from 'vscode';
import { type ProblemEngine, type Problem, type RootPath, type RuleContext, type StoreChange } from '../../core';
import { newProblemEngine } from '../../language/engineOptions';
import type { CheckedRoot, LensRoot } from '../../language/memoryLanguage';
import type { Configuration } from '../config/configuration';
import { Disposable } from '../dispose';
import { openDocument } from '../fs';
import type { LiveDocuments } from '../documents/liveDocuments';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryFilesChange, MemoryRoots } from '../roots/memoryRoots';
import { DiagnosticsPublisher } from './diagnosticsPublisher';
import { TypedLines } from './typedLines';
import { rootShapeSetting } from '../roots/rootShape';
import { LineHistories } from './lineHistories';
import { SlicedCheck, type SliceTiming } from './slicedCheck';
import { NO_PROBLEMS, tallyOf, type ProblemTally } from './problemTally';

/** A root whose check takes longer than this shows a progress notification. */
const PROGRESS_AFTER_MS = 1000;

/**
 * When files are checked: one ProblemEngine per root, fed with the roots' store changes; a change
 * re-checks only the files whose problems it changed, and hands them to the {@link DiagnosticsPublisher}.
 *
 * A new set of roots (or of settings) checks every root again in slices that hand the extension host
 * back between them, so the tree shows and typing goes on while the rules run; diagnostics are
 * published file by file as they are settled, and the previous ones stay until then.
 */
export class ProblemsService extends Disposable {
  private readonly diagnostics: DiagnosticsPublisher;
  private readonly engines = new Map<MemoryRoot, ProblemEngine>();
  /** The running check of each root still being checked. */
  private readonly checks = new Map<MemoryRoot, SlicedCheck>();
  private checked: Promise<void> = Promise.resolve();
  private readonly checkedEmitter = this._register(new vscode.EventEmitter<MemoryRoot>());
  private readonly typedLines = new TypedLines();
  /** Fires with a root once all its files are checked: views showing problem counts refresh it. */
  readonly onDidCheck = this.checkedEmitter.event;

  constructor(
    private readonly roots: MemoryRoots,
    private readonly documents: LiveDocuments,
    private readonly config: Configuration,
    private readonly histories: LineHistories = new LineHistories(),
    private readonly timing?: SliceTiming,
  ) {
    super();
    this.diagnostics = this._register(new DiagnosticsPublisher(roots, config));
    this._register(histories);
    this._register(this.typedLines);
    this._register(histories.onDidLearn((uri) => this.historyLearned(uri)));
    this._register(roots.onDidChangeFiles((change) => this.applyChanges(change)));
    this._register(roots.onDidChange((root) => {
      if (!root) this.rebuild();
    }));
    this._register(config.onDidChange((change) => {
      if (change.affects('typesPreset', 'typesCustom', 'indexMaxLines', 'indexMaxCharacters', 'exclude', 'shapeTyping', 'shapeIndex')) this.rebuild();
      else if (change.affects('severity')) this.republishAll();
    }));
    this._register({ dispose: () => this.cancelChecks() });
    this.rebuild();
  }

  /** Resolves once every root of the latest rebuild is checked (a rebuild started meanwhile is waited for too). */
  async whenChecked(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.checked;
      await current;
    } while (current !== this.checked);
  }

  /** The problems core found in a document as the editor shows it now (with their fixes), whatever severity the user gave them. */
  /**
   * `apply`'s change to `uri` is what a person typed into a form field and left: its relative dates
   * count from today however long the value (see {@link TypedLines.typing}).
   */
  typing<T>(uri: vscode.Uri, apply: () => Thenable<T>): Promise<T> {
    return this.typedLines.typing(uri, apply);
  }

  problemsAt(document: vscode.TextDocument): { root: MemoryRoot; path: RootPath; problems: readonly Problem[] } | undefined {
    // The engine's positions are the store's: the text typed in the document goes in first.
    this.documents.flush(document);
    const found = this.roots.rootOf(document.uri);
    const engine = found && this.engines.get(found.root);
    if (!found || !engine) return undefined;
    return { ...found, problems: engine.problemsFor(found.path) };
  }

  /** Whether `root`'s rules are still running after a load or a settings change. */
  isChecking(root: MemoryRoot): boolean {
    return this.checks.has(root);
  }

  /**
   * How VS Code shows `path`'s problems, counted by severity as the tree's hover reports them: the
   * engine's at the user's severities, or, for a file a running check has not settled yet, what the
   * Problems panel still shows for it (a new engine knows nothing of it yet, and counts read 0 until it
   * did, after every settings change and branch switch).
   */
  problemTally(root: MemoryRoot, path: RootPath): ProblemTally {
    if (!this.isSettled(root, path)) return tallyOf(this.diagnostics.shown(root.uriOf(path)));
    const engine = this.engines.get(root);
    return engine ? tallyOf(this.diagnostics.diagnosticsOf(root, engine, path)) : NO_PROBLEMS;
  }

  engineOf(root: MemoryRoot): ProblemEngine | undefined {
    return this.engines.get(root);
  }

  /** What the rules read besides the file, for a root: adapters asking core for more than the engine's problems use it. */
  ruleContext(root: MemoryRoot): RuleContext {
    return {
      store: root.store,
      typeSet: this.config.typeSet(),
      budget: this.config.budget(),
      modifiedTime: (path) => root.modifiedTime(path),
      lineHistory: (path) => this.typedLines.withTyped(root.uriOf(path), root.heldText(path), this.histories.historyOf(root.uriOf(path))),
      indexLoad: root.info.load.index,
    };
  }

  /**
   * `root` as the language layer's answers read a root: its texts, the settings, what its rules read
   * and the problems of its engine (none before its first check). Made on each ask: it holds nothing.
   */
  languageRoot(root: MemoryRoot): LensRoot & CheckedRoot {
    return {
      store: root.store,
      heldText: (path) => root.heldText(path),
      settings: this.config.settings,
      place: { indexLoad: root.info.load.index },
      ruleContext: () => this.ruleContext(root),
      problemsFor: (path) => this.engines.get(root)?.problemsFor(path) ?? [],
    };
  }

  /** A new set of roots, types or budget: every engine starts over, checked in slices. */
  private rebuild(): void {
    this.cancelChecks();
    this.engines.clear();
    this.diagnostics.keepUntilChecked();
    const runs: Promise<boolean>[] = [];
    for (const root of this.roots.roots) runs.push(this.startCheck(root));
    this.checked = Promise.all(runs).then(() => undefined);
  }

  /** Checks every file of `root` with a new engine, in slices, publishing each as it is settled; true once all are. */
  private startCheck(root: MemoryRoot): Promise<boolean> {
    const { typeSet, budget, modifiedTime, lineHistory, indexLoad } = this.ruleContext(root);
    const shape = rootShapeSetting(root, { typing: this.config.settings.shapeTyping, index: this.config.settings.shapeIndex });
    const engine = newProblemEngine(root.store, { typeSet, budget, modifiedTime, lineHistory, indexLoad, exclude: [...this.config.settings.exclude, ...(root.info.exclude ?? [])], shape });
    this.engines.set(root, engine);
    const check = new SlicedCheck(engine, (paths) => this.publish(root, engine, paths), this.timing);
    this.checks.set(root, check);
    // Files the reader refused are not in the store, so no rule waits for them (a cut MEMORY.md is: it waits).
    this.publish(root, engine, root.skippedFiles().filter((skip) => root.heldText(skip.path) === undefined).map((skip) => skip.path));
    return this.follow(root, check);
  }

  /**
   * Many files changed at once (a branch switch, a folder copied in): `root` is checked again from the
   * store as it is, in slices, rather than change by change in one go, which held the extension host
   * for about as long as a whole check (over a second at 20,000 memories). Its diagnostics stay until
   * each file is settled again by a new engine; the files that are gone lose theirs now.
   */
  private recheckRoot(root: MemoryRoot, changes: readonly StoreChange[]): void {
    this.checks.get(root)?.cancel();
    this.checked = Promise.all([this.checked, this.startCheck(root)]).then(() => undefined);
    this.publish(root, this.engines.get(root)!, changes.map((change) => change.path).filter((path) => root.heldText(path) === undefined));
  }

  /** Waits for `check` of `root`, with a progress notification if it takes long; true when it finished. */
  private async follow(root: MemoryRoot, check: SlicedCheck): Promise<boolean> {
    const slow = setTimeout(() => {
      if (!check.isFinished) void this.showProgress(root, check);
    }, PROGRESS_AFTER_MS);
    try {
      const finished = await check.done;
      if (finished) {
        this.checks.delete(root);
        this.diagnostics.dropLeftovers(root);
        this.checkedEmitter.fire(root);
      }
      return finished;
    } catch (error) {
      // A rule that throws must not leave the root half published forever: the next change or refresh retries.
      this.checks.delete(root);
      void vscode.window.showErrorMessage(vscode.l10n.t('Memory Shelf could not check {0}: {1}', root.info.label, String(error)));
      return false;
    } finally {
      clearTimeout(slow);
    }
  }

  private showProgress(root: MemoryRoot, check: SlicedCheck): Thenable<void> {
    const title = vscode.l10n.t('Memory Shelf: checking the memories of {0}', root.info.label);
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, async (progress) => {
      let shown = 0;
      const report = (): void => {
        const percent = Math.floor(check.fraction * 100);
        if (percent > shown) progress.report({ increment: percent - shown, message: `${percent}%` });
        shown = Math.max(shown, percent);
      };
      const timer = setInterval(report, 250);
      try {
        await check.done.catch(() => false);
      } finally {
        clearInterval(timer);
      }
    });
  }

  private cancelChecks(): void {
    for (const check of this.checks.values()) check.cancel();
    this.checks.clear();
  }

  private applyChanges({ root, changes }: MemoryFilesChange): void {
    const engine = this.engines.get(root);
    if (!engine) return;
    const touched = new Set<RootPath>();
    // Typing changes no history (blame reads the disk, and an edited line no longer matches its record):
    // only a file written to disk is asked about again.
    for (const change of changes) {
      const uri = root.uriOf(change.path);
      if (!openDocument(uri)?.isDirty) this.histories.forget(uri);
    }
    if (changes.length >= BULK_CHANGES) return this.recheckRoot(root, changes);
    for (const change of changes) for (const path of engine.applyChange(change)) touched.add(path);
    // A file that turned unreadable leaves the store like a deleted one: its finding is published here.
    for (const change of changes) touched.add(change.path);
    this.publish(root, engine, [...touched].filter((path) => this.isSettled(root, path)));
  }

  /**
   * Whether `path`'s problems are final: a check still running has re-run only some rules on a file
   * it has not reached; that file is published when the check reaches it. A file the store does not
   * hold has no rule problems left to wait for.
   */
  private isSettled(root: MemoryRoot, path: RootPath): boolean {
    const check = this.checks.get(root);
    return !check || check.isSettled(path) || root.heldText(path) === undefined;
  }

  /** A file's version history arrived: its relative dates may now have a better anchor than the file time. */
  private historyLearned(uri: vscode.Uri): void {
    const found = this.roots.rootOf(uri);
    const engine = found && this.engines.get(found.root);
    // A file the running check has not reached gets the history with the rest of its rules.
    if (found && engine?.recheckText(found.path) && this.isSettled(found.root, found.path)) this.publish(found.root, engine, [found.path]);
  }

  private republishAll(): void {
    for (const [root, engine] of this.engines) {
      this.publish(root, engine, [...engine.problemPaths()].filter((path) => this.isSettled(root, path)));
      this.publish(root, engine, root.skippedFiles().map((skip) => skip.path));
    }
  }

  private publish(root: MemoryRoot, engine: ProblemEngine, paths: readonly RootPath[]): void {
    this.diagnostics.publish(root, engine, paths);
  }
}

/** From this many files changed at once, a root is checked again in slices (see ProblemsService.recheckRoot). */
const BULK_CHANGES = 100;
