import * as assert from 'node:assert/strict';
import { candidatePath, gateVerdict } from '../../../src/core/history/gate';
import type { HistoryEvent } from '../../../src/core/history/historyEvent';
import { pendingChanges, previousVersion } from '../../../src/core/history/pending';

const h = (c: string) => c.repeat(64);
const event = (path: string, hash: string, author: HistoryEvent['author'], sessionId?: string): HistoryEvent => ({ path, hash, time: '2026-12-01T00:00:00.000Z', author, source: 'hook-post', ...(sessionId ? { sessionId } : {}) });

describe('pending changes', () => {
  it('sorts what differs from the approvals into changed, created and deleted, with the event that made each', () => {
    const disk = new Map([['same.md', h('a')], ['edited.md', h('c')], ['new.md', h('d')]]);
    const approvals = new Map([['same.md', h('a')], ['edited.md', h('b')], ['gone.md', h('e')]]);
    const latest = new Map([
      ['edited.md', event('edited.md', h('c'), 'agent', 's1')],
      ['gone.md', event('gone.md', '', 'agent', 's2')],
      // An event of another version than the one on disk says nothing about who made it.
      ['new.md', event('new.md', h('f'), 'agent', 's3')],
    ]);
    assert.deepEqual(pendingChanges(disk, approvals, latest).map((change) => [change.kind, change.path, change.event?.sessionId ?? '']), [
      ['changed', 'edited.md', 's1'],
      ['deleted', 'gone.md', 's2'],
      ['created', 'new.md', ''],
    ]);
  });

  it('restores by default the newest version unlike the current one', () => {
    const versions = [event('a.md', h('1'), 'person'), event('a.md', h('2'), 'agent'), event('a.md', '', 'agent')];
    assert.equal(previousVersion(versions, undefined)?.hash, h('2'));
    assert.equal(previousVersion(versions.slice(0, 2), h('2'))?.hash, h('1'));
    assert.equal(previousVersion([], undefined), undefined);
  });
});

describe('the review gate', () => {
  it('proposes beside the memory, in its folder', () => {
    assert.equal(candidatePath('team/결정.md'), 'team/결정.proposed.md');
    assert.equal(candidatePath('/home/a/memory/feedback_x.md'), '/home/a/memory/feedback_x.proposed.md');
  });

  it('passes what nobody approved and the approved bytes written again; blocks the rest, naming each file', () => {
    assert.deepEqual(gateVerdict([{ path: 'new.md', op: 'write', approvedHash: undefined }]), { allow: true });
    assert.deepEqual(gateVerdict([{ path: 'a.md', op: 'write', approvedHash: h('a'), newHash: h('a') }]), { allow: true });
    const verdict = gateVerdict([{ path: 'a.md', op: 'write', approvedHash: h('a'), newHash: h('b') }, { path: 'b.md', op: 'delete', approvedHash: h('c') }]);
    assert.equal(verdict.allow, false);
    if (!verdict.allow) {
      assert.match(verdict.reason, /a\.proposed\.md/);
      assert.match(verdict.reason, /b\.md is a memory a person approved; it may not be deleted/);
    }
  });
});
