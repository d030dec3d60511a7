// `npm run bench:history` (scripts/benchHistory.mjs bundles and runs this): how the history grows over
// 1,000 agent edits of a 20,000-memory root, that pruning keeps it under its bound, and what one hook
// call costs. Environment: BENCH_HISTORY_MEMORIES (20000), BENCH_HISTORY_EDITS (1000),
// BENCH_HISTORY_BOUND_MB (a bound below what the run stores, so pruning has work; default 14), BENCH_HOOK_CALLS (20).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { History } from '../src/history';
import { prepareCorpus } from './corpora';
import { seeded } from './random';

const MB = 1024 * 1024;

async function main(): Promise<void> {
  const memories = Number(process.env.BENCH_HISTORY_MEMORIES ?? 20_000);
  const edits = Number(process.env.BENCH_HISTORY_EDITS ?? 1_000);
  const boundMb = Number(process.env.BENCH_HISTORY_BOUND_MB ?? 14);
  const hookCalls = Number(process.env.BENCH_HOOK_CALLS ?? 20);
  console.log(`${cpus()[0]?.model ?? 'cpu'}, ${cpus().length} cores, node ${process.version}, load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  const corpus = prepareCorpus('realistic', memories);
  console.log(`realistic ${memories}: ${corpus.files.length} files, ${(corpus.bytes / MB).toFixed(1)} MB in ${corpus.folder}`);

  // A working copy: the edits must not change the shared corpus other benchmarks read.
  const work = join(tmpdir(), 'memory-shelf-bench', `history-${memories}`);
  rmSync(work, { recursive: true, force: true });
  const root = join(work, 'memory');
  mkdirSync(root, { recursive: true });
  for (const file of corpus.files) writeFileSync(join(root, file), readFileSync(join(corpus.folder, file)));
  const dir = join(work, 'history');
  const history = History.open({ dir, env: {} });
  const rootHistory = await history.root(root);

  let started = performance.now();
  await rootHistory.recordAll(corpus.files.map((path) => ({ path, bytes: readFileSync(join(root, path)) })), { author: 'unknown', source: 'load' });
  const loadMs = performance.now() - started;
  const afterLoad = await history.size();
  console.log(`first load: ${corpus.files.length} versions recorded in ${loadMs.toFixed(0)} ms; history ${(afterLoad / MB).toFixed(1)} MB`);

  // A person approved a tenth of the root: those versions are pinned.
  const approved = corpus.files.filter((_file, index) => index % 10 === 0);
  started = performance.now();
  for (const path of approved) await rootHistory.approve(path, readFileSync(join(root, path)));
  console.log(`approved ${approved.length} memories in ${(performance.now() - started).toFixed(0)} ms`);

  const next = seeded(7).next;
  const times: number[] = [];
  let lastEdited = corpus.files[0];
  for (let i = 0; i < edits; i++) {
    const path = corpus.files[Math.floor(next() * corpus.files.length)];
    lastEdited = path;
    const text = readFileSync(join(root, path), 'utf8') + `\nEdit ${i}: the agent learned one more thing on 2026-12-01.\n`;
    writeFileSync(join(root, path), text);
    const t = performance.now();
    await rootHistory.record(path, Buffer.from(text), { author: 'agent', source: 'hook-post', sessionId: `session-${i % 7}`, tool: 'Edit' });
    times.push(performance.now() - t);
  }
  const afterEdits = await history.size();
  times.sort((a, b) => a - b);
  console.log(`${edits} edits: record median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, p95 ${times[Math.floor(times.length * 0.95)].toFixed(1)} ms; history ${(afterEdits / MB).toFixed(1)} MB (+${((afterEdits - afterLoad) / MB).toFixed(2)} MB, ${((afterEdits - afterLoad) / edits / 1024).toFixed(2)} KB an edit)`);

  const hook = hookCost(root, dir, hookCalls, lastEdited);
  console.log(`hook call (dist/hook.js, PreToolUse Edit on this root): MEMORY.md (last recorded at the first load) median ${hook.hook.toFixed(0)} ms, the memory edited last ${hook.recent.toFixed(0)} ms; \`node -e 0\` ${hook.node.toFixed(0)} ms; Bash not touching memory ${hook.bash.toFixed(0)} ms`);

  const defaultPrune = await history.prune(100 * MB);
  console.log(`prune at the default 100 MB: removed ${defaultPrune.removedBlobs}, ${(defaultPrune.after / MB).toFixed(1)} MB`);
  started = performance.now();
  const tight = await history.prune(boundMb * MB);
  const pruneMs = performance.now() - started;
  const pinnedKept = (await Promise.all(approved.map(async (path) => rootHistory.hasBlob((await rootHistory.approvedHash(path))!)))).every(Boolean);
  console.log(`prune to ${boundMb} MB: ${(tight.before / MB).toFixed(1)} MB -> ${(tight.after / MB).toFixed(1)} MB, ${tight.removedBlobs} versions removed in ${pruneMs.toFixed(0)} ms; every approved version kept: ${pinnedKept}; bound held: ${tight.after <= boundMb * MB || tight.after <= tight.pinnedBytes + 2 * MB}`);
  const versions = await rootHistory.latest();
  console.log(`after pruning: ${versions.size} paths still have a latest event; log compacted to ${(((await history.size()) - 0) / MB).toFixed(1)} MB total`);
  rmSync(work, { recursive: true, force: true });
}

/** Median wall time of the hook bundle on one call, against node's own start. */
function hookCost(root: string, dir: string, calls: number, recentPath: string): { hook: number; recent: number; node: number; bash: number } {
  const hookScript = resolve('dist/hook.js');
  const env = { ...process.env, MEMORY_SHELF_HISTORY_DIR: dir, CLAUDE_PROJECT_DIR: resolve(root, '..') };
  const file = join(root, 'MEMORY.md');
  const edit = JSON.stringify({ session_id: 's', transcript_path: '/t', cwd: resolve(root, '..'), hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: file, old_string: 'a', new_string: 'b' }, tool_use_id: 't' });
  const recent = JSON.stringify({ session_id: 's', transcript_path: '/t', cwd: resolve(root, '..'), hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: join(root, recentPath), old_string: 'a', new_string: 'b' }, tool_use_id: 't' });
  const bash = JSON.stringify({ session_id: 's', transcript_path: '/t', cwd: resolve(root, '..'), hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 't' });
  // Interleaved, so a busy machine slows the three alike rather than whichever ran last.
  const runs = { hook: [] as number[], recent: [] as number[], node: [] as number[], bash: [] as number[] };
  const time = (into: number[], run: () => void): void => {
    const t = performance.now();
    run();
    into.push(performance.now() - t);
  };
  for (let i = 0; i < calls; i++) {
    time(runs.node, () => spawnSync(process.execPath, ['-e', '0']));
    time(runs.hook, () => spawnSync(process.execPath, [hookScript], { input: edit, env }));
    time(runs.bash, () => spawnSync(process.execPath, [hookScript], { input: bash, env }));
    time(runs.recent, () => spawnSync(process.execPath, [hookScript], { input: recent, env }));
  }
  const median = (times: number[]): number => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  return { hook: median(runs.hook), recent: median(runs.recent), node: median(runs.node), bash: median(runs.bash) };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
