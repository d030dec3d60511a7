import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editsStayInside, firstEditOutside, writeLanding } from '../../../src/language/editsStayInside';

describe('editsStayInside: the one boundary check of the extension\'s and the language server\'s edits', () => {
  let base: string;
  let root: string;
  before(() => {
    base = mkdtempSync(join(tmpdir(), 'memory-shelf-boundary-'));
    root = join(base, 'memory');
    mkdirSync(root);
    mkdirSync(join(base, 'outside'));
    writeFileSync(join(root, 'a.md'), 'a');
    writeFileSync(join(base, 'outside', 'CLAUDE.md'), 'x');
    symlinkSync(join(base, 'outside'), join(root, 'notes'));
    symlinkSync(join(base, 'outside', 'CLAUDE.md'), join(root, 'CLAUDE.md'));
    symlinkSync(join(base, 'nowhere'), join(root, 'gone'));
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  it('lets edits inside the root through', async () => {
    assert.equal(await editsStayInside(root, [{ kind: 'create', path: 'b.md', content: 'b' }, { kind: 'rename', path: 'a.md', newPath: 'team/a.md' }, { kind: 'edit', path: 'a.md', edits: [] }]), true);
  });

  it('refuses a path spelled out of the root, even to delete', async () => {
    assert.equal(await firstEditOutside(root, [{ kind: 'delete', path: '../a.md' }]), '../a.md');
    assert.equal(await firstEditOutside(root, [{ kind: 'create', path: '/etc/a.md', content: '' }]), '/etc/a.md');
  });

  it('refuses a file created or renamed to through a folder link that leads out, or to nothing', async () => {
    assert.equal(await firstEditOutside(root, [{ kind: 'create', path: 'notes/CLAUDE.md', content: '' }]), 'notes/CLAUDE.md');
    assert.equal(await firstEditOutside(root, [{ kind: 'rename', path: 'a.md', newPath: 'notes/a.md' }]), 'notes/a.md');
    assert.equal(await firstEditOutside(root, [{ kind: 'create', path: 'gone/a.md', content: '' }]), 'gone/a.md');
  });

  it('judges an edited file unless told not to, and never a deleted one (deleting removes the link)', async () => {
    assert.equal(await firstEditOutside(root, [{ kind: 'edit', path: 'CLAUDE.md', edits: [] }]), 'CLAUDE.md');
    assert.equal(await firstEditOutside(root, [{ kind: 'edit', path: 'CLAUDE.md', edits: [] }], { edits: false }), undefined);
    assert.equal(await firstEditOutside(root, [{ kind: 'delete', path: 'CLAUDE.md' }]), undefined);
  });

  it('writeLanding: a write lands through its folders\' links, inside the real root or nowhere', async () => {
    const real = realpathSync(root);
    assert.equal(await writeLanding(real, join(root, 'b.md')), join(real, 'b.md'));
    // The file's own link is not followed: the CLI's writes replace the entry itself.
    assert.equal(await writeLanding(real, join(root, 'CLAUDE.md')), join(real, 'CLAUDE.md'));
    assert.equal(await writeLanding(real, join(root, 'notes', 'a.md')), undefined);
    assert.equal(await writeLanding(real, join(root, 'gone', 'a.md')), undefined);
    assert.equal(await writeLanding(real, join(root, 'missing', 'a.md')), undefined);
  });
});
