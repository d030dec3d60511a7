import { createHash } from 'node:crypto';
import { isAtLeast } from '../core';
import type { OutputFormat } from './args';
import type { CheckedRoot, DeferredRoot } from './checkRoot';
import { outputBytes, render } from './output';
import { readCachedOutput, writeCachedOutput } from './resultCache';

/** What `check` prints on stdout, and its exit status. */
export interface PrintedCheck {
  readonly bytes: Buffer;
  readonly exitCode: number;
}

export interface PrintOptions {
  readonly format: OutputFormat;
  readonly failOn: Parameters<typeof isAtLeast>[1];
  /** The CLI's version as SARIF names it. */
  readonly version: string;
  /** Where a run's printed output is kept, and for which build. */
  readonly cache?: { readonly folder: string; readonly version: string };
  /** The folder the roots are named from: the same `check memory` in two projects keeps two outputs. */
  readonly cwd?: string;
}

/**
 * Renders the roots' results. When every root's results are known by their key (their metadata
 * settled), the output is kept under those keys and the format, and printed again as it was while
 * they stay the same: a run where nothing changed then reads no root's results, only the bytes it
 * prints (on 20,000 memories, parsing the results and rendering them was most of such a run).
 */
export async function printedCheck(outcomes: readonly (CheckedRoot | DeferredRoot)[], options: PrintOptions): Promise<PrintedCheck> {
  const cache = options.cache;
  const before = cache ? outputKey(outcomes, options) : undefined;
  if (cache && before) {
    const kept = readCachedOutput(cache.folder, before.slot, before.key, cache.version);
    if (kept) return kept;
  }
  const checked: CheckedRoot[] = [];
  for (const outcome of outcomes) checked.push('results' in outcome ? await outcome.results() : outcome);
  const bytes = outputBytes(render(options.format, checked, options.version));
  const failing = checked.some((root) => root.problems.some((problem) => isAtLeast(problem.severity, options.failOn)));
  const exitCode = failing ? 1 : 0;
  // A deferred root read as a check after all has a key of its own.
  const after = cache ? outputKey(checked, options) : undefined;
  if (cache && after) writeCachedOutput(cache.folder, after.slot, after.key, cache.version, exitCode, bytes);
  return { bytes, exitCode };
}

/** The slot (format, options, and the roots as named and where from) and the key (their results) of a run's output; none unless every root has a settled key. */
function outputKey(outcomes: readonly { readonly argument: string; readonly settledKey?: string }[], options: PrintOptions): { slot: string; key: string } | undefined {
  if (outcomes.length === 0 || outcomes.some((outcome) => outcome.settledKey === undefined)) return undefined;
  const shape = JSON.stringify([options.format, options.failOn, options.version, options.cwd ?? '', outcomes.map((outcome) => outcome.argument)]);
  const slot = createHash('sha256').update(shape).digest('hex').slice(0, 32);
  const key = createHash('sha256').update(shape).update('\u0000').update(JSON.stringify(outcomes.map((outcome) => outcome.settledKey))).digest('hex');
  return { slot, key };
}
