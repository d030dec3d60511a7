// `npm run bench [-- --quick]`: builds the production bundles (the CLI measured is the one that ships),
// packages the .vsix into the temp folder to weigh it, bundles the benchmark with esbuild (`vscode`
// aliased to bench/vscodeShim.ts, so the extension's load path runs outside VS Code) and runs it with
// --expose-gc. Environment: BENCH_SIZES=200,2000 BENCH_CORPORA=stress,realistic BENCH_RUNS BENCH_PROCESS_RUNS
// BENCH_EDITS BENCH_OUT. The corpora are generated, seeded, into the temp folder, never into the repository.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', ...options });

if (run(process.execPath, ['esbuild.mjs', '--production']).status !== 0) process.exit(1);

const packaged = join(tmpdir(), 'memory-shelf-bench', 'memory-shelf.vsix');
mkdirSync(join(tmpdir(), 'memory-shelf-bench'), { recursive: true });
rmSync(packaged, { force: true });
// The same vsce call as `npm run package`, written to the temp folder; vsce needs no network for this.
const vsce = run(join('node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', packaged], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
const env = { ...process.env, ...(vsce.status === 0 ? { BENCH_VSIX: packaged } : { BENCH_VSIX_NOTE: `vsce failed: ${(vsce.stderr ?? String(vsce.error)).trim().split('\n').pop()}` }) };

await build({
  entryPoints: { bench: 'bench/bench.ts', readOnlyProcess: 'bench/readOnlyProcess.ts' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Not out/bench: the type check of the tests compiles bench/*.ts there, and a run must not load those.
  outdir: 'out/bench-bundle',
  alias: { vscode: './bench/vscodeShim.ts' },
  logLevel: 'warning',
});
const result = run(process.execPath, ['--expose-gc', 'out/bench-bundle/bench.js', ...process.argv.slice(2)], { env });
process.exit(result.status ?? 1);
