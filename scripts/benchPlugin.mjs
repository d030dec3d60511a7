// `npm run bench:plugin`: the Claude Code plugin in the real client (the pinned one, offline against the
// conformance stand-in) on a generated memory folder of BENCH_SIZE memories (default 2,000, the
// realistic corpus of `npm run bench`) copied into the session's auto memory folder. Each run writes two
// memories, with a pause between them as a model's turn would leave, and reads Claude Code's own debug
// log for the times:
//   - language server start: Claude Code starts it at the first file a tool touches -> initialize answered;
//   - first write -> its first diagnostics received (the server is cold: its own text checked alone),
//     and -> its last ones before the next write (those that need the folder read and checked);
//   - a later write -> its first diagnostics received (warm);
//   - what the plugin adds to a session: the Write tool's own duration, the hooks it runs before and
//     after each file tool, and the wall time of the same scripted session with and without the plugin.
// Needs `npm run compile-tests` (the stand-in and the corpus generator). Prints figures; asserts nothing.
// Environment: BENCH_SIZE=2000 BENCH_RUNS=3.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const { prepareCorpus } = require(resolve('out/bench/corpora.js'));
const { startStandIn } = require(resolve('out/test/conformance/standIn.js'));
const { claudeBinary, runClaude } = require(resolve('out/test/conformance/client.js'));

const size = Number(process.env.BENCH_SIZE ?? 2000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const THINK_MS = 3000;

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'memory-shelf-plugin-bench-')));
const plugin = join(scratch, 'memory-shelf');
const packaged = spawnSync(process.execPath, ['scripts/packagePlugin.mjs', '--out', plugin, '--no-validate'], { encoding: 'utf8' });
if (packaged.status !== 0) {
  console.error(packaged.stdout + packaged.stderr);
  process.exit(1);
}
const corpus = prepareCorpus('realistic', size);
const claude = claudeBinary();

const memory = (name, body) => `---\nname: ${name}\ndescription: ${body.slice(0, 60)}\nmetadata:\n  type: project\n---\n\n${body}\n`;

/** One scripted session in a fresh home whose auto memory folder holds a copy of the corpus. */
async function session(withPlugin, run) {
  const base = join(scratch, `${withPlugin ? 'plugin' : 'bare'}-${run}`);
  const home = join(base, 'home');
  const proj = join(base, 'work', 'proj');
  const mem = join(home, '.claude', 'projects', proj.replace(/[^A-Za-z0-9]/g, '-'), 'memory');
  mkdirSync(proj, { recursive: true });
  cpSync(corpus.folder, mem, { recursive: true });
  const first = join(mem, 'project_cutover.md');
  const second = join(mem, 'project_rollback.md');
  const standIn = await startStandIn([
    { tools: [{ name: 'Write', input: { file_path: first, content: memory('project-cutover', 'The database cutover finished yesterday; reads go to the new cluster.') } }] },
    { tools: [{ name: 'Read', input: { file_path: first } }], delayMs: THINK_MS },
    { tools: [{ name: 'Write', input: { file_path: second, content: memory('project-rollback', 'The rollback drill is planned for next Tuesday with the platform team.') } }] },
    { tools: [{ name: 'Read', input: { file_path: second } }], delayMs: THINK_MS },
    { text: 'done' },
  ]);
  const started = performance.now();
  try {
    await runClaude(claude.path, { cwd: proj, home, baseUrl: standIn.url, args: [...(withPlugin ? ['--plugin-dir', plugin] : []), '--debug'], env: { MEMORY_SHELF_HISTORY_DIR: join(base, 'history') } });
  } finally {
    await standIn.close();
  }
  const wall = performance.now() - started;
  const debug = join(home, '.claude', 'debug');
  const log = readdirSync(debug).filter((file) => file.endsWith('.txt')).map((file) => readFileSync(join(debug, file), 'utf8')).join('\n');
  rmSync(base, { recursive: true, force: true });
  return { wall, ...timesOf(log, first, second) };
}

/** The times of a session, from Claude Code's debug log (each line starts with an ISO time). */
function timesOf(log, first, second) {
  const lines = log.split('\n').map((line) => ({ at: Date.parse(line.slice(0, 24)), text: line.slice(25) })).filter((line) => !Number.isNaN(line.at));
  const at = (pattern) => lines.find((line) => pattern.test(line.text))?.at;
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const diagnosed = (file) => at(new RegExp(`Received diagnostics from plugin:memory-shelf\\S*: [1-9]\\d* diagnostic\\(s\\) for file://${escape(file)}$`));
  const written = (id) => at(new RegExp(`tool_dispatch_start tool=Write toolUseId=${id}\\b`));
  const writeMs = Number(/tool_dispatch_end tool=Write toolUseId=toolu_1 outcome=ok durationMs=(\d+)/.exec(log)?.[1]);
  const hooks = [...log.matchAll(/Hooks: (PreToolUse|PostToolUse):Write \[[^\]]*\] \(plugin memory-shelf[^)]*\) finished with status \d+ \((\d+)ms\)/g)].map((match) => ({ event: match[1], ms: Number(match[2]) }));
  const secondAt = written('toolu_3') ?? Infinity;
  const folderDone = lines.filter((line) => line.at < secondAt && line.text.includes(`Received diagnostics from plugin:memory-shelf`) && line.text.endsWith(`for file://${first}`)).at(-1)?.at;
  return {
    folder: (folderDone ?? NaN) - (written('toolu_1') ?? NaN),
    start: (at(/LSP server instance started: plugin:memory-shelf/) ?? NaN) - (at(/Starting LSP server instance: plugin:memory-shelf/) ?? NaN),
    coldWrite: (diagnosed(first) ?? NaN) - (written('toolu_1') ?? NaN),
    warmWrite: (diagnosed(second) ?? NaN) - (written('toolu_3') ?? NaN),
    writeMs,
    // The two PreToolUse hooks run side by side: the longer one is what the call waits for.
    preHookMs: Math.max(...hooks.filter((hook) => hook.event === 'PreToolUse').slice(0, 2).map((hook) => hook.ms)),
    postHookMs: hooks.find((hook) => hook.event === 'PostToolUse')?.ms ?? NaN,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (values) => `${Math.round(median(values))} ms (runs: ${values.map((value) => Math.round(value)).join(', ')})`;

const withPlugin = [];
const bare = [];
for (let run = 0; run < runs; run++) {
  bare.push(await session(false, run));
  withPlugin.push(await session(true, run));
}
// The machine at the same moment: the bundled CLI's `check --json` of the same folder, start to exit.
const checks = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  spawnSync(process.execPath, [join(plugin, 'bin', 'cli.js'), 'check', '--json', corpus.folder], { stdio: 'ignore' });
  checks.push(performance.now() - started);
}
rmSync(scratch, { recursive: true, force: true });

console.log(`Claude Code ${claude.version}, the plugin on ${corpus.files.length - 1} memories (${(corpus.bytes / 1e6).toFixed(1)} MB) in the auto memory folder, median of ${runs} runs, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}:`);
console.log(`  for comparison, \`memory-shelf check --json\` of the same folder, start to exit: ${ms(checks)}`);
console.log(`  language server start (spawn -> initialize answered): ${ms(withPlugin.map((r) => r.start))}`);
console.log(`  first write of the session -> its diagnostics received (server cold): ${ms(withPlugin.map((r) => r.coldWrite))}`);
console.log(`  first write -> its last findings before the next write (those that compare it with the folder, once the folder is read): ${ms(withPlugin.map((r) => r.folder))}`);
console.log(`  a later write -> its diagnostics received: ${ms(withPlugin.map((r) => r.warmWrite))}`);
console.log(`  the Write tool itself: ${ms(withPlugin.map((r) => r.writeMs))} with the plugin, ${ms(bare.map((r) => r.writeMs))} without`);
console.log(`  the plugin's hooks on each file tool call: before ${ms(withPlugin.map((r) => r.preHookMs))}, after ${ms(withPlugin.map((r) => r.postHookMs))}`);
console.log(`  the same scripted session (two writes, two ${THINK_MS / 1000} s pauses), start to exit: ${ms(withPlugin.map((r) => r.wall))} with the plugin, ${ms(bare.map((r) => r.wall))} without`);
