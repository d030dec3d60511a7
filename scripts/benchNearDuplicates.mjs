// Bundles and runs bench/nearDuplicates.ts on the folders given (the index alone: CPU time, candidates
// compared, pairs found), or with --edits bench/nearDuplicateEdits.ts (the bench's edit figure alone).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';

const edits = process.argv.includes('--edits');
const entry = edits ? 'nearDuplicateEdits' : 'nearDuplicates';
await build({ entryPoints: [`bench/${entry}.ts`], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: `out/bench-bundle/${entry}.js`, logLevel: 'warning', alias: { vscode: './bench/vscodeShim.ts' } });
const result = spawnSync(process.execPath, [`out/bench-bundle/${entry}.js`, ...process.argv.slice(2).filter((arg) => arg !== '--edits')], { stdio: 'inherit' });
process.exit(result.status ?? 1);
