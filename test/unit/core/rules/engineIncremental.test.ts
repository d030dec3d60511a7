import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { MemoryStore, ProblemEngine, readsTextOnly, relativeDate, secret, type ProblemEngineOptions, type RootPath, type StoreChange, type TextRule } from '../../../../src/core';
import { claudeTypes, withoutVague } from './ruleHelpers';

// A small world, so that random edits keep colliding: shared names, links to each other's names and
// stems, near-duplicate bodies in three languages, an index that lists, repeats and misses files.
const PATHS = ['a.md', 'b_note.md', 'team/c.md', 'feedback_x.md', 'user_profile.md', 'dup_1.md', 'dup_2.md'];
const NAMES = ['a', 'b-note', 'feedback-x', 'user-profile', 'shared', 'Shared', '사용자', 'dup-1'];
const LINK_TARGETS = [...NAMES, 'missing-one', 'Feedback_X', 'b_note', 'c', 'dup_2'];
const BODIES = [
  'LaTeX does not render in this viewer, so write formulas in Unicode instead of dollar signs.',
  'LaTeX does not render in the viewer; write the formulas in Unicode rather than with dollar signs.',
  '실측 데이터가 없을 때 표의 셀은 빈칸으로 남겨둔다. 이론값 생성은 조작으로 간주한다.',
  '실측 데이터가 없으면 표의 셀은 빈칸으로 남긴다. 이론값을 만들어 넣는 것은 조작으로 간주한다.',
  '実測データは研究室の共有ドライブにある。生データは共有ドライブにのみ置き、ローカルにコピーしない。',
  '実測データは研究室の共有ドライブに置いてある。生データは共有ドライブだけに置き、ローカルにはコピーしない。',
  'Deploys happen from the main branch only, after every check has passed on the pull request.',
  'short',
  'Ship the report next week; the token is ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  '지난주에 정한 대로 보고서는 내일 보낸다.',
  // Long enough to have a subject: description-body-mismatch under any other description, and its
  // words common or rare in the root's descriptions as they come and go.
  'Terraform state lives in S3 with the lock in DynamoDB. Terraform plan runs in CI; terraform apply only after the merge. A local Terraform state drifted from S3 and left a DynamoDB lock behind, so keep the S3 backend and ask before unlocking DynamoDB.',
];

const memoryText = fc
  .record({
    shape: fc.constantFrom('ok', 'ok', 'ok', 'missing', 'invalid'),
    name: fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
    description: fc.option(fc.constantFrom(...BODIES), { nil: undefined }),
    type: fc.option(fc.constantFrom('user', 'feedback', 'opinion'), { nil: undefined }),
    metadata: fc.boolean(),
    body: fc.constantFrom(...BODIES),
    links: fc.array(fc.constantFrom(...LINK_TARGETS), { maxLength: 3 }),
    crlf: fc.boolean(),
    modified: fc.option(fc.constantFrom('2026-06-03', '2026-07-01T09:00:00Z'), { nil: undefined }),
  })
  .map(({ shape, name, description, type, metadata, body, links, crlf, modified }) => {
    const lines: string[] = [];
    if (shape !== 'missing') {
      lines.push('---');
      if (name !== undefined) lines.push(`name: ${name}`);
      if (description !== undefined) lines.push(`description: ${description}`);
      if (shape === 'invalid') lines.push('broken: [unclosed');
      if (type !== undefined) lines.push(...(metadata ? ['metadata:', `  type: ${type}`] : [`type: ${type}`]));
      if (modified !== undefined) lines.push(`modified: ${modified}`);
      lines.push('---');
    }
    lines.push(body, links.map((target) => `See [[${target}]].`).join(' '));
    return lines.join(crlf ? '\r\n' : '\n');
  });

const indexText = fc
  .record({
    entries: fc.array(fc.tuple(fc.constantFrom(...PATHS, 'gone.md'), fc.constantFrom('hook', 'due next week', '어제 정함')), { maxLength: 9 }),
    malformed: fc.boolean(),
    trailingBreak: fc.boolean(),
    crlf: fc.boolean(),
  })
  .map(({ entries, malformed, trailingBreak, crlf }) => {
    const lines = ['# Memory index', '', ...entries.map(([path, hook], i) => `- [Entry ${i}](${path}) — ${hook} ${i}`)];
    if (malformed) lines.push('- an entry without a link.md');
    const eol = crlf ? '\r\n' : '\n';
    return lines.join(eol) + (trailingBreak ? eol : '');
  });

const operation = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('update' as const), path: fc.constantFrom(...PATHS), text: memoryText }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('update' as const), path: fc.constant('MEMORY.md'), text: indexText }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), path: fc.constantFrom(...PATHS, 'MEMORY.md') }) },
);

function snapshot(engine: ProblemEngine): Map<RootPath, unknown> {
  const result = new Map<RootPath, unknown>();
  for (const path of engine.problemPaths()) result.set(path, engine.problemsFor(path));
  return result;
}

function checkSequence(ops: readonly ({ kind: 'update'; path: string; text: string } | { kind: 'remove'; path: string })[], options: ProblemEngineOptions): void {
  const store = new MemoryStore();
  const engine = new ProblemEngine(store, options);
  engine.checkAll();
  for (const op of ops) {
    const before = snapshot(engine);
    const change: StoreChange = op.kind === 'update' ? store.update(op.path, op.text) : store.remove(op.path);
    const reported = new Set(engine.applyChange(change));
    const after = snapshot(engine);
    // Every file whose problems changed is reported, so the adapter republishes it.
    for (const path of new Set([...before.keys(), ...after.keys()])) {
      if (!reported.has(path)) assert.deepEqual(after.get(path), before.get(path), `${path} changed but was not reported after ${op.kind} ${op.path}`);
    }
    const fresh = new ProblemEngine(store, options);
    fresh.checkAll();
    assert.deepEqual(after, snapshot(fresh), `incremental and full check differ after ${op.kind} ${op.path}`);
  }
}

describe('ProblemEngine incremental updates', () => {
  it('give the same problems as a full check after every step of random edits', () => {
    fc.assert(fc.property(fc.array(operation, { minLength: 1, maxLength: 25 }), (ops) => checkSequence(ops, { typeSet: claudeTypes })), { numRuns: 150 });
  });

  it('stay the same as a full check when near-duplicate buckets fill past their limit and empty again', () => {
    const options = { typeSet: claudeTypes, nearDuplicates: { maxBucketSize: 2 } };
    fc.assert(fc.property(fc.array(operation, { minLength: 1, maxLength: 25 }), (ops) => checkSequence(ops, options)), { numRuns: 100 });
  });

  it('run text rules (relative dates, secrets) on memories and MEMORY.md, incrementally too', () => {
    const options = { typeSet: claudeTypes, textRules: [relativeDate, secret], modifiedTime: () => Date.UTC(2026, 6, 30) };
    fc.assert(fc.property(fc.array(operation, { minLength: 1, maxLength: 15 }), (ops) => checkSequence(ops, options)), { numRuns: 60 });
    const store = new MemoryStore();
    store.update('MEMORY.md', '# Index\n- [A](a.md) — due next week\n');
    store.update('a.md', `---\nname: a\ndescription: d\ntype: user\n---\n${BODIES[8]}\n`);
    const engine = new ProblemEngine(store, options);
    engine.checkAll();
    assert.deepEqual(engine.problemsFor('a.md').map((p) => p.code), ['relative-date', 'secret']);
    assert.deepEqual(engine.problemsFor('MEMORY.md').map((p) => p.code), ['relative-date']);
  });

  it('re-checks MEMORY.md’s relative dates when the memory an entry points at changes its date or goes', () => {
    const store = new MemoryStore();
    store.update('MEMORY.md', '# Index\n- [A](a.md) — due next week\n');
    const dated = (day: string): string => `---\nname: a\ndescription: d\ntype: user\nmodified: ${day}\n---\n`;
    store.update('a.md', dated('2026-06-03'));
    const engine = new ProblemEngine(store, { typeSet: claudeTypes, textRules: [relativeDate], modifiedTime: () => Date.UTC(2026, 6, 30) });
    engine.checkAll();
    const fixOf = (): [string | undefined, boolean | undefined] => {
      const fix = engine.problemsFor('MEMORY.md').find((p) => p.code === 'relative-date')?.fixes?.[0];
      const edit = fix?.edits[0];
      return [edit?.kind === 'edit' ? edit.edits[0].newText : undefined, fix?.safe];
    };
    assert.deepEqual(fixOf(), ['the week of 2026-06-08', true]);
    assert.deepEqual(engine.applyChange(store.update('a.md', dated('2026-07-01'))), ['MEMORY.md']);
    assert.deepEqual(fixOf(), ['the week of 2026-07-06', true]);
    // A body edit leaves the date, and MEMORY.md, as they were.
    assert.deepEqual(engine.applyChange(store.update('a.md', dated('2026-07-01') + 'More.\n')), []);
    assert.deepEqual(engine.applyChange(store.remove('a.md')), ['MEMORY.md']);
    assert.equal(fixOf()[1], false);
  });

  it('runs a rule that reads only the text again on MEMORY.md only when MEMORY.md’s text changes', () => {
    const runs: string[] = [];
    const counting = readsTextOnly<TextRule>((input, context) => {
      runs.push(input.path);
      return secret(input, context);
    });
    const store = new MemoryStore();
    const token = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    store.update('MEMORY.md', `# Index\n- [A](a.md) — due next week, token ${token}\n`);
    const dated = (day: string): string => `---\nname: a\ndescription: d\ntype: user\nmodified: ${day}\n---\n`;
    store.update('a.md', dated('2026-06-03'));
    const engine = new ProblemEngine(store, { typeSet: claudeTypes, textRules: [relativeDate, counting], modifiedTime: () => Date.UTC(2026, 6, 30) });
    engine.checkAll();
    assert.deepEqual(runs.sort(), ['MEMORY.md', 'a.md']);
    runs.length = 0;
    // The memory's date re-checks MEMORY.md's relative dates, not its secrets.
    assert.deepEqual(engine.applyChange(store.update('a.md', dated('2026-07-01'))), ['MEMORY.md']);
    assert.deepEqual(runs, ['a.md']);
    assert.deepEqual(engine.problemsFor('MEMORY.md').map((p) => p.code), ['relative-date', 'secret']);
    runs.length = 0;
    engine.applyChange(store.update('MEMORY.md', `# Index\n- [A](a.md) — token ${token}\n`));
    assert.deepEqual(runs, ['MEMORY.md']);
    assert.deepEqual(engine.problemsFor('MEMORY.md').map((p) => p.code), ['secret']);
  });

  it('re-checks a name-file mismatch whose rename target appears or goes', () => {
    const store = new MemoryStore();
    store.update('a.md', '---\nname: b-c\ndescription: d\ntype: user\n---\n');
    const engine = new ProblemEngine(store, { typeSet: claudeTypes });
    engine.checkAll();
    const titles = (): string[] => engine.problemsFor('a.md')[0].fixes!.map((fix) => fix.title);
    assert.deepEqual(titles(), ['Rename the file to b_c.md', 'Change the name to a']);
    // B_C.md's own name does not match it either: both files change.
    assert.deepEqual(engine.applyChange(store.update('B_C.md', '---\nname: other\ndescription: d\ntype: user\n---\n')).sort(), ['B_C.md', 'a.md']);
    assert.deepEqual(titles(), ['Change the name to a']);
    assert.deepEqual(engine.applyChange(store.remove('B_C.md')).sort(), ['B_C.md', 'a.md']);
    assert.deepEqual(titles(), ['Rename the file to b_c.md', 'Change the name to a']);
  });

  it('reports near-duplicates that a bucket falling back under its limit brings back', () => {
    const store = new MemoryStore();
    const copy = (name: string): string => `---\nname: ${name}\ndescription: ${BODIES[0]}\ntype: user\n---\n${BODIES[6]}\n`;
    for (const name of ['x', 'y', 'z']) store.update(`${name}.md`, copy(name));
    const engine = new ProblemEngine(store, { typeSet: claudeTypes, nearDuplicates: { maxBucketSize: 2 } });
    engine.checkAll();
    // Three identical texts share every band: each bucket is past the limit, so none is a candidate.
    assert.equal([...engine.allProblems()].length, 0);
    assert.deepEqual(engine.applyChange(store.remove('z.md')).sort(), ['x.md', 'y.md']);
    assert.deepEqual(engine.problemsFor('x.md').map((p) => [p.code, p.related?.[0].path]), [['near-duplicate', 'y.md']]);
    assert.deepEqual(engine.applyChange(store.update('z.md', copy('z'))).sort(), ['x.md', 'y.md']);
    assert.equal([...engine.allProblems()].length, 0);
  });

  it('re-checks the linkers of a memory that appears, and reports only the files that changed', () => {
    const store = new MemoryStore();
    store.update('MEMORY.md', '# Index\n- [A](a.md) — a\n');
    store.update('a.md', '---\nname: a\ndescription: links to b\ntype: user\n---\nSee [[b]].\n');
    store.update('c.md', '---\nname: c\ndescription: unrelated\ntype: user\n---\n');
    const engine = new ProblemEngine(store, { typeSet: claudeTypes });
    engine.checkAll();
    assert.deepEqual(withoutVague(engine.problemsFor('a.md')).map((p) => p.code), ['link-dangling']);
    const changed = engine.applyChange(store.update('b.md', '---\nname: b\ndescription: now exists\ntype: user\n---\n'));
    assert.deepEqual(changed.sort(), ['a.md', 'b.md']);
    assert.deepEqual(withoutVague(engine.problemsFor('a.md')), []);
    assert.deepEqual(withoutVague(engine.problemsFor('b.md')).map((p) => p.code), ['index-unlisted']);
    assert.deepEqual(engine.applyChange(store.remove('b.md')).sort(), ['a.md', 'b.md']);
    assert.deepEqual(withoutVague(engine.problemsFor('b.md')), []);
  });

  it('reports every memory when MEMORY.md appears or goes, since each one’s listing changed', () => {
    const store = new MemoryStore();
    store.update('a.md', '---\nname: a\ndescription: first\ntype: user\n---\n');
    store.update('b.md', '---\nname: b\ndescription: second\ntype: user\n---\n');
    const engine = new ProblemEngine(store, { typeSet: claudeTypes });
    engine.checkAll();
    assert.equal(withoutVague(engine.allProblems()).length, 0);
    assert.deepEqual(engine.applyChange(store.update('MEMORY.md', '# Index\n- [A](a.md) — first\n')).sort(), ['b.md']);
    assert.deepEqual(withoutVague(engine.problemsFor('b.md')).map((p) => p.code), ['index-unlisted']);
    assert.deepEqual(engine.applyChange(store.remove('MEMORY.md')), ['b.md']);
  });
});
