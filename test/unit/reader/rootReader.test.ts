import * as assert from 'node:assert/strict';
import { readRoot, type RootRead, type SkipReason } from '../../../src/reader';
import { FakeReaderHost } from './fakeReaderHost';

const memory = (name: string): string => `---\nname: ${name}\ndescription: ${name} notes\ntype: feedback\n---\nBody.\n`;
const skips = (read: RootRead): string[] => read.skipped.map((skip) => `${skip.path} ${skip.reason.kind}`);

describe('readRoot over a fake host', () => {
  it('reads memory files and MEMORY.md, leaving hidden folders and other files alone', async () => {
    const host = new FakeReaderHost({
      '/r/MEMORY.md': '# Memory\n',
      '/r/feedback_testing.md': memory('feedback-testing'),
      '/r/projects/project_release.md': memory('project-release'),
      '/r/.git/notes.md': memory('hidden'),
      '/r/.obsidian/app.json': '{}',
      '/r/photo.png': new Uint8Array([0x89, 0x50, 0, 0]),
    });
    const read = await readRoot(host, '/r');
    assert.deepEqual([...read.files.keys()].sort(), ['MEMORY.md', 'feedback_testing.md', 'projects/project_release.md']);
    assert.deepEqual(read.skipped, []);
    assert.ok(!host.reads.some((path) => path.includes('.git') || path.endsWith('.png')), 'nothing it does not check is opened');
  });

  it('follows a linked file only to a regular file inside the real root', async () => {
    const host = new FakeReaderHost({
      '/r/MEMORY.md': '# Memory\n',
      '/r/shared/reference_api.md': memory('reference-api'),
      '/r/api.md': { kind: 'link', target: 'shared/reference_api.md' },
      '/r/escape.md': { kind: 'link', target: '../home/.aws/credentials' },
      '/home/.aws/credentials': '[default]\naws_secret_access_key = x\n',
      '/r/nothing.md': { kind: 'link', target: 'gone.md' },
      '/r/pipe.md': { kind: 'link', target: 'fifo' },
      '/r/fifo': { kind: 'other' },
      '/r/loop': { kind: 'link', target: '.' },
      '/r/elsewhere': { kind: 'link', target: '/home' },
      '/r/raw.md': { kind: 'other' },
    });
    const read = await readRoot(host, '/r');
    assert.equal(read.files.get('api.md')?.linkTarget, 'shared/reference_api.md');
    assert.deepEqual(skips(read), ['elsewhere link-folder', 'escape.md link-outside-root', 'loop link-folder', 'nothing.md link-broken', 'pipe.md link-not-regular', 'raw.md not-regular']);
    assert.ok(!host.reads.includes('/home/.aws/credentials'));
  });

  it('measures "inside" against the real root, so a root reached through a link still reads its own links', async () => {
    const host = new FakeReaderHost({
      '/project/memory': { kind: 'link', target: '/store/memory' },
      '/store/memory/a.md': memory('a'),
      '/store/memory/b.md': { kind: 'link', target: 'a.md' },
      '/store/secret.md': memory('secret'),
      '/store/memory/c.md': { kind: 'link', target: '../secret.md' },
    });
    const read = await readRoot(host, '/project/memory');
    assert.equal(read.realRoot, '/store/memory');
    assert.deepEqual([...read.files.keys()].sort(), ['a.md', 'b.md']);
    assert.deepEqual(skips(read), ['c.md link-outside-root']);
  });

  it('refuses every linked file on a host that cannot say where links lead', async () => {
    const host = new FakeReaderHost({ '/r/a.md': memory('a'), '/r/b.md': { kind: 'link', target: 'a.md' } }, false);
    assert.deepEqual(skips(await readRoot(host, '/r')), ['b.md link-unverifiable']);
  });

  it('says why a file is not text: binary, UTF-16 (with or without a byte-order mark), invalid UTF-8; a zero-byte file is a memory', async () => {
    const utf16 = (text: string, bom: boolean): Uint8Array => new Uint8Array([...(bom ? [0xff, 0xfe] : []), ...[...text].flatMap((c) => [c.charCodeAt(0), 0])]);
    const host = new FakeReaderHost({
      '/r/image.md': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      '/r/notepad.md': utf16('---\nname: notepad\n---\n', true),
      '/r/nobom.md': utf16('---\nname: nobom\ndescription: saved by an old editor\n---\n', false),
      '/r/latin1.md': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      '/r/empty.md': new Uint8Array(0),
      '/r/bom.md': '\uFEFF' + memory('bom'),
    });
    const read = await readRoot(host, '/r');
    assert.deepEqual(skips(read), ['image.md binary', 'latin1.md invalid-utf8', 'nobom.md utf16', 'notepad.md utf16']);
    assert.equal(read.files.get('empty.md')?.text, '');
    assert.equal(read.files.get('bom.md')?.text.charCodeAt(0), 0xfeff);
  });

  it('skips a memory over the size limit, and reads a large MEMORY.md up to its last whole line, marked as cut', async () => {
    const index = '# Memory\n' + '- [Entry](entry.md) — 항목\n'.repeat(100);
    const host = new FakeReaderHost({ '/r/MEMORY.md': index, '/r/big.md': 'x'.repeat(5000) });
    const read = await readRoot(host, '/r', { maxBytes: 1000 });
    const reasons = read.skipped.map((skip) => skip.reason);
    assert.deepEqual(reasons, [{ kind: 'index-prefix', size: Buffer.byteLength(index), limit: 1000 }, { kind: 'too-large', size: 5000, limit: 1000 }] satisfies SkipReason[]);
    const cut = read.files.get('MEMORY.md');
    assert.equal(cut?.truncated, true);
    assert.ok(cut.text.endsWith('\n') && index.startsWith(cut.text) && Buffer.byteLength(cut.text) <= 1000);
  });

  it('reads a file again when it changed while read, skips it when it keeps changing, and reports one deleted mid-scan', async () => {
    const host = new FakeReaderHost({ '/r/settling.md': memory('settling'), '/r/churning.md': memory('churning'), '/r/gone.md': memory('gone') });
    let settling = 0;
    host.onRead = (path) => {
      if (path === '/r/settling.md' && settling++ === 0) return { kind: 'changed' };
      if (path === '/r/churning.md') return { kind: 'changed' };
      if (path === '/r/gone.md') return { kind: 'missing' };
      return undefined;
    };
    const read = await readRoot(host, '/r');
    assert.deepEqual([...read.files.keys()], ['settling.md']);
    assert.deepEqual(skips(read), ['churning.md changing', 'gone.md vanished']);
    assert.equal(host.reads.filter((path) => path === '/r/churning.md').length, 3, 'a bounded number of attempts');
  });

  it('reports a folder named MEMORY.md as a missing index and still reads the memories in it', async () => {
    const host = new FakeReaderHost({ '/r/a.md': memory('a'), '/r/MEMORY.md/b.md': memory('b') });
    const read = await readRoot(host, '/r');
    assert.deepEqual([...read.files.keys()].sort(), ['MEMORY.md/b.md', 'a.md']);
    assert.deepEqual(skips(read), ['MEMORY.md index-folder']);
  });

  it('reports a folder it cannot list and goes on; a root it cannot list is an error', async () => {
    const host = new FakeReaderHost({ '/r/a.md': memory('a'), '/r/locked/b.md': memory('b') });
    host.unlistable.add('/r/locked');
    assert.deepEqual(skips(await readRoot(host, '/r')), ['locked folder-unreadable']);
    host.unlistable.add('/r');
    await assert.rejects(readRoot(host, '/r'), /denied/);
  });

  it('never has more host calls running than its concurrency', async () => {
    const tree: Record<string, string> = {};
    for (let folder = 0; folder < 10; folder++) for (let file = 0; file < 30; file++) tree[`/r/f${folder}/m${file}.md`] = memory(`m${folder}-${file}`);
    const host = new FakeReaderHost(tree);
    const read = await readRoot(host, '/r', { concurrency: 4 });
    assert.equal(read.files.size, 300);
    assert.ok(host.mostRunning <= 4 && host.mostRunning >= 2, `at most 4 at once, and more than one: ${host.mostRunning}`);
  });

  it('reads nothing in Claude Code\'s protected agents/ folder or a dot folder, walking or from a named start; team/agents/ is memory', async () => {
    const host = new FakeReaderHost({
      '/r/a.md': memory('a'),
      '/r/agents/reviewer.md': 'You review pull requests.',
      '/r/.trash/old.md': 'old',
      '/r/team/agents/b.md': memory('b'),
    });
    assert.deepEqual([...(await readRoot(host, '/r')).files.keys()].sort(), ['a.md', 'team/agents/b.md']);
    assert.equal((await readRoot(host, '/r', { start: 'agents' })).files.size, 0);
    assert.equal((await readRoot(host, '/r', { start: 'agents/reviewer.md' })).files.size, 0);
    assert.equal((await readRoot(host, '/r', { start: '.trash/old.md' })).files.size, 0);
  });

  it('reads only what `start` names: one file, one folder, nothing through a linked folder', async () => {
    const host = new FakeReaderHost({
      '/r/a.md': memory('a'),
      '/r/sub/b.md': memory('b'),
      '/r/sub/c.md': memory('c'),
      '/r/via': { kind: 'link', target: 'sub' },
    });
    assert.deepEqual([...(await readRoot(host, '/r', { start: 'a.md' })).files.keys()], ['a.md']);
    assert.deepEqual([...(await readRoot(host, '/r', { start: 'sub' })).files.keys()].sort(), ['sub/b.md', 'sub/c.md']);
    assert.equal((await readRoot(host, '/r', { start: 'via/b.md' })).files.size, 0);
    assert.equal((await readRoot(host, '/r', { start: 'missing.md' })).files.size, 0);
  });
});
