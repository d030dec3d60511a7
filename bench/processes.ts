import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Corpus } from './corpora';
import { median } from './measure';

/** One kind of process: its wall time in ms and its peak resident memory in MiB (medians of the runs). */
export interface ProcessRun {
  readonly ms: number;
  /** Undefined where the machine has no /usr/bin/time to tell it. */
  readonly peakMiB?: number;
}

/**
 * Whole processes, run in turn (each round runs every kind once, so all see the same minute): the CLI
 * with no cache, with the cache holding this very root, and with the cache holding the root as it was
 * before 1% of its memories changed; a process that only reads the files; node doing nothing.
 */
export interface ProcessFigures {
  readonly cold: ProcessRun;
  readonly warm: ProcessRun;
  readonly warmChanged: ProcessRun;
  readonly readOnly: ProcessRun;
  readonly nodeStart: number;
}

const TIME = '/usr/bin/time';

function runOnce(args: readonly string[], env: NodeJS.ProcessEnv, accept: (status: number | null) => boolean): { ms: number; peakMiB?: number } {
  const timed = existsSync(TIME);
  const start = performance.now();
  // Output to /dev/null: the JSON is still made and written, as when piped into another tool.
  const child = timed
    ? spawnSync(TIME, ['-f', '%M', process.execPath, ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env })
    : spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env });
  const ms = performance.now() - start;
  if (!accept(child.status)) throw new Error(`${args.join(' ')} exited with ${child.status}: ${child.stderr}`);
  const kib = timed ? Number(/(\d+)\s*$/.exec(child.stderr)?.[1]) : NaN;
  return Number.isFinite(kib) ? { ms, peakMiB: kib / 1024 } : { ms };
}

function medianRun(runs: readonly { ms: number; peakMiB?: number }[]): ProcessRun {
  const peaks = runs.flatMap((run) => (run.peakMiB === undefined ? [] : [run.peakMiB]));
  return peaks.length > 0 ? { ms: median(runs.map((run) => run.ms)), peakMiB: median(peaks) } : { ms: median(runs.map((run) => run.ms)) };
}

/** Appends a line to every hundredth memory (1%), a different one each round, as an agent's edits would. */
function changeOnePercent(folder: string, round: number): void {
  const memories = readdirSync(folder).filter((file) => file.endsWith('.md') && file !== 'MEMORY.md').sort();
  for (let at = round % 100; at < memories.length; at += 100) appendFileSync(join(folder, memories[at]), `\nChecked again in round ${round}.\n`);
}

export function measureProcesses(corpus: Corpus, runs: number, cliScript: string, readOnlyScript: string): ProcessFigures {
  // A copy the 1% edits may change, and cache folders of the bench's own, never the user's.
  const scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-bench-processes-'));
  try {
    const copy = join(scratch, 'root');
    cpSync(corpus.folder, copy, { recursive: true });
    const warmCache = { ...process.env, MEMORY_SHELF_CACHE_DIR: join(scratch, 'cache-warm') };
    const changedCache = { ...process.env, MEMORY_SHELF_CACHE_DIR: join(scratch, 'cache-changed') };
    // Exit status 1 means problems were found, which these corpora have; 2 would be a failure.
    const found = (status: number | null): boolean => status === 0 || status === 1;
    const check = (folder: string, env: NodeJS.ProcessEnv, ...extra: string[]) => runOnce([cliScript, 'check', '--json', ...extra, folder], env, found);
    // Filled once, not timed.
    check(corpus.folder, warmCache);
    check(copy, changedCache);
    const cold = [], warm = [], warmChanged = [], readOnly = [], nodeStart = [];
    for (let round = 0; round < runs; round++) {
      cold.push(check(corpus.folder, process.env, '--no-cache'));
      warm.push(check(corpus.folder, warmCache));
      changeOnePercent(copy, round);
      warmChanged.push(check(copy, changedCache));
      readOnly.push(runOnce([readOnlyScript, corpus.folder], process.env, (status) => status === 0));
      nodeStart.push(runOnce(['-e', '0'], process.env, (status) => status === 0));
    }
    return { cold: medianRun(cold), warm: medianRun(warm), warmChanged: medianRun(warmChanged), readOnly: medianRun(readOnly), nodeStart: median(nodeStart.map((run) => run.ms)) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
