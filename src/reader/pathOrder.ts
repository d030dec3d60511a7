/**
 * Hands out what many concurrent reads produce in one fixed order, each item as soon as it and every
 * item before it are in: reads finish in whatever order the disk answers, and a store filled in that
 * order would iterate differently on every load. A slot stands for one entry of a folder; a folder's
 * slot {@link Slot.split splits} into one slot per entry, so a walk that visits each folder's entries
 * in a sorted order releases every file in the order of its path.
 */
export class InOrder<T> {
  readonly first: Slot<T>;
  private draining = false;
  private drainAgain = false;

  constructor(private readonly release: (item: T) => void) {
    this.first = new Slot(this);
  }

  /** Releases whatever is ready from the front; walks only the unfinished path down the tree. */
  drain(): void {
    // A slot filled from inside `release` is released by the drain already running, not by a nested one.
    if (this.draining) return void (this.drainAgain = true);
    this.draining = true;
    try {
      do {
        this.drainAgain = false;
        this.first.releaseReady(this.release);
      } while (this.drainAgain);
    } finally {
      this.draining = false;
    }
  }
}

export class Slot<T> {
  private state: 'waiting' | 'filled' | 'split' | 'released' = 'waiting';
  private item: T | undefined;
  private parts: (Slot<T> | undefined)[] = [];
  private next = 0;

  constructor(private readonly order: InOrder<T>) {}

  /** This slot holds `item` (or nothing, when left out); a slot already filled or split keeps what it has. */
  fill(item?: T): void {
    if (this.state !== 'waiting') return;
    this.state = 'filled';
    this.item = item;
    this.order.drain();
  }

  /** This slot stands for `count` slots, in order, from here on. */
  split(count: number): Slot<T>[] {
    if (this.state !== 'waiting') throw new Error('a slot is split once, before it is filled');
    const parts = Array.from({ length: count }, () => new Slot(this.order));
    this.parts = parts;
    this.state = 'split';
    // A folder with no entries is done at once, and may be what the slots after it waited for.
    if (count === 0) this.order.drain();
    return parts;
  }

  /** @internal Releases what is ready here; true once everything this slot stands for is released. */
  releaseReady(release: (item: T) => void): boolean {
    if (this.state === 'waiting') return false;
    if (this.state === 'filled') {
      this.state = 'released';
      const item = this.item;
      this.item = undefined;
      if (item !== undefined) release(item);
      return true;
    }
    if (this.state === 'split') {
      while (this.next < this.parts.length) {
        if (!this.parts[this.next]!.releaseReady(release)) return false;
        // Released slots are let go, so a big folder holds only the reads still in flight.
        this.parts[this.next++] = undefined;
      }
      this.state = 'released';
      this.parts = [];
    }
    return true;
  }
}
