import * as vscode from 'vscode';
import { ProblemEngine, type Problem, type RootPath, type TextRule, type TypeSet } from '../../core';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryFilesChange, MemoryWorkspace } from '../roots/memoryWorkspace';
import { effectiveSeverity, readSeverityOverrides, type SeverityOverrides } from './severity';
import { toDiagnostic } from './toDiagnostic';

export interface ProblemsServiceOptions {
  readonly typeSet: () => TypeSet;
  readonly textRules: readonly TextRule[];
}

/**
 * One ProblemEngine per root, fed with the workspace's store changes, publishing to one
 * DiagnosticCollection so the Problems panel shows every memory, open or not. A change republishes
 * only the files whose problems it changed.
 */
export class ProblemsService implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('memoryShelf');
  private readonly engines = new Map<MemoryRoot, ProblemEngine>();
  private readonly disposables: vscode.Disposable[];
  private overrides: SeverityOverrides = readSeverityOverrides();

  constructor(private readonly workspace: MemoryWorkspace, private readonly options: ProblemsServiceOptions) {
    this.disposables = [
      this.collection,
      workspace.onDidChangeFiles((change) => this.applyChanges(change)),
      workspace.onDidChange((root) => {
        if (!root) this.rebuild();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('memoryShelf.severity')) {
          this.overrides = readSeverityOverrides();
          this.republishAll();
        } else if (event.affectsConfiguration('memoryShelf.types') || event.affectsConfiguration('memoryShelf.index')) {
          this.rebuild();
        }
      }),
    ];
    this.rebuild();
  }

  /**
   * The problems core found in a document (with their fixes), whatever severity the user gave them,
   * after applying any text the user typed in the last moments.
   */
  problemsAt(document: vscode.TextDocument): { root: MemoryRoot; path: RootPath; problems: readonly Problem[] } | undefined {
    this.workspace.flush(document);
    const found = this.workspace.rootOf(document.uri);
    const engine = found && this.engines.get(found.root);
    if (!found || !engine) return undefined;
    return { ...found, problems: engine.problemsFor(found.path) };
  }

  /** The root whose folder is `uri`. */
  rootAt(uri: vscode.Uri): MemoryRoot | undefined {
    return [...this.engines.keys()].find((root) => root.uri.toString() === uri.toString());
  }

  engineOf(root: MemoryRoot): ProblemEngine | undefined {
    return this.engines.get(root);
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }

  /** A new set of roots, types or budget: every engine starts over. */
  private rebuild(): void {
    this.engines.clear();
    this.collection.clear();
    const config = vscode.workspace.getConfiguration('memoryShelf');
    const budget = { maxLines: config.get<number>('index.maxLines', 200), maxChars: config.get<number>('index.maxCharacters', 25_000) };
    for (const root of this.workspace.roots) {
      const engine = new ProblemEngine(root.store, {
        typeSet: this.options.typeSet(),
        budget,
        modifiedTime: (path) => root.modifiedTime(path),
        textRules: this.options.textRules,
      });
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
      const severity = effectiveSeverity(problem.code, problem.severity, this.overrides);
      if (severity !== undefined) diagnostics.push(toDiagnostic(problem, root, severity));
    }
    const uri = root.uriOf(path);
    if (diagnostics.length > 0) this.collection.set(uri, diagnostics);
    else this.collection.delete(uri);
  }
}
