import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { MemoryStore, ProblemCode, ProblemEngine, type ProblemEngineOptions, type RootPath, type StoreChange } from '../../../../src/core';
import { checkedEngine, claudeTypes, withoutVague } from './ruleHelpers';

const lesson = (name: string, pinned: boolean | undefined, description = `${name} 설명`): string =>
  `---\nname: ${name}\ndescription: ${description}\n${pinned === undefined ? '' : `metadata:\n  pinned: ${pinned}\n`}---\n\n본문 ${name}\n`;
const typed = (name: string, description = `${name} description`): string =>
  `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  type: feedback\n---\n\nBody of ${name}.\n`;

function codes(engine: ProblemEngine): string[] {
  // Short fixture bodies read alike; near-duplicates are not what these tests are about.
  return withoutVague(engine.allProblems()).filter((p) => p.code !== ProblemCode.NearDuplicate).map((p) => `${p.path} ${p.code}`).sort();
}

describe('memory shapes: rules follow the shape of each root', () => {
  it('an untyped root of durable lessons has no type-missing; a typed root keeps it', () => {
    const files = new Map([['a.md', lesson('a', true)], ['b.md', lesson('b', false)], ['MEMORY.md', '- [a](a.md) — a\n- [b](b.md) — b\n']]);
    const engine = checkedEngine(files);
    assert.deepEqual(engine.shape(), { typing: 'untyped', index: 'written' });
    assert.deepEqual(codes(engine), []);
    const forced = checkedEngine(files, { shape: { typing: 'typed', index: 'auto' } });
    assert.deepEqual(codes(forced), ['a.md type-missing', 'b.md type-missing']);
    // One durable lesson in a typed folder is still a memory without a type.
    const mixed = checkedEngine(new Map([['a.md', typed('a')], ['b.md', typed('b')], ['c.md', lesson('c', true)], ['MEMORY.md', '- [a](a.md)\n- [b](b.md)\n- [c](c.md)\n']]));
    assert.deepEqual(codes(mixed), ['c.md type-missing']);
    // A lesson from before Claude Code 2.1.285 beside typed memories: a hint offering a type, never a warning (issue #40).
    assert.equal(mixed.problemsFor('c.md').find((p) => p.code === ProblemCode.TypeMissing)?.severity, 'hint');
  });

  it('no longer counts pins: Claude Code 2.1.328 loads no pinned lesson at start, so no limit is passed', () => {
    const five = new Map(['a', 'b', 'c', 'd', 'e'].map((name) => [`${name}.md`, lesson(name, true)] as [string, string]));
    assert.deepEqual(codes(checkedEngine(five)).filter((c) => c.endsWith(ProblemCode.PinnedOverLimit)), []);
  });

  it('a generated-index root has no index drift findings, and its descriptions are checked as index lines against the limit', () => {
    const files = new Map([['a.md', typed('a')], ['b.md', typed('b', 'x'.repeat(250))], ['c.md', typed('c')]]);
    const engine = checkedEngine(files);
    assert.deepEqual(engine.shape(), { typing: 'typed', index: 'generated' });
    // Claude Code cuts b's description to keep its line near 150 characters.
    assert.deepEqual(codes(engine), ['b.md index-entry-long']);
    // It writes at most 140 lines: in file order, the 141st memory is past them.
    const many = new Map(Array.from({ length: 141 }, (_, i) => [`m${String(i).padStart(3, '0')}.md`, typed(`m${String(i).padStart(3, '0')}`)] as [string, string]));
    assert.deepEqual(codes(checkedEngine(many)), ['m140.md index-over-budget']);
    // Forced generated: a MEMORY.md that lists nothing and points at nothing is not what loads.
    const withIndex = checkedEngine(new Map([...files, ['MEMORY.md', '- [gone](gone.md) — x\n']]), { shape: { typing: 'auto', index: 'generated' } });
    assert.deepEqual(codes(withIndex).filter((c) => c.includes('index-unlisted') || c.includes('index-missing-file')), []);
  });

  it('incremental updates give the same problems as a full check, across shape flips, pins and the generated cut', function () {
    this.timeout(60_000);
    const PATHS = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'team/f.md'];
    const memory = fc.record({
      name: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      kind: fc.constantFrom('lesson', 'typed', 'bare'),
      pinned: fc.option(fc.boolean(), { nil: undefined }),
      long: fc.boolean(),
    }).map(({ name, kind, pinned, long }) => {
      const description = long ? `${name} ${'긴 설명 '.repeat(40)}` : `${name} short`;
      return kind === 'typed' ? typed(name, description) : kind === 'lesson' ? lesson(name, pinned ?? false, description) : `---\nname: ${name}\ndescription: ${description}\n---\nbody\n`;
    });
    const op = fc.oneof(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('update' as const), path: fc.constantFrom(...PATHS), text: memory }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('update' as const), path: fc.constant('MEMORY.md'), text: fc.constantFrom('- [a](a.md) — a\n', '# none\n') }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), path: fc.constantFrom(...PATHS, 'MEMORY.md') }) },
    );
    const options: ProblemEngineOptions = { typeSet: claudeTypes, budget: { maxLines: 3, maxChars: 400 } };
    const snapshot = (engine: ProblemEngine): Map<RootPath, unknown> => new Map([...engine.problemPaths()].map((path) => [path, engine.problemsFor(path)]));
    fc.assert(fc.property(fc.array(op, { minLength: 1, maxLength: 20 }), (ops) => {
      const store = new MemoryStore();
      const engine = new ProblemEngine(store, options);
      engine.checkAll();
      for (const step of ops) {
        const before = snapshot(engine);
        const change: StoreChange = step.kind === 'update' ? store.update(step.path, step.text) : store.remove(step.path);
        const reported = new Set(engine.applyChange(change));
        const after = snapshot(engine);
        for (const path of new Set([...before.keys(), ...after.keys()])) {
          if (!reported.has(path)) assert.deepEqual(after.get(path), before.get(path), `${path} changed unreported after ${step.kind} ${step.path}`);
        }
        const fresh = new ProblemEngine(store, options);
        fresh.checkAll();
        assert.deepEqual(after, snapshot(fresh), `incremental and full differ after ${step.kind} ${step.path}`);
      }
    }), { numRuns: 100 });
  });
});
