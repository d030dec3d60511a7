// `npm run bench:check`: only the whole-process figures of `memory-shelf check` (cold, warm, 1% changed)
// against a process that only reads the files, for every corpus and size; the part of `npm run bench`
// that takes minutes rather than most of an hour. BENCH_SIZES, BENCH_CORPORA, BENCH_PROCESS_RUNS as there.
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { CORPUS_KINDS, prepareCorpus, type CorpusKind } from './corpora';
import { measureProcesses, type ProcessRun } from './processes';

const sizes = (process.env.BENCH_SIZES ?? '200,2000,20000').split(',').map(Number);
const corpora = (process.env.BENCH_CORPORA?.split(',') ?? CORPUS_KINDS) as CorpusKind[];
const runs = Number(process.env.BENCH_PROCESS_RUNS ?? 5);
const cliScript = resolve('dist/cli.js');
const readOnlyScript = resolve(dirname(resolve(process.argv[1])), 'readOnlyProcess.js');

const cell = (run: ProcessRun, readOnly: ProcessRun): string => `${Math.round(run.ms).toLocaleString('en-US')} ms, ${(run.ms / readOnly.ms).toFixed(1)}x${run.peakMiB === undefined ? '' : `, ${Math.round(run.peakMiB)} MiB`}`;

console.log(`load average at start ${loadavg().map((value) => value.toFixed(2)).join(' ')}; median of ${runs} rounds, each running every process once`);
for (const kind of corpora) {
  const rows: string[] = [];
  for (const memories of sizes) {
    const corpus = prepareCorpus(kind, memories);
    const figures = measureProcesses(corpus, runs, cliScript, readOnlyScript);
    rows.push(`| ${kind} ${memories.toLocaleString('en-US')} | ${cell(figures.cold, figures.readOnly)} | ${cell(figures.warm, figures.readOnly)} | ${cell(figures.warmChanged, figures.readOnly)} | ${Math.round(figures.readOnly.ms)} ms${figures.readOnly.peakMiB === undefined ? '' : `, ${Math.round(figures.readOnly.peakMiB)} MiB`} |`);
    console.error(rows[rows.length - 1]);
  }
  console.log(['', '| root | cold (`--no-cache`) | warm | 1% changed | read-only process |', '|---|---|---|---|---|', ...rows].join('\n'));
}
console.log(`\nload average at end ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
