// `npm run bench:lsp`: the language server as an editor runs it. For each corpus and size (the
// generated corpora of `npm run bench`, bench/corpora.ts), `node dist/cli.js lsp` is spawned and driven
// over stdio by vscode-languageserver-protocol's client connection:
//   - spawn -> initialize answered, and -> the first and the last publishDiagnostics of the initial
//     check (every file with a problem published; "last" is the last one before 500 ms of quiet);
//   - one keystroke: an incremental didChange of one character in an open memory -> its
//     publishDiagnostics back, p50 / p95 over BENCH_KEYS keystrokes (default 100) after 20 warm-up ones.
// Production bundles are built first (as `npm run bench` does). Prints figures; asserts nothing.
// Beside them, `memory-shelf check --json` of the same root in the same run, as the machine's baseline.
// Environment: BENCH_SIZES=2000 BENCH_CORPORA=realistic,stress BENCH_RUNS=3 BENCH_KEYS=100.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

if (spawnSync(process.execPath, ['esbuild.mjs', '--production'], { stdio: 'inherit' }).status !== 0) process.exit(1);
// The corpus generator is TypeScript: `npm run compile-tests` puts it in out/bench.
if (!existsSync('out/bench/corpora.js') && spawnSync('npx', ['tsc', '-p', '.'], { stdio: 'inherit' }).status !== 0) process.exit(1);
const { prepareCorpus } = require(resolve('out/bench/corpora.js'));

const sizes = (process.env.BENCH_SIZES ?? '2000').split(',').map(Number);
const corpora = (process.env.BENCH_CORPORA ?? 'realistic,stress').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const keys = Number(process.env.BENCH_KEYS ?? 100);
const CLI = resolve('dist/cli.js');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

async function once(folder, files, measureKeys) {
  const home = mkdtempSync(join(tmpdir(), 'memory-shelf-lsp-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: join(home, '.claude') } });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published = new Map();
  let first;
  let last;
  let onPublish = () => undefined;
  connection.onNotification('textDocument/publishDiagnostics', ({ uri, diagnostics }) => {
    const now = performance.now();
    first ??= now;
    last = now;
    published.set(uri, diagnostics);
    onPublish(uri, now);
  });
  connection.listen();
  const workspace = pathToFileURL(home).href;
  await connection.sendRequest('initialize', {
    processId: process.pid, rootUri: workspace, workspaceFolders: [{ uri: workspace, name: 'bench' }],
    capabilities: { workspace: { workspaceEdit: { documentChanges: true } }, ...(measureKeys === 'pull' ? { textDocument: { diagnostic: {} } } : {}) },
    initializationOptions: { roots: [folder] },
  });
  const initialized = performance.now();
  await connection.sendNotification('initialized', {});
  // The initial check publishes every file with a problem in one go: it is over once nothing comes for 500 ms.
  // A client that pulls asks for the whole workspace instead.
  if (measureKeys === 'pull') {
    const report = await connection.sendRequest('workspace/diagnostic', { previousResultIds: [] });
    first = last = performance.now();
    for (const item of report.items) published.set(item.uri, item.items);
  }
  while (first === undefined || performance.now() - last < 500) await new Promise((r) => setTimeout(r, 20));
  const result = { initialize: initialized - started, first: first - started, all: last - started, files: published.size, keys: [] };
  if (measureKeys) {
    const name = files.find((file) => (published.get(pathToFileURL(join(folder, file)).href) ?? []).length > 0 && file !== 'MEMORY.md');
    const uri = pathToFileURL(join(folder, name)).href;
    const text = readFileSync(join(folder, name), 'utf8');
    const line = text.split('\n').length - 1;
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text } });
    await new Promise((r) => setTimeout(r, 200));
    // A keystroke whose diagnostics change: typing the last letter of "yesterday" on the file's last
    // line adds a relative-date problem, and deleting it takes the problem away (the server publishes a
    // file only when its problems changed). A client that pulls asks after every keystroke.
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: ' Done yesterda' }] });
    for (let i = 0; i < keys + 20; i++) {
      const typing = i % 2 === 0;
      const change = typing
        ? { range: { start: { line, character: 14 }, end: { line, character: 14 } }, text: 'y' }
        : { range: { start: { line, character: 14 }, end: { line, character: 15 } }, text: '' };
      const back = measureKeys === 'pull' ? undefined : new Promise((resolveBack) => {
        onPublish = (published) => published === uri && resolveBack(performance.now());
      });
      const sent = performance.now();
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: i + 3 }, contentChanges: [change] });
      const arrived = back ? await back : await connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } }).then(() => performance.now());
      if (i >= 20) result.keys.push(arrived - sent);
    }
  }
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  connection.dispose();
  child.kill();
  rmSync(home, { recursive: true, force: true });
  return result;
}

for (const kind of corpora) {
  for (const size of sizes) {
    const corpus = prepareCorpus(kind, size);
    console.error(`[bench:lsp] ${kind} ${size}: ${corpus.folder}`);
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await once(corpus.folder, corpus.files, undefined));
    const push = await once(corpus.folder, corpus.files, 'push');
    const pull = await once(corpus.folder, corpus.files, 'pull');
    // The same machine at the same moment: `memory-shelf check --json` of the same root, start to exit.
    const checks = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      spawnSync(process.execPath, [CLI, 'check', '--json', corpus.folder], { stdio: 'ignore', env: { ...process.env, CLAUDE_CONFIG_DIR: join(tmpdir(), 'memory-shelf-no-claude') } });
      checks.push(performance.now() - started);
    }
    console.log(`${kind} ${size} (${corpus.files.length} files), median of ${runs} runs, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}:`);
    console.log(`  for comparison, \`memory-shelf check --json\` of the same root, start to exit: ${ms(median(checks))}`);
    console.log(`  spawn -> initialize answered: ${ms(median(results.map((r) => r.initialize)))}`);
    console.log(`  spawn -> first diagnostics pushed: ${ms(median(results.map((r) => r.first)))}; -> all ${results[0].files} files with problems pushed: ${ms(median(results.map((r) => r.all)))}`);
    console.log(`  spawn -> workspace/diagnostic answered (a client that pulls): ${ms(pull.all)}`);
    console.log(`  one keystroke -> its diagnostics pushed (${push.keys.length} keystrokes): p50 ${ms(percentile(push.keys, 0.5))}, p95 ${ms(percentile(push.keys, 0.95))}`);
    console.log(`  one keystroke -> textDocument/diagnostic answered (${pull.keys.length} keystrokes): p50 ${ms(percentile(pull.keys, 0.5))}, p95 ${ms(percentile(pull.keys, 0.95))}`);
  }
}
