/**
 * A hash table from LSH band keys (non-negative 30-bit integers) to buckets, each a head member id and a
 * member count; the member lists themselves live in the index's arrays. Open addressing with linear
 * probing over typed arrays, because a 20,000-memory root has some 800,000 buckets, nearly all of one
 * member, and a Map of that many entries costs several times the time and memory.
 *
 * Slots move when the table grows or a bucket is deleted: a slot number is valid only until the next
 * `ensure` or `delete`.
 */
export class BucketTable {
  private keys: Int32Array;
  private heads: Int32Array;
  private counts: Int32Array;
  private shift: number;
  private used = 0;

  constructor(capacityLog2 = 10) {
    this.shift = 32 - capacityLog2;
    this.keys = new Int32Array(1 << capacityLog2).fill(-1);
    this.heads = new Int32Array(1 << capacityLog2);
    this.counts = new Int32Array(1 << capacityLog2);
  }

  /** The slot holding `key`, or -1. */
  slotOf(key: number): number {
    const mask = this.keys.length - 1;
    for (let slot = this.home(key); ; slot = (slot + 1) & mask) {
      const found = this.keys[slot];
      if (found === key) return slot;
      if (found === -1) return -1;
    }
  }

  /** The slot holding `key`, inserted as an empty bucket (no head, no members) when absent. */
  ensure(key: number): number {
    // Kept at most half full: probe runs stay short.
    if ((this.used + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let slot = this.home(key);
    while (this.keys[slot] !== -1) {
      if (this.keys[slot] === key) return slot;
      slot = (slot + 1) & mask;
    }
    this.keys[slot] = key;
    this.heads[slot] = -1;
    this.counts[slot] = 0;
    this.used++;
    return slot;
  }

  head(slot: number): number {
    return this.heads[slot];
  }

  setHead(slot: number, id: number): void {
    this.heads[slot] = id;
  }

  count(slot: number): number {
    return this.counts[slot];
  }

  /** Adds `delta` to the bucket's member count and returns the new count. */
  addCount(slot: number, delta: number): number {
    return (this.counts[slot] += delta);
  }

  /** Removes the bucket, shifting back the entries of its probe run so lookups still find them. */
  delete(slot: number): void {
    const mask = this.keys.length - 1;
    let hole = slot;
    for (let next = (hole + 1) & mask; this.keys[next] !== -1; next = (next + 1) & mask) {
      const home = this.home(this.keys[next]);
      // The entry at `next` may fill the hole only if its home is not between the hole and itself.
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (stays) continue;
      this.keys[hole] = this.keys[next];
      this.heads[hole] = this.heads[next];
      this.counts[hole] = this.counts[next];
      hole = next;
    }
    this.keys[hole] = -1;
    this.used--;
  }

  /** Fibonacci hashing: band keys are already hashes, this spreads them over the table's size. */
  private home(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }

  private grow(): void {
    const { keys, heads, counts } = this;
    this.shift--;
    this.keys = new Int32Array(keys.length * 2).fill(-1);
    this.heads = new Int32Array(keys.length * 2);
    this.counts = new Int32Array(keys.length * 2);
    const mask = this.keys.length - 1;
    for (let old = 0; old < keys.length; old++) {
      if (keys[old] === -1) continue;
      let slot = this.home(keys[old]);
      while (this.keys[slot] !== -1) slot = (slot + 1) & mask;
      this.keys[slot] = keys[old];
      this.heads[slot] = heads[old];
      this.counts[slot] = counts[old];
    }
  }
}
