import * as assert from 'node:assert/strict';
import { MemoryStore } from '../../../../src/core/memoryStore';
import { resolveTypeSet } from '../../../../src/core/memoryTypes';
import { ProblemEngine } from '../../../../src/core/rules/engine/problemEngine';
import { DEFAULT_INDEX_BUDGET, preparationOf, type RuleContext } from '../../../../src/core/rules/shared/ruleContext';
import { relativeDate } from '../../../../src/core/rules/relativeDate/relativeDateRule';

const MODIFIED = Date.UTC(2026, 6, 30, 12);
const TYPES = resolveTypeSet('claude-code', []);

// Entries the way MEMORY.md lists memories, with hooks in the three languages; some memories state their date.
const HOOKS = [
  'release notes go out tomorrow',
  'the vendor replied two days ago',
  '배포는 다음 주 월요일',
  '어제 회의에서 정함',
  '締切は来週の金曜日',
  '昨日のレビューで決定',
  'we always squash merges',
];

function rootOf(entries: number): MemoryStore {
  const store = new MemoryStore();
  const lines = ['# Memory index', '', '## 2026-03-02', ''];
  for (let i = 0; i < entries; i++) {
    const dated = i % 3 === 0;
    const file = dated ? `project_${i}_2026-05-1${i % 10}.md` : `project_${i}.md`;
    store.update(file, `---\nname: project-${i}\ndescription: Item ${i}\ntype: project\n---\nItem ${i}.\n`);
    lines.push(`- [Item ${i}](${file}) — ${HOOKS[i % HOOKS.length]}`);
    if (i === Math.floor(entries / 2)) lines.push('', '## Later', '');
  }
  store.update('MEMORY.md', lines.join('\n') + '\n');
  return store;
}

function contextOf(store: MemoryStore): RuleContext {
  return { store, typeSet: TYPES, budget: DEFAULT_INDEX_BUDGET, modifiedTime: () => MODIFIED };
}

/** MEMORY.md's relative dates as the rule finds them in one go, with nothing read ahead. */
function inOneGo(entries: number, edit?: (store: MemoryStore) => void): unknown {
  const store = rootOf(entries);
  edit?.(store);
  return relativeDate({ path: 'MEMORY.md', text: store.index!.text }, contextOf(store));
}

describe("MEMORY.md's relative dates read ahead in steps", () => {
  const prepare = preparationOf(relativeDate)!;

  it('reads a long index in several steps, and the rule then finds what a reading in one go finds', () => {
    const store = rootOf(600);
    const context = contextOf(store);
    const input = { path: 'MEMORY.md', text: store.index!.text };
    assert.ok([...prepare(input, context)].length >= 5);
    const problems = relativeDate(input, context);
    assert.ok(problems.length > 300, `found ${problems.length}`);
    assert.deepEqual(problems, inOneGo(600));
    // Held with the parsed index: asked again, there is nothing left to read.
    assert.equal([...prepare(input, context)].length, 0);
  });

  it('reads nothing for an index without a relative date, or for a memory', () => {
    const store = new MemoryStore();
    store.update('MEMORY.md', '# Memory index\n\n- [Style](feedback_style.md) — we always squash merges\n');
    store.update('feedback_style.md', '---\nname: style\ndescription: Style\ntype: feedback\n---\nSee it tomorrow.\n');
    const context = contextOf(store);
    assert.equal([...prepare({ path: 'MEMORY.md', text: store.index!.text }, context)].length, 0);
    const memory = store.get('feedback_style.md')!;
    assert.equal([...prepare({ path: memory.path, text: memory.text, memory }, context)].length, 0);
  });

  it('gives the same problems when MEMORY.md changes between its steps', () => {
    const store = rootOf(300);
    const context = contextOf(store);
    const steps = prepare({ path: 'MEMORY.md', text: store.index!.text }, context)[Symbol.iterator]();
    steps.next();
    steps.next();
    const changed = (root: MemoryStore): void => void root.update('MEMORY.md', root.index!.text.replace('tomorrow', 'next week'));
    changed(store);
    while (!steps.next().done);
    assert.deepEqual(relativeDate({ path: 'MEMORY.md', text: store.index!.text }, context), inOneGo(300, changed));
  });

  it("is read in the engine's steps of a check, ahead of the rule, to the problems the rule finds in one go", () => {
    const stepsOf = (engine: ProblemEngine): number => {
      let steps = 0;
      for (const _ of engine.checkSteps()) steps++;
      return steps;
    };
    const stepped = new ProblemEngine(rootOf(400), { typeSet: TYPES, textRules: [relativeDate], modifiedTime: () => MODIFIED });
    // The same rule, not known to read ahead.
    const unprepared = new ProblemEngine(rootOf(400), { typeSet: TYPES, textRules: [(input, context) => relativeDate(input, context)], modifiedTime: () => MODIFIED });
    assert.ok(stepsOf(stepped) >= stepsOf(unprepared) + 5);
    const dates = (engine: ProblemEngine) => engine.problemsFor('MEMORY.md').filter((problem) => problem.code === 'relative-date');
    assert.deepEqual(dates(stepped), inOneGo(400));
    assert.deepEqual(dates(unprepared), inOneGo(400));
  });
});
