import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeReaderHost, nodeSyncReaderHost, readRoot, type ReaderHost } from '../../../src/reader';

const posixOnly = process.platform === 'win32' ? it.skip : it;
const memory = (name: string): string => `---\nname: ${name}\ndescription: ${name} notes\ntype: reference\n---\n`;

// The CLI reads synchronously, the extension's file: roots asynchronously: both must refuse the same things.
for (const [label, host] of [['node:fs', nodeReaderHost], ['node:fs, synchronous', nodeSyncReaderHost]] as const satisfies readonly (readonly [string, ReaderHost])[]) describe(`readRoot over ${label}`, () => {
  let scratch: string;
  let root: string;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-reader-'));
    root = join(scratch, 'memory');
    mkdirSync(root);
    writeFileSync(join(root, 'MEMORY.md'), '# Memory\n');
  });

  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  posixOnly('refuses links to a FIFO, /dev/zero and /proc/self/fd/0, and a FIFO in the folder, without blocking', async () => {
    execFileSync('mkfifo', [join(scratch, 'fifo'), join(root, 'raw_pipe.md')]);
    symlinkSync(join(scratch, 'fifo'), join(root, 'pipe.md'));
    symlinkSync('/dev/zero', join(root, 'zero.md'));
    symlinkSync('/proc/self/fd/0', join(root, 'stdin.md'));
    const read = await readRoot(host, root);
    const reasons = new Map(read.skipped.map((skip) => [skip.path, skip.reason.kind]));
    // /proc/self/fd/0 resolves to a terminal or a pipe outside the root, or (with no stdin) to nothing.
    assert.ok(['link-outside-root', 'link-broken'].includes(reasons.get('stdin.md') ?? ''), reasons.get('stdin.md'));
    reasons.delete('stdin.md');
    assert.deepEqual(Object.fromEntries(reasons), { 'pipe.md': 'link-outside-root', 'raw_pipe.md': 'not-regular', 'zero.md': 'link-outside-root' });
    assert.deepEqual([...read.files.keys()], ['MEMORY.md']);
  });

  posixOnly('refuses a link to a FIFO inside the root as not a regular file', async () => {
    execFileSync('mkfifo', [join(root, 'fifo')]);
    symlinkSync('fifo', join(root, 'pipe.md'));
    const read = await readRoot(host, root);
    assert.deepEqual(read.skipped.map((skip) => `${skip.path} ${skip.reason.kind}`), ['pipe.md link-not-regular']);
  });

  posixOnly('reads a link to a memory inside the root, not one leaving it, and does not enter a linked folder', async () => {
    mkdirSync(join(root, 'shared'));
    writeFileSync(join(root, 'shared', 'reference_api.md'), memory('reference-api'));
    writeFileSync(join(scratch, 'outside.md'), memory('outside'));
    symlinkSync('shared/reference_api.md', join(root, 'api.md'));
    symlinkSync(join(scratch, 'outside.md'), join(root, 'outside.md'));
    symlinkSync(root, join(root, 'loop'));
    const read = await readRoot(host, root);
    assert.equal(read.files.get('api.md')?.linkTarget, 'shared/reference_api.md');
    assert.deepEqual(read.skipped.map((skip) => `${skip.path} ${skip.reason.kind}`), ['loop link-folder', 'outside.md link-outside-root']);
  });

  posixOnly('reads a root that is itself a link, measuring inside against where it leads', async () => {
    const project = join(scratch, 'project');
    mkdirSync(project);
    symlinkSync(root, join(project, 'memory'));
    writeFileSync(join(root, 'a.md'), memory('a'));
    symlinkSync('a.md', join(root, 'b.md'));
    const read = await readRoot(host, join(project, 'memory'));
    assert.deepEqual([...read.files.keys()].sort(), ['MEMORY.md', 'a.md', 'b.md']);
    assert.equal(read.realRoot, await host.realPath(root));
  });

  it('reads zero-byte files and skips a file over the limit by its size', async () => {
    writeFileSync(join(root, 'empty.md'), '');
    writeFileSync(join(root, 'big.md'), Buffer.alloc(3 * 1024 * 1024, 0x61));
    const read = await readRoot(host, root);
    assert.equal(read.files.get('empty.md')?.text, '');
    assert.deepEqual(read.skipped.map((skip) => skip.reason), [{ kind: 'too-large', size: 3 * 1024 * 1024, limit: 2 * 1024 * 1024 }]);
  });

  posixOnly('answers "not-regular" for a FIFO swapped in after the folder was listed, without waiting for a writer', async () => {
    execFileSync('mkfifo', [join(root, 'swapped.md')]);
    assert.deepEqual(await host.readRegularFile(join(root, 'swapped.md'), { maxBytes: 100, prefixWhenLarger: false }), { kind: 'not-regular', what: 'other' });
  });

  it('answers "missing" for a file deleted after the folder was listed', async () => {
    assert.deepEqual(await host.readRegularFile(join(root, 'deleted.md'), { maxBytes: 100, prefixWhenLarger: false }), { kind: 'missing' });
  });

  posixOnly('answers "changed" for a regular file replaced by a link after the folder was listed', async () => {
    writeFileSync(join(root, 'a.md'), memory('a'));
    symlinkSync('a.md', join(root, 'swapped.md'));
    assert.deepEqual(await host.readRegularFile(join(root, 'swapped.md'), { maxBytes: 100_000, prefixWhenLarger: false }), { kind: 'changed' });
  });

  // Linux only: macOS and Windows refuse such names, so there is nothing to test there.
  (process.platform === 'linux' ? it : it.skip)('reports a file or folder whose name is not UTF-8 as such, not as deleted', async () => {
    const bytes = (name: string): Buffer => Buffer.concat([Buffer.from(`${root}/`), Buffer.from(name, 'latin1')]);
    writeFileSync(bytes('project_\x9b31m.md'), memory('bad-name'));
    mkdirSync(bytes('team_\xff'));
    writeFileSync(Buffer.concat([bytes('team_\xff'), Buffer.from('/project_inside.md')]), memory('inside'));
    writeFileSync(bytes('notes_\xfe.txt'), 'not ours');
    writeFileSync(join(root, 'project_ok.md'), memory('ok'));
    const read = await readRoot(host, root);
    assert.deepEqual([...read.files.keys()].sort(), ['MEMORY.md', 'project_ok.md']);
    assert.deepEqual(read.skipped.map((skip) => `${skip.path} ${skip.reason.kind}`), ['project_\ufffd31m.md name-not-utf8', 'team_\ufffd name-not-utf8']);
  });
});
