import * as assert from 'node:assert/strict';

/**
 * Checks that `run` takes time linear in its input's size: it times the 250 KB and the 1 MB input in
 * one run and fails when the ratio is nearer a square (16x) than a line (4x). It counts this process's
 * CPU time, not the wall clock, and keeps the best of five, so other processes on a loaded machine
 * (CI runs several test stages at once) weigh little. No absolute timing is asserted, so a slow machine
 * passes and a quadratic scanner fails everywhere.
 */
export function assertLinearTime(name: string, makeInput: (size: number) => string, run: (input: string) => unknown): void {
  const small = makeInput(250_000);
  const large = makeInput(1_000_000);
  run(small); // warm up the JIT and regexp caches
  const best = (input: string): number => {
    let fastest = Infinity;
    for (let i = 0; i < 5; i++) {
      const started = process.cpuUsage();
      run(input);
      const used = process.cpuUsage(started);
      fastest = Math.min(fastest, used.user + used.system);
    }
    return Math.max(fastest, 2_000); // microseconds: below 2 ms the scheduler's accounting is all there is
  };
  const ratio = best(large) / best(small);
  assert.ok(ratio < 10, `${name}: 4x the input took ${ratio.toFixed(1)}x the time (linear is about 4x, quadratic 16x)`);
}
