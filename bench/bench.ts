import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MemoryStore, NearDuplicateIndex, parseMemoryFile, ProblemEngine, relativeDate, resolveTypeSet, secret, type ProblemEngineOptions } from '../src/core';
import { similarityText } from '../src/core/rules/nearDuplicate/nearDuplicateRule';
import { scanFrontmatter } from '../src/core/frontmatterScanner';
import { generateRoot } from './generateRoot';

const COUNT = Number(process.env.BENCH_MEMORIES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(runs: number, work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return median(times);
}

const folder = join(tmpdir(), `memory-shelf-bench-${COUNT}`);
if (!existsSync(join(folder, 'MEMORY.md'))) generateRoot(folder, COUNT);
const files = readdirSync(folder).filter((file) => file.endsWith('.md'));
const bytes = files.reduce((sum, file) => sum + statSync(join(folder, file)).size, 0);
console.log(`root: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB (${folder}); median of ${RUNS} runs, warm page cache`);

const floor = measure(RUNS, () => {
  for (const file of files) {
    const text = readFileSync(join(folder, file), 'utf8');
    text.indexOf('\n---');
  }
});

// Parsing alone, results kept as the store keeps them, to tell parse cost from the store's bookkeeping.
let parsed: unknown[] = [];
const parse = measure(RUNS, () => {
  parsed = [];
  for (const file of files) if (file !== 'MEMORY.md') parsed.push(parseMemoryFile(file, readFileSync(join(folder, file), 'utf8')));
});
parsed = [];

let store = new MemoryStore();
const load = measure(RUNS, () => {
  store = new MemoryStore();
  for (const file of files) store.update(file, readFileSync(join(folder, file), 'utf8'));
});

const texts = files.slice(0, 1000).map((file) => [file, readFileSync(join(folder, file), 'utf8')] as const);
const update = measure(RUNS, () => {
  for (const [file, text] of texts) store.update(file, text + ' ');
}) / texts.length;

// The scanner's fast path is only worth its keep if it takes nearly every file; yaml parses the rest.
const memories = [...store.memories()];
const scanned = memories.filter(({ text, frontmatter }) => frontmatter.status !== 'missing' && scanFrontmatter(text.slice(frontmatter.yamlStart, frontmatter.yamlEnd))).length;

const reservations = measure(RUNS, () => store.reservations());
const sample = [...store.memories()].slice(0, 1000);
const backlinks = measure(RUNS, () => {
  for (const memory of sample) store.backlinks(memory);
}) / sample.length;

// Every rule over the whole root, then one memory edited and its dependants re-checked. The generated
// bodies are drawn from eight sentences, so most memories are near-duplicates of many others: a worst
// case for the near-duplicate rule, which reports one problem per memory there.
const ruleOptions: ProblemEngineOptions = { typeSet: resolveTypeSet('claude-code', []) };
const allOptions: ProblemEngineOptions = { ...ruleOptions, textRules: [relativeDate, secret], modifiedTime: () => Date.UTC(2026, 6, 30) };
const checkAll = (options: ProblemEngineOptions): ProblemEngine => {
  const engine = new ProblemEngine(store, options);
  engine.checkAll();
  return engine;
};
const nearDuplicates = measure(RUNS, () => {
  const index = new NearDuplicateIndex({}, store.size);
  for (const memory of store.memories()) index.add(memory.path, similarityText(memory));
  for (const memory of store.memories()) index.neighbors(memory.path);
});
const checkRules = measure(RUNS, () => checkAll(ruleOptions));
let engine = checkAll(allOptions);
const checkEverything = measure(RUNS, () => {
  engine = checkAll(allOptions);
});
const problemCounts = new Map<string, number>();
for (const problem of engine.allProblems()) problemCounts.set(problem.code, (problemCounts.get(problem.code) ?? 0) + 1);
const incremental = measure(RUNS, () => {
  for (const [file, text] of texts) engine.applyChange(store.update(file, text + '  '));
}) / texts.length;

const rows: [string, number, string][] = [
  ['floor: readFileSync + indexOf("\\n---") per file', floor, '1.0x'],
  ['read + parseMemoryFile per memory file (no store)', parse, `${(parse / floor).toFixed(1)}x`],
  ['read + MemoryStore.update per file (frontmatter scanner)', load, `${(load / floor).toFixed(1)}x`],
  ['one file updated in a full store', update, ''],
  ['all reservations of the root', reservations, ''],
  ['backlinks of one memory', backlinks, ''],
  ['near-duplicates: index every memory, then all neighbours', nearDuplicates, ''],
  ['ProblemEngine.checkAll, every rule but the text rules', checkRules, ''],
  ['ProblemEngine.checkAll, with relative-date and secret', checkEverything, ''],
  ['one file: MemoryStore.update + ProblemEngine.applyChange', incremental, ''],
];
console.log(`frontmatter read by the scanner: ${scanned} of ${memories.length} memories (the rest through yaml parseDocument)`);
console.log(`problems found by checkAll: ${[...problemCounts].map(([code, count]) => `${code} ${count}`).join(', ')}`);
for (const [label, ms, ratio] of rows) console.log(`${label.padEnd(58)} ${ms.toFixed(ms < 1 ? 3 : 0).padStart(8)} ms  ${ratio}`);
