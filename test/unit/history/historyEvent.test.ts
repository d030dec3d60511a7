import * as assert from 'node:assert/strict';
import { addsAttribution, foldApprovals, formatEventLine, isHistoryPath, parseEventLog, pathNeedle, type HistoryEvent } from '../../../src/core/history/historyEvent';
import { choosePrune, type BlobUse } from '../../../src/core/history/pruning';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

describe('history log lines', () => {
  it('round-trips an event, Korean and Japanese paths included, and finds its line by the path needle', () => {
    const event: HistoryEvent = { path: 'team/결정_日本.md', hash: HASH_A, time: '2026-12-01T10:00:00.000Z', author: 'agent', source: 'hook-post', sessionId: '3f2c-1', tool: 'Write' };
    const line = formatEventLine(event)!;
    assert.ok(line.endsWith('\n') && !line.slice(0, -1).includes('\n'));
    assert.deepEqual(parseEventLog(line), [event]);
    assert.ok(line.includes(pathNeedle(event.path)));
  });

  it('skips corrupt, cut and foreign lines and keeps the good ones around them', () => {
    const good = formatEventLine({ path: 'a.md', hash: HASH_A, time: 't', author: 'person', source: 'save' })!;
    const text = `${good}{"v":1,"path":"b.md","hash":"zz"\nnot json\n[1,2]\n{"v":1,"time":"t","path":"../x.md","hash":"","author":"agent","source":"cli"}\n${good}{"v":1,"time":"t","pa`;
    assert.equal(parseEventLog(text).length, 2);
  });

  it('refuses paths that leave the root or are not root-relative', () => {
    for (const path of ['', '/abs.md', '../up.md', 'a/../b.md', 'a//b.md', 'a\\b.md', './a.md', 'x\0.md']) assert.equal(isHistoryPath(path), false, path);
    assert.equal(isHistoryPath('team/a b.md'), true);
    assert.equal(formatEventLine({ path: '../x.md', hash: '', time: 't', author: 'agent', source: 'cli' }), undefined);
  });

  it('counts a same-version record as new only when it names a session or tool the latest lacked', () => {
    const disk = { author: 'agent', source: 'disk-change' } as const;
    assert.equal(addsAttribution(disk, { author: 'agent', sessionId: 's' }), true);
    assert.equal(addsAttribution({ ...disk, author: 'unknown' }, { author: 'agent', tool: 'Bash' }), true);
    assert.equal(addsAttribution({ ...disk, sessionId: 's' }, { author: 'agent', sessionId: 's', tool: 'Write' }), false);
    assert.equal(addsAttribution({ ...disk, sessionId: 's' }, { author: 'agent', sessionId: 'other' }), false);
    assert.equal(addsAttribution({ author: 'unknown' }, { author: 'agent' }), false);
    assert.equal(addsAttribution({ author: 'person' }, { author: 'agent' }), false);
  });

  it('folds approvals: the latest per path wins, a withdrawn one is gone', () => {
    const approved = foldApprovals([
      { path: 'a.md', hash: HASH_A, time: '1' },
      { path: 'b.md', hash: HASH_A, time: '2' },
      { path: 'a.md', hash: HASH_B, time: '3' },
      { path: 'b.md', hash: '', time: '4' },
    ]);
    assert.deepEqual([...approved], [['a.md', HASH_B]]);
  });
});

describe('choosePrune', () => {
  const blob = (hash: string, size: number, lastUsed: number, flags: Partial<BlobUse> = {}): BlobUse => ({ root: 'r', hash, size, lastUsed, pinned: false, latest: false, ...flags });

  it('chooses nothing under the bound', () => {
    assert.deepEqual(choosePrune([blob('1', 10, 1)], 10), []);
  });

  it('takes superseded versions oldest first, then latest ones, never pinned ones', () => {
    const blobs = [blob('old', 10, 1), blob('newer', 10, 5), blob('latest-old', 10, 2, { latest: true }), blob('approved', 10, 0, { pinned: true, latest: true })];
    assert.deepEqual(choosePrune(blobs, 30).map((b) => b.hash), ['old']);
    assert.deepEqual(choosePrune(blobs, 20).map((b) => b.hash), ['old', 'newer']);
    assert.deepEqual(choosePrune(blobs, 10).map((b) => b.hash), ['old', 'newer', 'latest-old']);
    assert.deepEqual(choosePrune(blobs, 0).map((b) => b.hash), ['old', 'newer', 'latest-old']);
  });
});
