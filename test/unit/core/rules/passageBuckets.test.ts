import * as assert from 'node:assert/strict';
import { PassageBuckets } from '../../../../src/core/rules/nearDuplicate/passageBuckets';

describe('passage buckets', () => {
  it('answers as a Map would through adds, replacements and deletions, the table growing and probe runs shifting back', () => {
    // A small start, so the table grows many times; keys over the whole 32-bit range, -1 and 0 among them.
    const buckets = new PassageBuckets(2);
    const expected = new Map<number, number | Set<number>>();
    let seed = 12345;
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) | 0);
    const keys = [-1, 0, 1, -2147483648, 2147483647, ...Array.from({ length: 3000 }, next)];
    for (let step = 0; step < 20000; step++) {
      const key = keys[(next() >>> 8) % keys.length];
      const action = (next() >>> 8) % 4;
      if (action === 0) {
        buckets.delete(key);
        expected.delete(key);
      } else if (action === 1) {
        const set = new Set([step, step + 1]);
        buckets.set(key, set);
        expected.set(key, set);
      } else {
        buckets.set(key, step);
        expected.set(key, step);
      }
    }
    for (const key of keys) assert.equal(buckets.get(key), expected.get(key), `key ${key}`);
  });

  it('holds a set as given, so a member added later is there', () => {
    const buckets = new PassageBuckets();
    const members = new Set([3]);
    buckets.set(-7, members);
    members.add(9);
    assert.deepEqual([...(buckets.get(-7) as Set<number>)], [3, 9]);
  });
});
