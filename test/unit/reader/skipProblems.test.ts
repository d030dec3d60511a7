import * as assert from 'node:assert/strict';
import { MemoryStore, ProblemEngine, resolveTypeSet } from '../../../src/core';
import { withSkipProblems, type SkippedEntry } from '../../../src/reader';

describe('withSkipProblems', () => {
  it('adds a file-unreadable warning per skipped memory, not for a linked folder, and drops "does not exist" for entries to skipped files', () => {
    const store = new MemoryStore();
    store.update('MEMORY.md', '# Memory\n\n- [Notepad](user_notepad.md) — saved as UTF-16\n- [Gone](user_gone.md) — really missing\n');
    const engine = new ProblemEngine(store, { typeSet: resolveTypeSet('claude-code', undefined) });
    engine.checkAll();
    const skipped: SkippedEntry[] = [{ path: 'user_notepad.md', reason: { kind: 'utf16' } }, { path: 'shared', reason: { kind: 'link-folder' } }];
    const problems = withSkipProblems(engine.allProblems(), store, skipped);
    assert.deepEqual(problems.map((p) => `${p.path}:${p.range.start.line + 1} ${p.severity} ${p.code}`).sort(), [
      'MEMORY.md:4 warning index-missing-file',
      'user_notepad.md:1 warning file-unreadable',
    ]);
    assert.match(problems.find((p) => p.code === 'file-unreadable')?.message ?? '', /UTF-16/);
  });
});
