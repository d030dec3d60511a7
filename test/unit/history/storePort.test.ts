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
});
