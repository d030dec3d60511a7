import * as assert from 'node:assert/strict';
import { createLimiter } from '../../../src/reader/limiter';

describe('createLimiter', () => {
  // Past 1,024 waiters the queue drops the ones already started: the order and the cap must survive that.
  it('starts thousands of queued tasks in the order given, never more than the limit at once', async () => {
    const limit = createLimiter(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 5000 }, (_, i) => limit(async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => setImmediate(resolve));
      running--;
      return i * 2;
    }));
    const results = await Promise.all(tasks);
    assert.deepEqual(results, Array.from({ length: 5000 }, (_, i) => i * 2));
    assert.deepEqual(started, Array.from({ length: 5000 }, (_, i) => i));
    assert.equal(most, 3);
    assert.equal(running, 0);
  });

  it('keeps its slots when a task fails', async () => {
    const limit = createLimiter(1);
    await assert.rejects(limit(() => Promise.reject(new Error('denied'))), /denied/);
    assert.equal(await Promise.race([limit(() => Promise.resolve('next')), new Promise((resolve) => setTimeout(() => resolve('stuck'), 1000))]), 'next');
  });
});
