// `npm test`: build (with the type check), lint, unit tests, then the integration suite, UI checks and the packaged .vsix in a real VS Code,
// and Neovim with the language server as docs/lsp.md sets it up.
//   --unit         unit tests only (after the build)
//   --integration  skip the unit tests
// Ends with one line `N passed, N failed` summed over the stages; exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, setup } from './vscode/setup.mjs';

const args = new Set(process.argv.slice(2));
const runUnit = !args.has('--integration');
const runIntegration = !args.has('--unit');
const stages = [];

async function stage(name, fn) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  let result;
  try {
    result = await fn();
  } catch (err) {
    console.error(`[${name}] ERROR: ${err?.message ?? err}`);
    result = { passed: 0, failed: 1 };
  }
  const seconds = (Date.now() - started) / 1000;
  stages.push({ name, ...result, seconds });
  console.log(`--- ${name}: ${result.passed} passed, ${result.failed} failed (${seconds.toFixed(1)} s)`);
  return result;
}

function finish() {
  const passed = stages.reduce((n, s) => n + s.passed, 0);
  const failed = stages.reduce((n, s) => n + s.failed, 0);
  console.log('\n=== summary ===');
  for (const s of stages) console.log(`${s.name.padEnd(12)} ${String(s.passed).padStart(4)} passed ${String(s.failed).padStart(3)} failed  ${s.seconds.toFixed(1).padStart(6)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

function npmRun(script) {
  const r = spawnSync('npm', ['run', '--silent', script], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`\`npm run ${script}\` failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`.trimEnd());
}

function unitTests() {
  const dir = join(REPO_ROOT, 'out', 'test', 'unit');
  const files = existsSync(dir)
    ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.test.js')).sort().map((f) => join(dir, f))
    : [];
  if (files.length === 0) {
    console.log('no unit tests');
    return { passed: 0, failed: 0 };
  }
  // Its own process, so a unit test's leftovers (timers, handles) cannot hang or skew this runner.
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js'),
    '--ui', 'bdd', '--reporter', 'spec', '--no-color', '--timeout', '10000', ...files], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(r.stdout);
  const count = (word) => Number(new RegExp(`^\\s*(\\d+) ${word}`, 'm').exec(r.stdout)?.[1] ?? 0);
  const passed = count('passing');
  let failed = count('failing');
  if (r.status !== 0 && failed === 0) {
    failed = 1; // mocha could not load or run the files, or died mid-run: say how, or the log ends mid-list
    console.log(`mocha ended without a summary: ${r.error ? r.error.message : `exit ${r.status ?? r.signal}`}`);
  }
  return { passed, failed };
}

function conformance() {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'out', 'test', 'conformance', 'run.js')], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(r.stdout);
  const tally = /^(\d+) passed, (\d+) failed$/m.exec(r.stdout);
  if (!tally) return { passed: 0, failed: 1 };
  return { passed: Number(tally[1]), failed: Number(tally[2]) };
}

const build = await stage('build', () => {
  npmRun('build');
  npmRun('compile-tests'); // tsc over src and test: the one type check
  return { passed: 0, failed: 0 }; // a build is not a test; it counts only when it fails
});
if (build.failed) finish();
// ESLint with the layering rule (about 4 s of CPU); like the build, it counts only when it fails.
await stage('lint', () => {
  npmRun('lint');
  return { passed: 0, failed: 0 };
});

if (runUnit) await stage('unit', unitTests);
// The real Claude Code client (pinned dev dependency) against a local Messages API stand-in: what it
// loads, and what its tool calls do through the hook, must agree with the preview and the history.
if (runUnit) await stage('conformance', conformance);
if (runIntegration) {
  const ready = await stage('setup', async () => { await setup(); return { passed: 0, failed: 0 }; });
  if (!ready.failed) {
    const { runSuite } = await import('./vscode/runSuite.mjs');
    const { uiCheck } = await import('./vscode/uiCheck.mjs');
    const { uiNewUser } = await import('./vscode/uiNewUser.mjs');
    const { vsixCheck, packageVsix } = await import('./vscode/vsixCheck.mjs');
    const { runRestrictedSuite } = await import('./vscode/runRestrictedSuite.mjs');
    const { uiShapes } = await import('./vscode/uiShapes.mjs');
    const { uiHistory } = await import('./vscode/uiHistory.mjs');
    const { uiOracle } = await import('./vscode/uiOracle.mjs');
    const { uiRound3 } = await import('./vscode/uiRound3.mjs');
    const { uiSessionPreview } = await import('./vscode/uiSessionPreview.mjs');
    const { uiWelcome } = await import('./vscode/uiWelcome.mjs');
    await stage('integration', () => runSuite());
    await stage('restricted', () => runRestrictedSuite());
    // Each UI check starts its own code-server on its own workspace; the stage counts them together: the
    // sample folder's checks, the new user's walk on real-shaped Korean and Japanese folders, the memory
    // shapes of current Claude Code, the history, and the session preview and budget lens against what
    // Claude Code was seen to load (AGENTS.md, a neutralized index, pinned lessons), and round 3 of everyday
    // use (a typed date's anchor, retype, a stub merged, Load in Claude Code and Reject All with Undo), and
    // the session preview panel (its files in load order, the cut, memory/ offered to load), and an empty
    // folder's welcome view (where the auto memory is, Create memory/ offering its import).
    await stage('ui', async () => {
      const tallies = [await uiCheck(), await uiNewUser(), await uiShapes(), await uiHistory(), await uiOracle(), await uiRound3(), await uiSessionPreview(), await uiWelcome()];
      return { passed: tallies.reduce((sum, t) => sum + t.passed, 0), failed: tallies.reduce((sum, t) => sum + t.failed, 0) };
    });
    // The .vsix as a user installs it, in English, Korean and Japanese.
    await stage('vsix', () => vsixCheck({ vsix: packageVsix() }));
    const { nvimCheck } = await import('./lsp/nvimCheck.mjs');
    await stage('nvim', () => {
      const result = nvimCheck();
      for (const line of result.lines) console.log(line);
      // Setup installs Neovim; a machine where it could not is told, not passed.
      return result.skipped ? { passed: 0, failed: 1 } : result;
    });
  }
}
finish();
