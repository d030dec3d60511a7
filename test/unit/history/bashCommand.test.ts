import * as assert from 'node:assert/strict';
import { bashTouches, type ResolveWord } from '../../../src/core/history/bashCommand';

// The memory folder is /p/memory; words are resolved against /p as the hook does.
const resolve: ResolveWord = (word) => {
  const path = word.startsWith('/') ? word : `/p/${word.replace(/^\.\//, '')}`;
  if (path === '/p/memory' || path === '/p/memory/') return { folder: '/p/memory', file: undefined };
  if (!path.startsWith('/p/memory/')) return undefined;
  const file = path.slice('/p/memory/'.length);
  return { folder: '/p/memory', file: /[*?]/.test(file) ? undefined : file };
};
const files = (command: string) => {
  const touch = bashTouches(command, resolve);
  return touch.kind === 'files' ? { deletes: touch.deletes.map((hit) => hit.file), writes: touch.writes.map((hit) => hit.file) } : touch.kind;
};

describe('bashTouches', () => {
  it('reads deletions, moves, in-place edits and redirections of memory files', () => {
    assert.deepEqual(files('rm memory/a.md'), { deletes: ['a.md'], writes: [] });
    assert.deepEqual(files('rm -f "memory/with space.md" /p/memory/b.md'), { deletes: ['with space.md', 'b.md'], writes: [] });
    assert.deepEqual(files('mv memory/a.md memory/team/a.md'), { deletes: ['a.md'], writes: ['team/a.md'] });
    assert.deepEqual(files("sed -i 's/x/y/' memory/a.md"), { deletes: [], writes: ['a.md'] });
    assert.deepEqual(files('echo "- [C](c.md)" >> memory/MEMORY.md'), { deletes: [], writes: ['MEMORY.md'] });
    assert.deepEqual(files('cd /p && LANG=C /bin/rm memory/결정.md 2>&1'), { deletes: ['결정.md'], writes: [] });
    assert.deepEqual(files('cat x | tee memory/a.md > /dev/null'), { deletes: [], writes: ['a.md'] });
  });

  it('treats what it cannot read file by file as the whole folder', () => {
    assert.deepEqual(bashTouches('rm -rf memory', resolve), { kind: 'folders', folders: ['/p/memory'], deletes: true });
    assert.deepEqual(bashTouches('rm memory/*.md', resolve), { kind: 'folders', folders: ['/p/memory'], deletes: true });
    assert.deepEqual(bashTouches('git checkout -- memory/a.md', resolve), { kind: 'folders', folders: ['/p/memory'], deletes: true });
    assert.equal(bashTouches('find memory -name "*.md" -delete', resolve).kind, 'folders');
  });

  it('leaves reading commands and other folders alone', () => {
    assert.equal(files('cat memory/a.md'), 'none');
    assert.equal(files('grep -r foo memory'), 'none');
    assert.equal(files("sed 's/x/y/' memory/a.md"), 'none');
    assert.equal(files('git diff memory/a.md'), 'none');
    assert.equal(files('rm -rf build && npm test'), 'none');
    assert.equal(files('ls memory 2>&1 >/dev/null'), 'none');
  });
});
