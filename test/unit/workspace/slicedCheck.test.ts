import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { MemoryStore, ProblemEngine, relativeDate, resolveTypeSet, secret, type Problem, type ProblemEngineOptions, type RootPath } from '../../../src/core';
import { SlicedCheck, type SliceTiming } from '../../../src/workspace/problems/slicedCheck';
import { Slicer } from '../../../src/workspace/slices';

const options: ProblemEngineOptions = {
  typeSet: resolveTypeSet('claude-code', []),
  textRules: [relativeDate, secret],
  modifiedTime: () => Date.UTC(2026, 6, 30),
};

// A root written the way Claude Code's look: `<type>_<topic>.md` files whose names vary in style, links
// between them (some dangling), near-duplicates in Korean, Japanese and English, relative dates, an
// index in prose and bold that lists most of them.
const TOPICS = [
  { topic: 'testing', body: 'Run the integration suite before every merge; the unit tests alone missed the watcher bug last week.' },
  { topic: 'testing_again', body: 'Run the integration suite before each merge: the unit tests alone missed the watcher bug last week.' },
  { topic: 'report_format', body: '보고서는 .docx로 납품하고 PDF는 받지 않는다. 표의 셀은 실측 데이터가 없으면 빈칸으로 남긴다.' },
  { topic: 'report_format_2', body: '보고서는 .docx로 납품하며 PDF는 받지 않는다. 실측 데이터가 없으면 표의 셀은 빈칸으로 남긴다.' },
  { topic: 'shared_drive', body: '実測データは研究室の共有ドライブに置く。ローカルにはコピーしない。明日までに整理する。' },
  { topic: 'deploys', body: 'Deploys happen from main only, after the checks pass. The "Release" button in Settings › CI stays off.' },
  { topic: 'keys', body: 'The lab token is ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 — rotate it.' },
  { topic: 'timeouts', body: 'The upload times out after 30 s; retry twice, then wait 5 min. Decided yesterday.' },
];
const TYPES = ['feedback', 'project', 'reference', 'user'];

function memoryText(i: number, variant = 0): string {
  const { topic, body } = TOPICS[i % TOPICS.length];
  const type = TYPES[(i + variant) % TYPES.length];
  const nameStyle = (i + variant) % 3;
  const name = nameStyle === 0 ? topic.replace(/_/g, '-') : nameStyle === 1 ? `${type}_${topic}` : `${type}-${topic.replace(/_/g, '-')}`;
  const link = `[[${TOPICS[(i + 1 + variant) % TOPICS.length].topic.replace(/_/g, '-')}]]`;
  const dangling = i % 5 === 0 ? ' and [[no-such-memory]]' : '';
  return `---\nname: ${name}\ndescription: ${body.slice(0, 40)}\ntype: ${type}\n---\n${body}\n\nSee ${link}${dangling}.\n`;
}

function pathOf(i: number): RootPath {
  return `${TYPES[i % TYPES.length]}_${TOPICS[i % TOPICS.length].topic}_${i}.md`;
}

function indexText(count: number): string {
  const lines = ['# Memory index', ''];
  for (let i = 0; i < count; i++) {
    if (i % 7 === 3) continue; // some memories are not listed
    lines.push(i % 2 === 0 ? `- [${TOPICS[i % TOPICS.length].topic}](${pathOf(i)}) — ${TOPICS[i % TOPICS.length].body.slice(0, 30)}` : `- **${pathOf(i)}**: see next week`);
  }
  return lines.join('\n') + '\n';
}

function fillStore(count: number): MemoryStore {
  const store = new MemoryStore();
  for (let i = 0; i < count; i++) store.update(pathOf(i), memoryText(i));
  store.update('MEMORY.md', indexText(count));
  return store;
}

function problemsOf(engine: ProblemEngine): Map<RootPath, readonly Problem[]> {
  const result = new Map<RootPath, readonly Problem[]>();
  for (const path of engine.problemPaths()) result.set(path, engine.problemsFor(path));
  return result;
}

function freshProblems(store: MemoryStore): Map<RootPath, readonly Problem[]> {
  const engine = new ProblemEngine(store, options);
  engine.checkAll();
  return problemsOf(engine);
}

/** A clock where every reading costs a millisecond, so slices end after a known number of steps. */
function steppedTiming(sliceMs: number, between: () => void = () => undefined): SliceTiming & { pauses: number } {
  let time = 0;
  const timing = {
    sliceMs,
    pauses: 0,
    now: () => time++,
    pause: async () => {
      timing.pauses++;
      between();
    },
  };
  return timing;
}

/** What the Problems panel would show: published when settled, as the problems service does. */
function publishedDuring(check: () => SlicedCheck, store: MemoryStore, engine: ProblemEngine) {
  const shown = new Map<RootPath, readonly Problem[]>();
  const show = (path: RootPath): void => {
    const problems = engine.problemsFor(path);
    if (problems.length > 0) shown.set(path, problems);
    else shown.delete(path);
  };
  const sliced = check();
  const onChange = (change: ReturnType<MemoryStore['update']>): void => {
    if (change.previous === change.current) return;
    const touched = new Set([...engine.applyChange(change), change.path]);
    for (const path of touched) if (sliced.isSettled(path) || (path === 'MEMORY.md' ? !store.index : !store.get(path))) show(path);
  };
  return { shown, show, onChange, sliced };
}

describe('SlicedCheck: the rules in slices that hand the extension host back', () => {
  it('settles every file over many slices and ends with the problems of a full check', async () => {
    const store = fillStore(60);
    const engine = new ProblemEngine(store, options);
    const timing = steppedTiming(8);
    const slices: (readonly RootPath[])[] = [];
    const check = new SlicedCheck(engine, (paths) => slices.push(paths), timing);
    assert.equal(await check.done, true);
    assert.ok(slices.length > 10, `${slices.length} slices`);
    // A slice ends at its deadline: with a millisecond per reading, no slice settles more than its budget.
    for (const slice of slices) assert.ok(slice.length <= 8, `a slice settled ${slice.length} files`);
    const settled = slices.flat();
    assert.deepEqual([...settled].sort(), [...[...store.memories()].map((memory) => memory.path), 'MEMORY.md'].sort());
    assert.equal(new Set(settled).size, settled.length, 'each file is settled once');
    assert.equal(settled.at(-1), 'MEMORY.md', 'the index comes last, once every memory is counted');
    const expected = freshProblems(store);
    assert.ok(expected.size > 20, 'the root has problems to find');
    assert.deepEqual(problemsOf(engine), expected);
    assert.equal(check.fraction, 1);
  });

  it('leaves room in each slice for reporting what it settled, once it has seen what reporting costs', async () => {
    const store = fillStore(80);
    const engine = new ProblemEngine(store, options);
    // Every reading of the clock costs a millisecond, reporting a file three more.
    let time = 0;
    let sliceStart = 0;
    const lengths: number[] = [];
    const timing: SliceTiming = {
      sliceMs: 20,
      now: () => time++,
      pause: async () => void (sliceStart = time),
    };
    const check = new SlicedCheck(engine, (paths) => {
      time += 3 * paths.length;
      if (paths.length > 0) lengths.push(time - sliceStart);
    }, timing);
    assert.equal(await check.done, true);
    assert.ok(lengths.length > 10, `${lengths.length} slices reported files`);
    // The first slice to report learns the cost: every later one ends within its budget, give or take a file.
    for (const length of lengths.slice(1)) assert.ok(length <= 20 + 4, `a slice held the thread ${length} ms: ${lengths.join(' ')}`);
    assert.deepEqual(problemsOf(engine), freshProblems(store));
  });

  it('stops when cancelled: the rest of the root is never reported', async () => {
    const store = fillStore(40);
    const engine = new ProblemEngine(store, options);
    const reported: RootPath[] = [];
    const timing = steppedTiming(4, () => {
      if (timing.pauses === 3) check.cancel();
    });
    const check = new SlicedCheck(engine, (paths) => reported.push(...paths), timing);
    assert.equal(await check.done, false);
    assert.equal(check.isFinished, false);
    assert.ok(reported.length < store.size, `${reported.length} of ${store.size} reported`);
    assert.ok(!reported.includes('MEMORY.md'));
    assert.ok(check.fraction < 1);
  });

  it('publishes, after any edits between slices, exactly what a full check finds', async () => {
    const edit = fc.oneof(
      { weight: 5, arbitrary: fc.record({ kind: fc.constant('update' as const), at: fc.nat(29), variant: fc.integer({ min: 1, max: 5 }) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat(29) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('create' as const), at: fc.integer({ min: 30, max: 40 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('index' as const), count: fc.integer({ min: 0, max: 40 }) }) },
    );
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(fc.nat(30), edit), { minLength: 1, maxLength: 12 }), async (plan) => {
      const store = fillStore(30);
      const engine = new ProblemEngine(store, options);
      let pauses = 0;
      let apply: (change: ReturnType<MemoryStore['update']>) => void = () => undefined;
      const timing = steppedTiming(3, () => {
        pauses++;
        for (const [when, step] of plan) {
          if (when !== pauses) continue;
          if (step.kind === 'update') apply(store.update(pathOf(step.at), memoryText(step.at, step.variant)));
          else if (step.kind === 'remove') apply(store.remove(pathOf(step.at)));
          else if (step.kind === 'create') apply(store.update(pathOf(step.at), memoryText(step.at)));
          else apply(store.update('MEMORY.md', indexText(step.count)));
        }
      });
      const run = publishedDuring(() => new SlicedCheck(engine, (paths) => paths.forEach((path) => run.show(path)), timing), store, engine);
      apply = run.onChange;
      assert.equal(await run.sliced.done, true);
      const expected = freshProblems(store);
      assert.deepEqual(problemsOf(engine), expected, 'the engine ends where a full check does');
      assert.deepEqual(run.shown, expected, 'what was published is what a full check finds');
    }), { numRuns: 60 });
    // 60 random plans, each a full check in steps (count, search, check every memory) and one to compare.
  }).timeout(10_000);

  it('never publishes a file half checked: a file edited before its slice waits for it', async () => {
    const store = fillStore(30);
    const engine = new ProblemEngine(store, options);
    const late = pathOf(29);
    const publishedEarly: RootPath[] = [];
    let apply: (change: ReturnType<MemoryStore['update']>) => void = () => undefined;
    const timing = steppedTiming(3, () => {
      if (timing.pauses !== 2) return;
      // The secret-bearing memory written again before the check reached it, and a link to it made dangling.
      apply(store.update(late, memoryText(6, 2)));
      apply(store.remove(pathOf(27)));
    });
    const run = publishedDuring(() => new SlicedCheck(engine, (paths) => paths.forEach((path) => run.show(path)), timing), store, engine);
    apply = (change) => {
      run.onChange(change);
      if (run.shown.has(late)) publishedEarly.push(late);
    };
    assert.equal(await run.sliced.done, true);
    assert.deepEqual(publishedEarly, []);
    assert.deepEqual(run.shown.get(late)?.map((problem) => problem.code), freshProblems(store).get(late)?.map((problem) => problem.code));
    assert.ok(run.shown.get(late)?.some((problem) => problem.code === 'secret'));
  });
});

describe('Slicer: a long loop that hands the thread back', () => {
  it('is due once its slice is used up, and starts a fresh slice after each pause', async () => {
    let time = 100;
    let pauses = 0;
    const slicer = new Slicer({ sliceMs: 20, now: () => time, pause: async () => void pauses++ });
    const dueAt: number[] = [];
    for (let step = 0; step < 100; step++) {
      time += 3; // a file that takes 3 ms to parse
      if (slicer.due()) {
        dueAt.push(step);
        await slicer.pause();
      }
    }
    assert.equal(pauses, dueAt.length);
    // 20 ms of 3 ms steps: a pause after every 7th step (21 ms), never later.
    assert.deepEqual(dueAt.slice(0, 3), [6, 13, 20]);
    assert.equal(dueAt.length, 14);
  });
});
