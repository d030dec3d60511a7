import { performance } from 'node:perf_hooks';

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** The value at fraction `p` of the sorted values (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** The median wall time of `runs` runs of `work`, in ms. */
export async function medianTime(runs: number, work: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}
