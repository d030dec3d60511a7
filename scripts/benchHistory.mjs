// `npm run bench:history`: builds dist/hook.js, bundles bench/history.ts and runs it. See bench/history.ts.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

if (spawnSync(process.execPath, ['esbuild.mjs', '--production'], { stdio: 'inherit' }).status !== 0) process.exit(1);
await build({ entryPoints: { history: 'bench/history.ts' }, bundle: true, platform: 'node', format: 'cjs', target: 'node20', outdir: 'out/bench-bundle', logLevel: 'warning' });
const result = spawnSync(process.execPath, ['out/bench-bundle/history.js', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
