import * as vscode from 'vscode';
import { ProblemEngine, relativeDate, secret, type Problem, type RootPath, type RuleContext, type TextRule } from '../../core';
import type { Configuration } from '../config/configuration';
import { Disposable } from '../dispose';
import type { LiveDocuments } from '../documents/liveDocuments';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryFilesChange, MemoryRoots } from '../roots/memoryRoots';
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

  constructor(private readonly roots: MemoryRoots, private readonly documents: LiveDocuments, private readonly config: Configuration) {
    super();
    this._register(roots.onDidChangeFiles((change) => this.applyChanges(change)));
    this._register(roots.onDidChange((root) => {
      if (!root) this.rebuild();
    }));
    this._register(config.onDidChange((change) => {
      if (change.affects('typesPreset', 'typesCustom', 'indexMaxLines', 'indexMaxCharacters')) this.rebuild();
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
    return { store: root.store, typeSet: this.config.typeSet(), budget: this.config.budget(), modifiedTime: (path) => root.modifiedTime(path) };
  }

  /** A new set of roots, types or budget: every engine starts over. */
  private rebuild(): void {
    this.engines.clear();
    this.collection.clear();
    for (const root of this.roots.roots) {
      const { typeSet, budget, modifiedTime } = this.ruleContext(root);
      const engine = new ProblemEngine(root.store, { typeSet, budget, modifiedTime, textRules: TEXT_RULES });
      engine.checkAll();
      this.engines.set(root, engine);
      for (const path of engine.problemPaths()) this.publish(root, engine, path);
    }
  }

  private applyChanges({ root, changes }: MemoryFilesChange): void {
    const engine = this.engines.get(root);
    if (!engine) return;
    const touched = new Set<RootPath>();
    for (const change of changes) for (const path of engine.applyChange(change)) touched.add(path);
    for (const path of touched) this.publish(root, engine, path);
  }

  private republishAll(): void {
    this.collection.clear();
    for (const [root, engine] of this.engines) for (const path of engine.problemPaths()) this.publish(root, engine, path);
  }

  private publish(root: MemoryRoot, engine: ProblemEngine, path: RootPath): void {
    const diagnostics: vscode.Diagnostic[] = [];
    for (const problem of engine.problemsFor(path)) {
      const severity = effectiveSeverity(problem.code, problem.severity, this.config.settings.severity);
      if (severity !== undefined) diagnostics.push(toDiagnostic(problem, root, severity));
    }
    const uri = root.uriOf(path);
    if (diagnostics.length > 0) this.collection.set(uri, diagnostics);
    else this.collection.delete(uri);
  }
}
