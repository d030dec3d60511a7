import * as vscode from 'vscode';
import type { ProblemEngine, RootPath } from '../../core';
import { problemsOfPath } from '../../reader';
import type { Configuration } from '../config/configuration';
import { Disposable } from '../dispose';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { MemoryRoots } from '../roots/memoryRoots';
import { effectiveSeverity } from './severity';
import { toDiagnostic } from './toDiagnostic';

/**
 * The Problems panel's side of the checks: one DiagnosticCollection for every root, open or not, set
 * from what an engine found (with the reader's refusals and the user's severities), and the
 * diagnostics left from before a rebuild until their root is checked again. It decides nothing about
 * when files are checked: {@link ProblemsService} tells it which files are settled.
 */
export class DiagnosticsPublisher extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('memoryShelf'));
  /** Diagnostics published before the current rebuild and not replaced yet: removed once their root is checked. */
  private readonly leftovers = new Map<string, vscode.Uri>();

  constructor(private readonly roots: MemoryRoots, private readonly config: Configuration) {
    super();
  }

  /** A rebuild starts: a root no longer shown loses its diagnostics now; the others keep theirs until re-checked. */
  keepUntilChecked(): void {
    this.collection.forEach((uri) => {
      if (this.roots.rootOf(uri)) this.leftovers.set(uri.toString(), uri);
      else this.collection.delete(uri);
    });
  }

  /** `root` is checked: what it showed before the check and no settled file replaced is gone from it. */
  dropLeftovers(root: MemoryRoot): void {
    for (const [key, uri] of this.leftovers) {
      if (this.roots.rootOf(uri)?.root !== root) continue;
      this.leftovers.delete(key);
      this.collection.delete(uri);
    }
  }

  /** The diagnostics VS Code shows for `uri` now. */
  shown(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.collection.get(uri) ?? [];
  }

  /**
   * Sets the diagnostics of `paths` in one call: each call of the collection is a message to VS Code
   * and an event, and a check of 2,000 memories published them file by file (also "none" for a file
   * that never had any).
   */
  publish(root: MemoryRoot, engine: ProblemEngine, paths: readonly RootPath[]): void {
    const entries: [vscode.Uri, vscode.Diagnostic[] | undefined][] = [];
    for (const path of paths) {
      const uri = root.uriOf(path);
      this.leftovers.delete(uri.toString());
      const diagnostics = this.diagnosticsOf(root, engine, path);
      if (diagnostics.length > 0) entries.push([uri, diagnostics]);
      else if (this.collection.has(uri)) entries.push([uri, undefined]);
    }
    if (entries.length > 0) this.collection.set(entries);
  }

  /** The diagnostics `path` gets from what `engine` found, at the user's severities (none for a rule turned off). */
  diagnosticsOf(root: MemoryRoot, engine: ProblemEngine, path: RootPath): vscode.Diagnostic[] {
    const diagnostics: vscode.Diagnostic[] = [];
    // The reader's refusals join the rules' findings, and an index entry to a file that is there but
    // unreadable is not "missing" (the same merge as the CLI's).
    const problems = problemsOfPath(engine.problemsFor(path), root.store, root.skippedFiles(), path);
    for (const problem of problems) {
      const severity = effectiveSeverity(problem.code, problem.severity, this.config.settings.severity);
      if (severity !== undefined) diagnostics.push(toDiagnostic(problem, root, severity));
    }
    return diagnostics;
  }
}
