import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Corpus } from './corpora';
import { median } from './measure';

/** Wall times of whole processes, in ms (medians): the CLI, a process that only reads the files, and node doing nothing. */
export interface ProcessFigures {
  readonly cli: number;
  readonly readOnly: number;
  readonly nodeStart: number;
}

function wallTime(runs: number, args: readonly string[], accept: (status: number | null) => boolean): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    // Output to /dev/null: the JSON is still made and written, as when piped into another tool.
    const child = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    times.push(performance.now() - start);
    if (!accept(child.status)) throw new Error(`${args.join(' ')} exited with ${child.status}: ${child.stderr}`);
  }
  return median(times);
}

export function measureProcesses(corpus: Corpus, runs: number, cliScript: string, readOnlyScript: string): ProcessFigures {
  return {
    // Exit status 1 means problems were found, which these corpora have; 2 would be a failure.
    cli: wallTime(runs, [cliScript, 'check', '--json', corpus.folder], (status) => status === 0 || status === 1),
    readOnly: wallTime(runs, [readOnlyScript, corpus.folder], (status) => status === 0),
    nodeStart: wallTime(runs, ['-e', '0'], (status) => status === 0),
  };
}
