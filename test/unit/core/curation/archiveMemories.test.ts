import * as assert from 'node:assert/strict';
import { archivedPath, archiveFolderName, planArchiveMemories } from '../../../../src/core';
import { applyFileEdits, storeOf } from '../links/fileEdits';

// A Korean project's memory folder with an entry written as bold prose, as real indexes have them.
function root(): Map<string, string> {
  return new Map([
    ['MEMORY.md', '# Memory\n\n- **Testing** — [feedback_testing.md](feedback_testing.md): 통합 테스트는 실제 VS Code에서 돌린다\n- [Release freeze](project_release-freeze.md) — 목요일 18:00 이후 머지 금지\n- [Role](user_role.md) — backend, on call in week 2\n'],
    ['feedback_testing.md', '---\nname: testing\ndescription: 통합 테스트는 실제 VS Code에서 돌린다\ntype: feedback\n---\n\n모의 객체 대신 실제 VS Code에서 확인한다.\n'],
    ['project_release-freeze.md', '---\nname: release-freeze\ndescription: 목요일 18:00 이후 머지 금지\ntype: project\nstatus: pending\n---\n\n"Freeze" 공지가 #release 에 올라오면 월요일 09:00까지 머지하지 않는다. See [[testing]].\n'],
    ['user_role.md', '---\nname: role\ndescription: backend, on call in week 2\ntype: user\n---\n\nBackend engineer; watches [[release-freeze]] and [[release-freeze|the freeze]] before Thursday deploys.\n'],
  ]);
}

describe('archive memories', () => {
  it('removes only the index line, keeps every backlink as a reservation, and leaves the move out to the adapter', () => {
    const files = root();
    const store = storeOf(files);
    const plan = planArchiveMemories(store, [store.get('project_release-freeze.md')!]);
    assert.deepEqual(plan.moves, ['project_release-freeze.md']);
    assert.ok(plan.edits.every((edit) => edit.kind === 'edit' && edit.path === 'MEMORY.md'), 'no file is deleted or relinked inside the root');
    const after = applyFileEdits(files, plan.edits);
    assert.equal(after.get('MEMORY.md'), '# Memory\n\n- **Testing** — [feedback_testing.md](feedback_testing.md): 통합 테스트는 실제 VS Code에서 돌린다\n- [Role](user_role.md) — backend, on call in week 2\n');
    assert.equal(after.get('user_role.md'), files.get('user_role.md'));
    assert.equal(after.get('project_release-freeze.md'), files.get('project_release-freeze.md'), 'the archived bytes are not touched by core');
    assert.deepEqual(plan.summary, { files: 1, indexLines: 1, links: 2, linkingFiles: 1 });
  });

  it('finds an entry written as bold prose, and plans nothing for a memory with no entry and no backlinks', () => {
    const files = root();
    files.set('feedback_unlisted.md', '---\nname: unlisted\ndescription: 인덱스에 없는 후보\ntype: feedback\nstatus: pending\n---\n');
    const store = storeOf(files);
    assert.equal(applyFileEdits(files, planArchiveMemories(store, [store.get('feedback_testing.md')!]).edits).get('MEMORY.md'),
      '# Memory\n\n- [Release freeze](project_release-freeze.md) — 목요일 18:00 이후 머지 금지\n- [Role](user_role.md) — backend, on call in week 2\n');
    const unlisted = planArchiveMemories(store, [store.get('feedback_unlisted.md')!]);
    assert.deepEqual(unlisted.edits, []);
    assert.deepEqual(unlisted.summary, { files: 1, indexLines: 0, links: 0, linkingFiles: 0 });
  });

  it('removes a list item that lists only what is archived, and keeps a link in prose and an item that also lists a memory that stays', () => {
    const files = root();
    files.set('MEMORY.md', '# Memory\n\n1. **Release freeze** — [project_release-freeze.md](project_release-freeze.md)\n- Testing and freeze: [feedback_testing.md](feedback_testing.md), [project_release-freeze.md](project_release-freeze.md)\n\nDetails of the freeze: [project_release-freeze.md](project_release-freeze.md).\n');
    const store = storeOf(files);
    const plan = planArchiveMemories(store, [store.get('project_release-freeze.md')!]);
    assert.equal(applyFileEdits(files, plan.edits).get('MEMORY.md'),
      '# Memory\n\n- Testing and freeze: [feedback_testing.md](feedback_testing.md), [project_release-freeze.md](project_release-freeze.md)\n\nDetails of the freeze: [project_release-freeze.md](project_release-freeze.md).\n');
    assert.equal(plan.summary.indexLines, 1);
  });

  it('names a root\'s archive folder as one readable path segment', () => {
    assert.equal(archiveFolderName('memory'), 'memory');
    assert.equal(archiveFolderName('docs/memory'), 'docs-memory');
    assert.equal(archiveFolderName('curation-suite/memory'), 'curation-suite-memory');
    assert.equal(archiveFolderName('메모리 (팀)'), '메모리-팀');
    assert.equal(archiveFolderName('../..'), 'memory');
    assert.equal(archiveFolderName('claude-auto-memory--home-ana-my-app'), 'claude-auto-memory--home-ana-my-app');
  });

  it('keeps the path in the archive, and numbers a name an earlier archive took, never overwriting it', () => {
    const taken = new Set(['project_release-freeze.md', 'project_release-freeze~2.md', 'team/notes']);
    assert.equal(archivedPath('feedback_testing.md', (path) => taken.has(path)), 'feedback_testing.md');
    assert.equal(archivedPath('project_release-freeze.md', (path) => taken.has(path)), 'project_release-freeze~3.md');
    assert.equal(archivedPath('team/notes', (path) => taken.has(path)), 'team/notes~2');
    assert.equal(archivedPath('team/.hidden.md', () => false), 'team/.hidden.md');
  });
});
