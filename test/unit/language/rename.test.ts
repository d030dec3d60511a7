import * as assert from 'node:assert/strict';
import { createMemoryLanguage } from '../../../src/language/memoryLanguage';
import type { RootSession } from '../../../src/language/rootSession';
import { answerRoot, FILES } from './answerRoot';

const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });
const onLink = { line: 5, character: 45 };

describe('the language layer\'s rename, without VS Code or a language server', () => {
  const language = createMemoryLanguage();
  let session: RootSession;
  let dispose: () => void;
  before(async () => ({ session, dispose } = await answerRoot()));
  after(() => dispose());

  it('prepare: a [[link]] to a memory offers its name; off a link or a name, nothing', () => {
    assert.deepEqual(language.prepareRename(session, 'commit-style.md', FILES['commit-style.md'], onLink), { range: range(5, 43, 55), placeholder: 'deploy-steps' });
    assert.equal(language.prepareRename(session, 'commit-style.md', FILES['commit-style.md'], { line: 5, character: 2 }), undefined);
  });

  it('renames the name and every link to it; the file and its index entry only when asked', () => {
    const kept = language.rename(session, 'commit-style.md', FILES['commit-style.md'], onLink, 'release-steps', () => false);
    assert.deepEqual(kept, {
      ok: true,
      edits: [
        { kind: 'edit', path: 'deploy-steps.md', edits: [{ range: range(1, 6, 18), newText: 'release-steps' }] },
        { kind: 'edit', path: 'commit-style.md', edits: [{ range: range(5, 43, 55), newText: 'release-steps' }] },
      ],
    });
    const moved = language.rename(session, 'commit-style.md', FILES['commit-style.md'], onLink, 'release-steps', (memory) => memory.path === 'deploy-steps.md');
    assert.ok(moved.ok);
    assert.deepEqual(moved.edits.slice(2), [
      { kind: 'edit', path: 'MEMORY.md', edits: [{ range: range(3, 17, 32), newText: 'release-steps.md' }] },
      { kind: 'rename', path: 'deploy-steps.md', newPath: 'release-steps.md' },
    ]);
  });

  it('with no one to ask, `rename.renameFile: ask` renames a file that follows the name, `never` does not', async () => {
    const asked = language.renameUnasked(session, 'commit-style.md', FILES['commit-style.md'], onLink, 'release-steps');
    assert.ok(asked.ok && asked.edits.some((edit) => edit.kind === 'rename' && edit.newPath === 'release-steps.md'));
    const never = await answerRoot({ 'rename.renameFile': 'never' });
    try {
      const kept = language.renameUnasked(never.session, 'commit-style.md', FILES['commit-style.md'], onLink, 'release-steps');
      assert.ok(kept.ok && !kept.edits.some((edit) => edit.kind === 'rename'));
    } finally {
      never.dispose();
    }
  });

  it('refuses in translatable text: off a link, or to a name another memory has', () => {
    assert.deepEqual(language.rename(session, 'commit-style.md', FILES['commit-style.md'], { line: 5, character: 2 }, 'x', () => false), { ok: false, reason: { template: 'Rename a memory from a [[link]] to it or from its name: value.', args: [] } });
    assert.deepEqual(language.rename(session, 'commit-style.md', FILES['commit-style.md'], onLink, 'commit-style', () => false), { ok: false, reason: { template: '"{0}" is already the name of {1}.', args: ['commit-style', 'commit-style.md'] } });
  });
});
