import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { ProblemEngine } from '../src/core';
import { MemoryRoot } from '../src/workspace/roots/memoryRoot';
import { effectiveSeverity } from '../src/workspace/problems/severity';
import { SlicedCheck } from '../src/workspace/problems/slicedCheck';
import { toDiagnostic } from '../src/workspace/problems/toDiagnostic';
import type { Corpus } from './corpora';
import { EVERY_RULE } from './engineOptions';
import { median } from './measure';

/** The extension's load of one root, in ms: until the store is full (the tree can show), and until every diagnostic is made. */
export interface ExtensionLoadFigures {
  readonly tree: number;
  readonly diagnostics: number;
}

/**
 * The extension's own load path outside VS Code (`vscode` is bench/vscodeShim.ts in this bundle):
 * MemoryRoot.load through the workspace.fs reader host, then what ProblemsService does for a new
 * root: one engine, every rule run in slices that hand the thread back between them (SlicedCheck),
 * a diagnostic made for each file as its problems are settled. What VS Code itself adds (the tree's
 * rendering, the Problems panel) is not in it: loadTiming.test.ts prints that, in a real VS Code.
 */
export async function measureExtensionLoad(corpus: Corpus, runs: number): Promise<ExtensionLoadFigures> {
  const trees: number[] = [];
  const diagnostics: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const root = new MemoryRoot({ uri: vscode.Uri.file(corpus.folder), kind: 'workspace', label: 'bench', load: { loadedByClaude: true, detail: '' } });
    await root.load(() => undefined, () => undefined);
    trees.push(performance.now() - start);
    const engine = new ProblemEngine(root.store, { ...EVERY_RULE, modifiedTime: (path) => root.modifiedTime(path) });
    let made = 0;
    const check = new SlicedCheck(engine, (paths) => {
      for (const path of paths) {
        for (const problem of engine.problemsFor(path)) {
          const severity = effectiveSeverity(problem.code, problem.severity, {});
          if (severity !== undefined && toDiagnostic(problem, root, severity)) made++;
        }
      }
    });
    if (!(await check.done)) throw new Error('the check stopped before the end');
    diagnostics.push(performance.now() - start);
    if (made === 0 && !engine.problemPaths().next().done) throw new Error('no diagnostic was made');
  }
  return { tree: median(trees), diagnostics: median(diagnostics) };
}
