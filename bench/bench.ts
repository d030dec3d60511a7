// `npm run bench` (scripts/bench.mjs builds this bundle and runs it with --expose-gc). See README, Performance.
import { writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg, platform, release } from 'node:os';
import { dirname, resolve } from 'node:path';
import { measureBundle } from './bundle';
import { coldLoadChild, measureColdLoad } from './coldLoad';
import { CORPUS_KINDS, prepareCorpus, type CorpusKind } from './corpora';
import { measureEdits } from './edits';
import { measureExtensionLoad } from './extensionLoad';
import { heapChild, measureHeap } from './heap';
import { consumed, measureInProcess } from './inProcess';
import { measureProcesses } from './processes';
import { bundleLines, tables, type SizeResult } from './report';

const FULL_SIZES = [200, 2_000, 20_000];

async function main(argv: readonly string[]): Promise<void> {
  if (argv[0] === '--heap') {
    const { readdirSync } = await import('node:fs');
    const folder = argv[1];
    process.stdout.write(JSON.stringify(heapChild(folder, readdirSync(folder).filter((file) => file.endsWith('.md')))));
    return;
  }
  if (argv[0] === '--cold-load') {
    process.stdout.write(JSON.stringify(await coldLoadChild(argv[1] as CorpusKind, Number(argv[2]))));
    return;
  }
  const quick = argv.includes('--quick');
  const sizes = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : quick ? [200, 2_000] : FULL_SIZES;
  const corpora = (process.env.BENCH_CORPORA?.split(',') ?? CORPUS_KINDS) as CorpusKind[];
  const edits = Number(process.env.BENCH_EDITS ?? 500);
  // Fewer runs of the 20,000 root: on a shared machine a full run must stay a few minutes.
  const runsAt = (size: number): number => Number(process.env.BENCH_RUNS ?? (quick ? 3 : size >= 20_000 ? 3 : 5));
  const processRunsAt = (size: number): number => Number(process.env.BENCH_PROCESS_RUNS ?? (quick ? 3 : size >= 20_000 ? 3 : 5));
  const benchScript = resolve(process.argv[1]);
  const cliScript = resolve('dist/cli.js');
  const readOnlyScript = resolve(dirname(benchScript), 'readOnlyProcess.js');

  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    platform: `${platform()} ${release()}`,
    date: new Date().toISOString(),
    loadAverageAtStart: loadavg().map((value) => Number(value.toFixed(2))),
  };
  console.log(`${machine.cpu}, ${machine.cores} cores, node ${machine.node}, load average ${machine.loadAverageAtStart.join(' ')}`);
  const bundle = measureBundle();
  console.log(bundleLines(bundle));

  const results: SizeResult[] = [];
  for (const kind of corpora) {
    for (const memories of sizes) {
      const corpus = prepareCorpus(kind, memories);
      const runs = runsAt(memories);
      console.log(`\n${kind} ${memories}: ${corpus.files.length} files, ${(corpus.bytes / 1e6).toFixed(1)} MB in ${corpus.folder}; median of ${runs} runs`);
      const inProcess = await measureInProcess(corpus, runs);
      const extensionLoad = await measureExtensionLoad(corpus, runs);
      const coldLoad = measureColdLoad(corpus, benchScript);
      const edit = measureEdits(corpus, edits);
      const heap = measureHeap(corpus, benchScript);
      const processes = measureProcesses(corpus, processRunsAt(memories), cliScript, readOnlyScript);
      const result: SizeResult = { corpus: kind, memories, files: corpus.files.length, bytes: corpus.bytes, inProcess, extensionLoad, coldLoad, edit, heap, processes };
      results.push(result);
      console.log(`  floor ${inProcess.floor.toFixed(0)} ms, readRoot ${inProcess.readRoot.toFixed(0)} ms, store ${inProcess.store.toFixed(0)} ms, store+rules ${inProcess.storeAndRules.toFixed(0)} ms, check cold / warm / 1% changed ${processes.cold.ms.toFixed(0)} / ${processes.warm.ms.toFixed(0)} / ${processes.warmChanged.ms.toFixed(0)} ms vs read-only ${processes.readOnly.ms.toFixed(0)} ms`);
      console.log(`  problems: ${Object.entries(inProcess.problems).map(([code, count]) => `${code} ${count}`).join(', ')}`);
    }
  }
  console.log(`\n${tables(results)}`);
  const full = sizes.join(',') === FULL_SIZES.join(',') && corpora.length === CORPUS_KINDS.length;
  // Only a full run replaces the committed figures; a quick or partial one goes beside the build output.
  const out = process.env.BENCH_OUT ?? (full ? 'bench/results.json' : 'out/bench/results.json');
  mkdirSync(dirname(out), { recursive: true });
  const loadAverageAtEnd = loadavg().map((value) => Number(value.toFixed(2)));
  writeFileSync(out, JSON.stringify({ machine: { ...machine, loadAverageAtEnd }, settings: { sizes, corpora, edits, runs: sizes.map(runsAt), processRuns: sizes.map(processRunsAt) }, bundle, results }, null, 2) + '\n');
  console.log(`written: ${out} (load average at the end ${loadAverageAtEnd.join(' ')})`);
  if (consumed() < 0) console.log('');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
