import { fibonacciHome, staysPastHole } from './openAddressing';

/**
 * A hash table from LSH band keys (non-negative 30-bit integers) to buckets, each a head member id; the
 * member lists and counts themselves live in the index's arrays. Open addressing with linear probing
 * over one typed array holding key and head side by side (one cache line per lookup),
 * because a 20,000-memory root has up to 640,000 buckets (32 bands), nearly all of one member: a Map in
 * its place, measured on the bench's 20,000-memory roots (2026-12-02), made the index 16% slower to build
 * (realistic 363-381 -> 428-445 ms) and held about 20 MB more.
 *
 * Slots move when the table grows or a bucket is deleted: a slot number is valid only until the next
 * `ensure` or `delete`.
 */
export class BucketTable {
  /** Per slot: key (-1 when empty), head member. */
  private slots: Int32Array;
  private shift: number;
  private used = 0;

  constructor(capacityLog2 = 10) {
    this.shift = 32 - capacityLog2;
    this.slots = emptySlots(1 << capacityLog2);
  }

  /** The slot holding `key`, or -1. */
  slotOf(key: number): number {
    const slots = this.slots;
    const mask = slots.length / WIDTH - 1;
    for (let slot = this.home(key); ; slot = (slot + 1) & mask) {
      const found = slots[slot * WIDTH];
      if (found === key) return slot;
      if (found === -1) return -1;
    }
  }

  /** The slot holding `key`, inserted as an empty bucket (no head) when absent. */
  ensure(key: number): number {
    // Kept at most half full: probe runs stay short.
    if ((this.used + 1) * 2 > this.slots.length / WIDTH) this.grow();
    const slots = this.slots;
    const mask = slots.length / WIDTH - 1;
    let slot = this.home(key);
    for (let found = slots[slot * WIDTH]; found !== -1; found = slots[slot * WIDTH]) {
      if (found === key) return slot;
      slot = (slot + 1) & mask;
    }
    slots[slot * WIDTH] = key;
    slots[slot * WIDTH + HEAD] = -1;
    this.used++;
    return slot;
  }

  head(slot: number): number {
    return this.slots[slot * WIDTH + HEAD];
  }

  setHead(slot: number, id: number): void {
    this.slots[slot * WIDTH + HEAD] = id;
  }

  /** Removes the bucket, shifting back the entries of its probe run so lookups still find them. */
  delete(slot: number): void {
    const slots = this.slots;
    const mask = slots.length / WIDTH - 1;
    let hole = slot;
    for (let next = (hole + 1) & mask; slots[next * WIDTH] !== -1; next = (next + 1) & mask) {
      const home = this.home(slots[next * WIDTH]);
      if (staysPastHole(hole, next, home)) continue;
      slots.copyWithin(hole * WIDTH, next * WIDTH, next * WIDTH + WIDTH);
      hole = next;
    }
    slots[hole * WIDTH] = -1;
    this.used--;
  }

  private home(key: number): number {
    return fibonacciHome(key, this.shift);
  }

  private grow(): void {
    const old = this.slots;
    this.shift--;
    this.slots = emptySlots((old.length / WIDTH) * 2);
    const mask = this.slots.length / WIDTH - 1;
    for (let from = 0; from < old.length; from += WIDTH) {
      if (old[from] === -1) continue;
      let slot = this.home(old[from]);
      while (this.slots[slot * WIDTH] !== -1) slot = (slot + 1) & mask;
      this.slots.set(old.subarray(from, from + WIDTH), slot * WIDTH);
    }
  }
}

const WIDTH = 2;
const HEAD = 1;

/** Every key -1 (empty); the head is written when a key is, so it may be -1 too, and one native fill is quickest. */
function emptySlots(capacity: number): Int32Array {
  return new Int32Array(capacity * WIDTH).fill(-1);
}
