// `npm run bench`: bundles the benchmark with esbuild (no ts-node needed) and runs it.
// BENCH_MEMORIES and BENCH_RUNS change the root size and the number of runs.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

const outfile = 'out/bench/bench.js';
await build({ entryPoints: ['bench/bench.ts'], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'warning' });
const result = spawnSync(process.execPath, [outfile], { stdio: 'inherit' });
process.exit(result.status ?? 1);
