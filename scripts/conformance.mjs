// `npm run conformance`: the real Claude Code client (the pinned dev dependency, or CLAUDE_CODE_VERSION)
// run on every fixture project against a local Messages API stand-in, compared with `memory-shelf preview`.
// Builds first when dist/ or the compiled suite is missing; arguments pass through (fixture ids, --record).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const suite = join(root, 'out', 'test', 'conformance', 'run.js');
if (!existsSync(join(root, 'dist', 'cli.js')) || !existsSync(suite)) {
  for (const script of ['build', 'compile-tests']) {
    const built = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}
const run = spawnSync(process.execPath, [suite, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
