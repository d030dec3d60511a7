import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemory, LINK_LEAVES, removeMemory, replaceMemory } from '../../../src/cli/memoryWrites';

describe('review writes: a linked folder leading out of the root is refused', () => {
  let base: string;
  let root: string;
  let outside: string;
  const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
  beforeEach(() => {
    base = realpathSync(mkdtempSync(join(tmpdir(), 'memory-shelf-writes-')));
    root = join(base, 'memory');
    outside = join(base, 'outside');
    mkdirSync(root);
    mkdirSync(outside);
    writeFileSync(join(outside, 'a.md'), 'theirs\n');
    symlinkSync(outside, join(root, 'team'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('replaces, removes and creates nothing through team -> ../outside, saying why', async () => {
    assert.equal(await replaceMemory(root, 'team/a.md', bytes('theirs\n'), bytes('ours\n')), LINK_LEAVES);
    assert.equal(await removeMemory(root, 'team/a.md', bytes('theirs\n')), LINK_LEAVES);
    assert.equal(await createMemory(root, 'team/b.md', bytes('new\n')), LINK_LEAVES);
    assert.equal(readFileSync(join(outside, 'a.md'), 'utf8'), 'theirs\n');
    assert.equal(existsSync(join(outside, 'b.md')), false);
  });

  it('still writes inside the root', async () => {
    writeFileSync(join(root, 'c.md'), 'old\n');
    assert.equal(await replaceMemory(root, 'c.md', bytes('old\n'), bytes('new\n')), undefined);
    assert.equal(readFileSync(join(root, 'c.md'), 'utf8'), 'new\n');
    assert.equal(await createMemory(root, 'd.md', bytes('d\n')), undefined);
    assert.equal(await removeMemory(root, 'd.md', bytes('d\n')), undefined);
    assert.equal(existsSync(join(root, 'd.md')), false);
  });
});
