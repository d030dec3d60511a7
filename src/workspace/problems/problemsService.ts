import * as vscode from 'vscode';
import { INDEX_FILE_NAME, ProblemEngine, relativeDate, secret, type Problem, type RootPath, type RuleContext, type TextRule } from '../../core';
import { withSkipProblems } from '../../reader';
import type { Configuration } from '../config/configuration';
import { Disposable } from '../dispose';
import type { LiveDocuments } from '../documents/liveDocuments';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryFilesChange, MemoryRoots } from '../roots/memoryRoots';
import { LineHistories } from './lineHistories';
import { effectiveSeverity } from './severity';
import { toDiagnostic } from './toDiagnostic';

/** The rules that read a file's text, on top of the engine's own. */
const TEXT_RULES: readonly TextRule[] = [relativeDate, secret];

/**
 * One ProblemEngine per root, fed with the roots' store changes, publishing to one
 * DiagnosticCollection so the Problems panel shows every memory, open or not. A change republishes
 * only the files whose problems it changed.
 */
export class ProblemsService extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('memoryShelf'));
  private readonly engines = new Map<MemoryRoot, ProblemEngine>();

  constructor(
    private readonly roots: MemoryRoots,
    private readonly documents: LiveDocuments,
    private readonly config: Configuration,
    private readonly histories: LineHistories = new LineHistories(),
  ) {
    super();
    this._register(histories);
    this._register(histories.onDidLearn((uri) => this.historyLearned(uri)));
    this._register(roots.onDidChangeFiles((change) => this.applyChanges(change)));
    this._register(roots.onDidChange((root) => {
      if (!root) this.rebuild();
    }));
    this._register(config.onDidChange((change) => {
      if (change.affects('typesPreset', 'typesCustom', 'indexMaxLines', 'indexMaxCharacters', 'exclude')) this.rebuild();
      else if (change.affects('severity')) this.republishAll();
    }));
    this.rebuild();
  }

  /** The problems core found in a document as the editor shows it now (with their fixes), whatever severity the user gave them. */
  problemsAt(document: vscode.TextDocument): { root: MemoryRoot; path: RootPath; problems: readonly Problem[] } | undefined {
    this.documents.current(document);
    const found = this.roots.rootOf(document.uri);
    const engine = found && this.engines.get(found.root);
    if (!found || !engine) return undefined;
    return { ...found, problems: engine.problemsFor(found.path) };
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
      lineHistory: (path) => this.histories.historyOf(root.uriOf(path)),
    };
  }

  /** A new set of roots, types or budget: every engine starts over. */
  private rebuild(): void {
    this.engines.clear();
    this.collection.clear();
    for (const root of this.roots.roots) {
      const { typeSet, budget, modifiedTime, lineHistory } = this.ruleContext(root);
      const engine = new ProblemEngine(root.store, { typeSet, budget, modifiedTime, lineHistory, textRules: TEXT_RULES, exclude: this.config.settings.exclude });
      engine.checkAll();
      this.engines.set(root, engine);
      for (const path of engine.problemPaths()) this.publish(root, engine, path);
      for (const skip of root.skippedFiles()) this.publish(root, engine, skip.path);
    }
  }

  private applyChanges({ root, changes }: MemoryFilesChange): void {
    const engine = this.engines.get(root);
    if (!engine) return;
    const touched = new Set<RootPath>();
    // Typing changes no history (blame reads the disk, and an edited line no longer matches its record):
    // only a file written to disk is asked about again.
    for (const change of changes) {
      const uri = root.uriOf(change.path);
      if (!this.documents.openDocument(uri)?.isDirty) this.histories.forget(uri);
    }
    for (const change of changes) for (const path of engine.applyChange(change)) touched.add(path);
    // A file that turned unreadable leaves the store like a deleted one: its finding is published here.
    for (const change of changes) touched.add(change.path);
    for (const path of touched) this.publish(root, engine, path);
  }

  /** A file's version history arrived: its relative dates may now have a better anchor than the file time. */
  private historyLearned(uri: vscode.Uri): void {
    const found = this.roots.rootOf(uri);
    const engine = found && this.engines.get(found.root);
    if (found && engine?.recheckText(found.path)) this.publish(found.root, engine, found.path);
  }

  private republishAll(): void {
    this.collection.clear();
    for (const [root, engine] of this.engines) {
      for (const path of engine.problemPaths()) this.publish(root, engine, path);
      for (const skip of root.skippedFiles()) this.publish(root, engine, skip.path);
    }
  }

  private publish(root: MemoryRoot, engine: ProblemEngine, path: RootPath): void {
    const diagnostics: vscode.Diagnostic[] = [];
    // The reader's refusals join the rules' findings, and an index entry to a file that is there but
    // unreadable is not "missing" (the same merge as the CLI's).
    const skipped = root.skippedFiles();
    const concerned = skipped.length > 0 && (path === INDEX_FILE_NAME || skipped.some((skip) => skip.path === path));
    const problems = concerned ? withSkipProblems(engine.problemsFor(path), root.store, skipped).filter((problem) => problem.path === path) : engine.problemsFor(path);
    for (const problem of problems) {
      const severity = effectiveSeverity(problem.code, problem.severity, this.config.settings.severity);
      if (severity !== undefined) diagnostics.push(toDiagnostic(problem, root, severity));
    }
    const uri = root.uriOf(path);
    if (diagnostics.length > 0) this.collection.set(uri, diagnostics);
    else this.collection.delete(uri);
  }
}
