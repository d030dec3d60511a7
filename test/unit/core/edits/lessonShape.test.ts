import * as assert from 'node:assert/strict';
import { applyTextEdits, isDurableLesson, isPinned, MemoryStore, parseMemoryFile, planPinned, planStub } from '../../../../src/core';

function memory(text: string) {
  return parseMemoryFile('m.md', text);
}

describe('memories of a root of durable lessons', () => {
  it('pins as the YAML boolean Claude Code writes, a missing key added under metadata, other keys kept', () => {
    const cases = [
      '---\nname: a\ndescription: 커밋은 한국어로\nmetadata:\n  pinned: false\n---\nbody\n',
      '---\nname: b\ndescription: レビューは一日以内\n---\nbody\n',
      '---\nname: c\ndescription: d\nmetadata:\n  originSessionId: 0b3c\n---\nbody\n',
    ];
    for (const text of cases) {
      const before = memory(text);
      const plan = planPinned(before, true);
      assert.ok(plan.ok, text);
      const after = memory(applyTextEdits(text, plan.edits));
      assert.equal(isPinned(after), true, text);
      assert.doesNotMatch(after.text, /"true"/);
      assert.equal(after.description, before.description);
      assert.equal(after.text.slice(after.frontmatter.bodyStart), 'body\n');
    }
    const kept = memory('---\nname: c\ndescription: d\nmetadata:\n  originSessionId: 0b3c\n---\nbody\n');
    const plan = planPinned(kept, true);
    assert.ok(plan.ok);
    const pinned = memory(applyTextEdits(kept.text, plan.edits));
    assert.deepEqual(pinned.frontmatter.data.metadata, { originSessionId: '0b3c', pinned: true });
  });

  it('unpins to false, and changes nothing to unpin a memory with no pin or to pin a pinned one', () => {
    const text = '---\nname: a\ndescription: d\nmetadata:\n  pinned: true\n---\n';
    const plan = planPinned(memory(text), false);
    assert.ok(plan.ok);
    assert.equal(applyTextEdits(text, plan.edits), text.replace('pinned: true', 'pinned: false'));
    assert.deepEqual(planPinned(memory(text), true), { ok: true, edits: [] });
    assert.deepEqual(planPinned(memory('---\nname: a\ndescription: d\n---\n'), false), { ok: true, edits: [] });
  });

  it('a new memory is an unpinned lesson with no type, and no index line where the index is generated', () => {
    const store = new MemoryStore();
    store.update('always-lint.md', '---\nname: always-lint\ndescription: 린트를 먼저 돌린다\nmetadata:\n  pinned: true\n---\n');
    const plan = planStub(store, { name: 'short-answers', type: undefined, description: '答えは短く', pinned: false, indexEntry: false });
    assert.ok(plan.ok);
    assert.deepEqual(plan.edits.map((edit) => edit.kind), ['create']);
    const created = memory(plan.content);
    assert.equal(created.typeLocation, undefined);
    assert.equal(isDurableLesson(created), true);
    assert.equal(isPinned(created), false);
    const written = planStub(store, { name: 'short-answers', type: undefined, pinned: false });
    assert.ok(written.ok);
    assert.deepEqual(written.edits.map((edit) => edit.kind === 'create' ? `create ${edit.path}` : `${edit.kind} ${edit.path}`), ['create short-answers.md', 'create MEMORY.md']);
  });
});
