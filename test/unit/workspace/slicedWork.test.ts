import * as assert from 'node:assert/strict';
import { SlicedWork, type SliceTiming } from '../../../src/workspace/slices';

/** A clock the work moves on (each item takes `costMs`), and pauses that really hand the thread back. */
function fakeTiming(): SliceTiming & { time: number; pauses: number } {
  const timing = {
    sliceMs: 20,
    time: 0,
    pauses: 0,
    now: () => timing.time,
    pause: () => new Promise<void>((resolve) => setImmediate(() => {
      timing.pauses++;
      resolve();
    })),
  };
  return timing;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('SlicedWork: items from back-to-back callbacks, done in slices', () => {
  it('does a burst up to a slice at once and the rest in later slices, in the order given', async () => {
    const timing = fakeTiming();
    const done: { item: number; pauses: number }[] = [];
    const work = new SlicedWork<number>((item) => {
      done.push({ item, pauses: timing.pauses });
      timing.time += 3; // a memory that takes 3 ms to parse
    }, timing);
    for (let item = 0; item < 50; item++) work.push(item);
    assert.equal(done.length, 7, 'the first slice: 7 items of 3 ms fill 20 ms');
    await work.drained();
    assert.deepEqual(done.map((entry) => entry.item), Array.from({ length: 50 }, (_, i) => i));
    const perSlice = new Map<number, number>();
    for (const entry of done) perSlice.set(entry.pauses, (perSlice.get(entry.pauses) ?? 0) + 1);
    assert.ok([...perSlice.values()].every((count) => count <= 7), `no slice past 20 ms: ${[...perSlice.values()].join(', ')}`);
  });

  it('does each item at once when the thread is handed back between them', async () => {
    const timing = fakeTiming();
    const done: number[] = [];
    const work = new SlicedWork<number>((item) => {
      done.push(item);
      timing.time += 15;
    }, timing);
    for (let item = 0; item < 5; item++) {
      work.push(item);
      assert.deepEqual(done, Array.from({ length: item + 1 }, (_, i) => i), 'done in the turn it came');
      await turn();
    }
    await work.drained();
    assert.equal(done.length, 5);
  });

  it('keeps the order when items come while earlier ones still wait for their slice', async () => {
    const timing = fakeTiming();
    const done: string[] = [];
    const work = new SlicedWork<string>((item) => {
      done.push(item);
      timing.time += 12;
    }, timing);
    for (const item of ['a', 'b', 'c', 'd']) work.push(item);
    await turn();
    for (const item of ['e', 'f']) work.push(item);
    await work.drained();
    assert.deepEqual(done, ['a', 'b', 'c', 'd', 'e', 'f']);
  });
});

describe('SlicedWork when an item fails', () => {
  it('does nothing after the first failure and rejects with it, whether the item was done at once or queued', async () => {
    for (const failing of [1, 30]) {
      const timing = fakeTiming();
      const done: number[] = [];
      const work = new SlicedWork<number>((item) => {
        if (item === failing) throw new Error(`memory ${item} could not be parsed`);
        done.push(item);
        timing.time += 3;
      }, timing);
      for (let item = 0; item < 50; item++) work.push(item);
      await assert.rejects(work.drained(), new RegExp(`memory ${failing} could not`));
      assert.deepEqual(done, Array.from({ length: failing }, (_, i) => i));
    }
  });
});
