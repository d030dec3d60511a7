import * as assert from 'node:assert/strict';

/**
 * Checks that `run` takes time linear in its input's size: it times the 250 KB and the 1 MB input in
 * one run (best of three each, so a stray GC or another process weighs less) and fails when the ratio
 * is nearer a square (16x) than a line (4x). No absolute timing is asserted, so a slow machine passes
 * and a quadratic scanner fails everywhere.
 */
export function assertLinearTime(name: string, makeInput: (size: number) => string, run: (input: string) => unknown): void {
  const small = makeInput(250_000);
  const large = makeInput(1_000_000);
  run(small); // warm up the JIT and regexp caches
  const best = (input: string): number => {
    let fastest = Infinity;
    for (let i = 0; i < 3; i++) {
      // CPU time, not wall time: with other test runs sharing the cores, wall time mostly measures their turns.
      const started = process.cpuUsage();
      run(input);
      const used = process.cpuUsage(started);
      fastest = Math.min(fastest, (used.user + used.system) * 1000);
    }
    return Math.max(fastest, 50_000); // below 0.05 ms the clock's noise is all there is: count it as linear
  };
  const ratio = best(large) / best(small);
  assert.ok(ratio < 9, `${name}: 4x the input took ${ratio.toFixed(1)}x the time (linear is about 4x, quadratic 16x)`);
}
