import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { ProblemEngine } from '../src/core';
import { MemoryRoot } from '../src/workspace/roots/memoryRoot';
import { effectiveSeverity } from '../src/workspace/problems/severity';
import { SlicedCheck } from '../src/workspace/problems/slicedCheck';
import { toDiagnostic } from '../src/workspace/problems/toDiagnostic';
import type { Corpus } from './corpora';
import { EVERY_RULE } from './engineOptions';
import { median } from './measure';

/**
 * The extension's load of one root, in ms: until the store is full (the tree can show; the files go
 * into the store as they are read, so this is when the last read ends), and until every diagnostic is made.
 */
export interface ExtensionLoadFigures {
  readonly tree: number;
  readonly diagnostics: number;
  /**
   * The longest the thread was held at once (ms, the largest of the runs): while reading and filling
   * the store, and while checking. What a person typing or opening the tree meanwhile waits at worst.
   */
  readonly longestHold: { readonly load: number; readonly check: number };
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
  const holds = { load: 0, check: 0 };
  // A timer that is due every millisecond fires late by as long as the thread was held.
  const delays = monitorEventLoopDelay({ resolution: 1 });
  const longestHold = (): number => {
    const held = delays.max / 1e6;
    delays.reset();
    return held;
  };
  for (let run = 0; run < runs; run++) {
    delays.enable();
    const start = performance.now();
    const root = new MemoryRoot({ uri: vscode.Uri.file(corpus.folder), kind: 'workspace', label: 'bench', load: { loadedByClaude: true, index: 'entrypoint', detail: '' } });
    await root.load(() => undefined, () => undefined);
    trees.push(performance.now() - start);
    holds.load = Math.max(holds.load, longestHold());
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
    holds.check = Math.max(holds.check, longestHold());
    delays.disable();
    if (made === 0 && !engine.problemPaths().next().done) throw new Error('no diagnostic was made');
  }
  return { tree: median(trees), diagnostics: median(diagnostics), longestHold: holds };
}
