/**
 * What the index's two open-addressing tables (band buckets, passage holders) share: their keys are
 * hashes already, and a deletion shifts back the entries of the probe run after it.
 */

/** Fibonacci hashing: spreads an already hashed key over a table of 2^(32 - `shift`) slots. */
export function fibonacciHome(key: number, shift: number): number {
  return Math.imul(key, 0x9e3779b1) >>> shift;
}

/**
 * Whether the entry at slot `next`, whose home slot is `home`, must stay where it is when slot `hole`
 * empties: it stays if its home lies after the hole and up to itself, counting round the table's end.
 */
export function staysPastHole(hole: number, next: number, home: number): boolean {
  return hole <= next ? hole < home && home <= next : hole < home || home <= next;
}
