import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashBytes, History } from '../../../src/history';
import type { Log } from '../../../src/workspace/log';
import { openHistoryPort } from '../../../src/workspace/history/storePort';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('the extension\'s history port', () => {
  let scratch: string;
  let saved: string | undefined;

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'memory-shelf-port-'));
    mkdirSync(join(scratch, 'memory'));
    saved = process.env.MEMORY_SHELF_HISTORY_DIR;
    process.env.MEMORY_SHELF_HISTORY_DIR = join(scratch, 'history');
  });

  afterEach(() => {
    if (saved === undefined) delete process.env.MEMORY_SHELF_HISTORY_DIR;
    else process.env.MEMORY_SHELF_HISTORY_DIR = saved;
    rmSync(scratch, { recursive: true, force: true });
  });

  it('approves a batch (a baseline, a session\'s changes) in the store, withdrawals included', async () => {
    const log = { info: () => undefined, warn: () => undefined } as unknown as Log;
    const port = openHistoryPort(log);
    assert.ok(port);
    const rootPath = join(scratch, 'memory');
    await port.approve(rootPath, [{ path: 'a.md', bytes: bytes('a') }, { path: 'b.md', bytes: bytes('b') }]);
    await port.approve(rootPath, [{ path: 'a.md', bytes: null }, { path: 'c.md', bytes: bytes('c') }]);
    assert.deepEqual([...(await port.approvals(rootPath)).approved].sort(), [['b.md', hashBytes(bytes('b'))], ['c.md', hashBytes(bytes('c'))]]);
    assert.equal(Buffer.from((await port.blob(rootPath, hashBytes(bytes('b'))))!).toString(), 'b');
    const root = await History.open({ dir: join(scratch, 'history') }).root(rootPath);
    assert.equal(readFileSync(join(root.folder, 'approvals.jsonl'), 'utf8').trimEnd().split('\n').length, 4);
  });

  it('counts the versions holding a secret, then replaces them with redacted copies, the approval following', async () => {
    const log = { info: () => undefined, warn: () => undefined } as unknown as Log;
    const port = openHistoryPort(log)!;
    const rootPath = join(scratch, 'memory');
    const leaked = bytes('Release bot: ghp_R8kT2mWq9ZxL4vN7bC1yH6pD3sF0gJ5aE8uK\n');
    await port.record(rootPath, [{ path: 'a.md', bytes: leaked, origin: { author: 'agent', source: 'disk-change' } }]);
    await port.approve(rootPath, [{ path: 'a.md', bytes: leaked }]);
    await port.record(rootPath, [{ path: 'a.md', bytes: bytes('Release bot: kept in the vault\n'), origin: { author: 'person', source: 'save' } }]);
    assert.equal(await port.purgeSecret(rootPath, 'a.md', true), 1);
    assert.equal(await port.blob(rootPath, hashBytes(leaked)) !== undefined, true, 'a dry run changes nothing');
    assert.equal(await port.purgeSecret(rootPath, 'a.md', false), 1);
    assert.equal(await port.blob(rootPath, hashBytes(leaked)), undefined);
    const redacted = hashBytes(bytes('Release bot: <redacted>\n'));
    assert.equal((await port.approvals(rootPath)).approved.get('a.md'), redacted);
    assert.deepEqual((await port.versions(rootPath, 'a.md')).map((version) => version.hash).reverse(), [redacted, hashBytes(bytes('Release bot: kept in the vault\n'))]);
    assert.equal(await port.purgeSecret(rootPath, 'a.md', false), 0);
  });
});
