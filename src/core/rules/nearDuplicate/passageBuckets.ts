import { fibonacciHome, staysPastHole } from './openAddressing';

/**
 * Passage hash to the memories holding that passage: the one memory's number while it is alone, as
 * nearly every passage is, and a set from the second on. Open addressing with linear probing over one
 * typed array of hash and value side by side, as BucketTable does for band keys: a Map of the 100,000
 * passages of a 20,000-memory root cost 40 bytes an entry, this some 20. A value of -1 marks an empty
 * slot, a memory's number (0 or more) a lone holder, and -2 - i the set at `sets[i]`.
 */
export class PassageBuckets {
  private slots: Int32Array;
  private shift: number;
  private used = 0;
  private readonly sets: (Set<number> | undefined)[] = [];
  private readonly freeSets: number[] = [];

  constructor(capacityLog2 = 10) {
    this.shift = 32 - capacityLog2;
    this.slots = emptySlots(1 << capacityLog2);
  }

  get(key: number): number | Set<number> | undefined {
    const slot = this.slotOf(key);
    return slot < 0 ? undefined : this.valueAt(slot);
  }

  /** Makes `value` the holders of `key`; a set is held as given, so later changes to it count. */
  set(key: number, value: number | Set<number>): void {
    let slot = this.slotOf(key);
    if (slot < 0) {
      // Kept at most half full: probe runs stay short.
      if ((this.used + 1) * 2 > this.slots.length / WIDTH) this.grow();
      slot = this.freeSlotFor(key);
      this.slots[slot * WIDTH] = key;
      this.used++;
    } else {
      this.releaseSet(this.slots[slot * WIDTH + VALUE]);
    }
    this.slots[slot * WIDTH + VALUE] = typeof value === 'number' ? value : this.holdSet(value);
  }

  /** Removes `key`, shifting back the entries of its probe run so lookups still find them. */
  delete(key: number): void {
    const slots = this.slots;
    const found = this.slotOf(key);
    if (found < 0) return;
    this.releaseSet(slots[found * WIDTH + VALUE]);
    const mask = slots.length / WIDTH - 1;
    let hole = found;
    for (let next = (hole + 1) & mask; slots[next * WIDTH + VALUE] !== EMPTY; next = (next + 1) & mask) {
      const home = this.home(slots[next * WIDTH]);
      if (staysPastHole(hole, next, home)) continue;
      slots.copyWithin(hole * WIDTH, next * WIDTH, next * WIDTH + WIDTH);
      hole = next;
    }
    slots[hole * WIDTH + VALUE] = EMPTY;
    this.used--;
  }

  private slotOf(key: number): number {
    const slots = this.slots;
    const mask = slots.length / WIDTH - 1;
    for (let slot = this.home(key); ; slot = (slot + 1) & mask) {
      if (slots[slot * WIDTH + VALUE] === EMPTY) return -1;
      if (slots[slot * WIDTH] === key) return slot;
    }
  }

  private freeSlotFor(key: number): number {
    const mask = this.slots.length / WIDTH - 1;
    let slot = this.home(key);
    while (this.slots[slot * WIDTH + VALUE] !== EMPTY) slot = (slot + 1) & mask;
    return slot;
  }

  private valueAt(slot: number): number | Set<number> {
    const value = this.slots[slot * WIDTH + VALUE];
    return value >= 0 ? value : this.sets[-2 - value]!;
  }

  private holdSet(set: Set<number>): number {
    const at = this.freeSets.pop() ?? this.sets.length;
    this.sets[at] = set;
    return -2 - at;
  }

  private releaseSet(value: number): void {
    if (value >= 0) return;
    const at = -2 - value;
    this.sets[at] = undefined;
    this.freeSets.push(at);
  }

  private home(key: number): number {
    return fibonacciHome(key, this.shift);
  }

  private grow(): void {
    const old = this.slots;
    this.shift--;
    this.slots = emptySlots((old.length / WIDTH) * 2);
    for (let from = 0; from < old.length; from += WIDTH) {
      if (old[from + VALUE] === EMPTY) continue;
      this.slots.set(old.subarray(from, from + WIDTH), this.freeSlotFor(old[from]) * WIDTH);
    }
  }
}

const WIDTH = 2;
const VALUE = 1;
const EMPTY = -1;

function emptySlots(capacity: number): Int32Array {
  return new Int32Array(capacity * WIDTH).fill(EMPTY);
}
