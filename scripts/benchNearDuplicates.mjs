// Bundles and runs bench/nearDuplicates.ts (see there) on the folders given.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

await build({ entryPoints: ['bench/nearDuplicates.ts'], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: 'out/bench-bundle/nearDuplicates.js', logLevel: 'warning' });
const result = spawnSync(process.execPath, ['out/bench-bundle/nearDuplicates.js', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
