// `npm run bench:check`: builds the production bundles and runs bench/checkProcesses.ts. See there.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

if (spawnSync(process.execPath, ['esbuild.mjs', '--production'], { stdio: 'inherit' }).status !== 0) process.exit(1);
await build({ entryPoints: { checkProcesses: 'bench/checkProcesses.ts', readOnlyProcess: 'bench/readOnlyProcess.ts' }, bundle: true, platform: 'node', format: 'cjs', target: 'node20', outdir: 'out/bench-bundle', logLevel: 'warning' });
const result = spawnSync(process.execPath, ['out/bench-bundle/checkProcesses.js', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
