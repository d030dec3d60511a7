import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSmallFile, readSmallTextFile } from '../../../src/reader/smallFile';
import { resolveAutoMemory } from '../../../src/rootLocations/autoMemory';
import { nodeRootsHost } from '../../../src/rootLocations/nodeRootsHost';
import { resolveWorkspaceRoots } from '../../../src/rootLocations/workspaceRoots';

const posixOnly = process.platform === 'win32' ? it.skip : it;

/** Fails instead of hanging: a read that blocks on a FIFO would otherwise stall the whole run. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still reading after ${ms} ms`)), ms))]);
}

describe('reader/smallFile: files that are not memories, read like memories', () => {
  let scratch: string;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-small-'));
  });

  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('reads a regular file, through a link (CLAUDE.md -> AGENTS.md)', async () => {
    writeFileSync(join(scratch, 'AGENTS.md'), '# 규칙\n');
    symlinkSync('AGENTS.md', join(scratch, 'CLAUDE.md'));
    assert.equal(await readSmallTextFile(join(scratch, 'CLAUDE.md')), '# 규칙\n');
    assert.deepEqual(await readSmallFile(join(scratch, 'missing.md')), { kind: 'missing' });
  });

  posixOnly('refuses /dev/zero, a FIFO, /dev/stdin and a folder behind the name, without blocking', async () => {
    symlinkSync('/dev/zero', join(scratch, 'zero.md'));
    execFileSync('mkfifo', [join(scratch, 'fifo.md')]);
    symlinkSync('/proc/self/fd/0', join(scratch, 'stdin.md'));
    mkdirSync(join(scratch, 'folder.md'));
    for (const name of ['zero.md', 'fifo.md', 'stdin.md', 'folder.md']) {
      const result = await within(5000, readSmallFile(join(scratch, name)));
      assert.deepEqual(result, { kind: 'refused', why: 'not-regular' }, name);
    }
  });

  it('refuses a file over the cap without reading it', async () => {
    writeFileSync(join(scratch, 'big.json'), 'x'.repeat(2048));
    assert.deepEqual(await readSmallFile(join(scratch, 'big.json'), 1024), { kind: 'refused', why: 'too-large' });
  });

  posixOnly('root discovery over node:fs finishes with FIFO settings files, a /dev/zero .git and CLAUDE.md', async () => {
    const repo = join(scratch, 'repo');
    mkdirSync(join(repo, '.claude'), { recursive: true });
    mkdirSync(join(repo, 'memory'));
    writeFileSync(join(repo, 'memory', 'MEMORY.md'), '# Memory\n');
    execFileSync('mkfifo', [join(repo, '.claude', 'settings.json'), join(repo, '.claude', 'settings.local.json')]);
    symlinkSync('/dev/zero', join(repo, '.git'));
    symlinkSync('/dev/zero', join(repo, 'CLAUDE.md'));
    const input = { workspaceFolder: repo, homeDir: join(scratch, 'home'), env: {}, trusted: true, configuredRoots: [], showAutoMemory: true };
    const location = await within(5000, resolveAutoMemory(input, nodeRootsHost));
    assert.equal(location.source, 'default');
    const roots = await within(5000, resolveWorkspaceRoots(input, nodeRootsHost));
    assert.deepEqual(roots.map((root) => root.kind), ['auto-memory', 'project-memory']);
  });
});
