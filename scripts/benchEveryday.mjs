// `npm run bench:everyday`: what a person and an agent wait for in everyday use (issue #40, item 16).
// - The Claude Code hook (`node dist/hook.js`, what `memory-shelf hook install` writes), as a process per
//   call: PreToolUse and PostToolUse of an Edit of a memory, and of a Bash call that reaches no memory,
//   on a copy of examples/memory and on a generated folder of 100 memories. Beside it, `node -e ''`: node's start alone.
// - In a real VS Code (code-server, the extension host timing itself, scripts/vscode/benchEverydayHost.cjs):
//   the MEMORY.md lenses after opening it, Merge Memories, Reject All of two agent changes, and the memory form opening.
// Runs on the machine as it is (other processes included): the load average is printed with the figures.
// After `npm run build`. BENCH_RUNS (default 7) sets the runs per figure; `--hook` or `--vscode` runs one half.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { REPO_ROOT } from './vscode/setup.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const HOOK = join(REPO_ROOT, 'dist', 'hook.js');
const SAMPLE = join(REPO_ROOT, 'examples', 'memory');
const only = process.argv.includes('--hook') ? 'hook' : process.argv.includes('--vscode') ? 'vscode' : undefined;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (values) => `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}, ${values.length} runs)`;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

/** A folder of `count` Claude Code-shaped memories and their MEMORY.md, in Korean, Japanese and English. */
export function generatedFolder(folder, count) {
  mkdirSync(folder, { recursive: true });
  const types = ['feedback', 'project', 'reference', 'user'];
  const facts = ['배포는 목요일 18:00 이후 하지 않는다', 'レビューは提案形で書く', 'The API listens on 8080 behind the gateway', 'CI runs on Buildkite, queue "default"'];
  const lines = ['# Memory', ''];
  for (let i = 0; i < count; i++) {
    const type = types[i % types.length];
    const name = `topic-${String(i).padStart(3, '0')}`;
    const fact = `${facts[i % facts.length]} (${i})`;
    const link = i % 10 === 3 ? ` See [[topic-${String((i + 7) % count).padStart(3, '0')}]].` : '';
    writeFileSync(join(folder, `${type}_${name}.md`), `---\nname: ${name}\ndescription: ${fact}\ntype: ${type}\n---\n\n${fact}.${link}\n\n**Why:** it was agreed on 2026-0${1 + (i % 9)}-1${i % 10}.\n\n**How to apply:** every time.\n`);
    lines.push(`- [Topic ${i}](${type}_${name}.md) — ${fact}`);
  }
  writeFileSync(join(folder, 'MEMORY.md'), `${lines.join('\n')}\n`);
}

function spawnMs(args, input, env, cwd) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { input, env, cwd, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (result.status !== 0 && result.status !== 2) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

/** Each call a fresh process, as Claude Code runs the hook: an Edit's PreToolUse, the edit, its PostToolUse; a Bash `ls`. */
function benchHook(label, fill) {
  const dir = mkdtempSync(join(tmpdir(), 'memory-shelf-everyday-'));
  try {
    const project = join(dir, 'project');
    const memory = join(project, 'memory');
    fill(memory);
    const env = { ...process.env, HOME: join(dir, 'home'), MEMORY_SHELF_HISTORY_DIR: join(dir, 'history') };
    for (const name of Object.keys(env)) if (name.startsWith('CLAUDE_')) delete env[name];
    mkdirSync(env.HOME, { recursive: true });
    const file = join(memory, readFileSync(join(memory, 'MEMORY.md'), 'utf8').match(/\]\(([^)]+\.md)\)/)[1]);
    const call = (event, toolName, toolInput) => JSON.stringify({ session_id: '7c1e9a42-5d3b-4f8e-a2c6-91b0e4d7f358', transcript_path: join(dir, 't.jsonl'), cwd: project, hook_event_name: event, tool_name: toolName, tool_input: toolInput, tool_use_id: 'toolu_1' });
    const hook = (input) => spawnMs([HOOK, '--memory-shelf-hook'], input, env, project);
    const node = [];
    const pre = [];
    const post = [];
    const bashPre = [];
    let first;
    for (let run = 0; run <= RUNS; run++) {
      const text = readFileSync(file, 'utf8');
      const edit = { file_path: file, old_string: text.trimEnd().split('\n').pop(), new_string: `${text.trimEnd().split('\n').pop()} (${run})` };
      const preMs = hook(call('PreToolUse', 'Edit', edit));
      writeFileSync(file, text.replace(edit.old_string, edit.new_string));
      const postMs = hook(call('PostToolUse', 'Edit', edit));
      const bashMs = hook(call('PreToolUse', 'Bash', { command: 'ls -la src' }));
      const nodeMs = spawnMs(['-e', ''], '', env, project);
      // The first call of a folder keeps a version of every file in it: reported on its own.
      if (run === 0) first = { pre: preMs, post: postMs };
      else {
        pre.push(preMs);
        post.push(postMs);
        bashPre.push(bashMs);
        node.push(nodeMs);
      }
    }
    console.log(`hook, ${label}:`);
    console.log(`  first call of the folder (keeps every file): PreToolUse ${first.pre.toFixed(0)} ms, PostToolUse ${first.post.toFixed(0)} ms`);
    console.log(`  Edit of a memory, PreToolUse:  ${fmt(pre)}`);
    console.log(`  Edit of a memory, PostToolUse: ${fmt(post)}`);
    console.log(`  Bash reaching no memory, PreToolUse: ${fmt(bashPre)}`);
    console.log(`  node -e '' (node's start alone): ${fmt(node)}`);
    return { pre: median(pre), post: median(post), bash: median(bashPre), node: median(node) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchVscode(label, fill) {
  const { runSuite } = await import('./vscode/runSuite.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'memory-shelf-everyday-ws-'));
  const out = join(dir, 'results.json');
  try {
    fill(join(dir, 'workspace', 'memory'));
    process.env.MEMORY_SHELF_BENCH_OUT = out;
    process.env.MEMORY_SHELF_BENCH_RUNS = String(RUNS);
    const result = await runSuite({ suite: join(REPO_ROOT, 'scripts', 'vscode', 'benchEverydayHost.cjs'), fixture: join(dir, 'workspace'), timeoutMs: 10 * 60_000 });
    if (result.failed) throw new Error(`the in-VS Code bench failed (${label})`);
    const figures = JSON.parse(readFileSync(out, 'utf8'));
    console.log(`VS Code (code-server), ${label}:`);
    for (const [step, values] of Object.entries(figures)) console.log(`  ${step}: ${fmt(values)}`);
    return figures;
  } finally {
    delete process.env.MEMORY_SHELF_BENCH_OUT;
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`load average at start: ${load()} (the machine as it is, other processes running)`);
  const sample = (folder) => cpSync(SAMPLE, folder, { recursive: true });
  const hundred = (folder) => generatedFolder(folder, 100);
  if (only !== 'vscode') {
    benchHook('examples/memory (14 memories)', sample);
    benchHook('a generated folder of 100 memories', hundred);
  }
  if (only !== 'hook') {
    await benchVscode('examples/memory (14 memories)', sample);
    await benchVscode('a generated folder of 100 memories', hundred);
  }
  console.log(`load average at end: ${load()}`);
}

await main();
