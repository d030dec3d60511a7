import { performance } from 'node:perf_hooks';

/** How long a slice of work may hold the extension host: well under the 50 ms a person notices. */
export const SLICE_MS = 20;

/** What work done in slices needs from its surroundings; tests pass their own clock and pause. */
export interface SliceTiming {
  readonly sliceMs: number;
  readonly now: () => number;
  /** Hands the thread back (to VS Code's messages, the tree, typing) until the next slice. */
  readonly pause: () => Promise<void>;
}

export const HOST_TIMING: SliceTiming = {
  sliceMs: SLICE_MS,
  now: () => performance.now(),
  // setImmediate runs after pending I/O, so a tree request or a keystroke waits at most one slice.
  pause: () => new Promise((resolve) => setImmediate(resolve)),
};

/** For a long loop: `due()` says when the current slice is used up, `pause()` hands the thread back and starts the next. */
export class Slicer {
  private deadline: number;

  constructor(private readonly timing: SliceTiming = HOST_TIMING) {
    this.deadline = timing.now() + timing.sliceMs;
  }

  due(): boolean {
    return this.timing.now() >= this.deadline;
  }

  async pause(): Promise<void> {
    await this.timing.pause();
    this.deadline = this.timing.now() + this.timing.sliceMs;
  }
}

/**
 * Work that arrives item by item from callbacks the thread runs back to back (reads finishing together):
 * each item is done at once while the thread has been held less than a slice since the first item of
 * this turn, and queued for the next slices after that, in the order given. So a burst (a slow file
 * letting hundreds of read ones go at once) never holds the thread longer than a slice.
 */
export class SlicedWork<T> {
  private backlog: T[] = [];
  private head = 0;
  /** When this turn's first item came; cleared once the thread has been handed back. */
  private turnStarted: number | undefined;
  private pumping: Promise<void> | undefined;
  /** The first item's failure: nothing more is done, and {@link drained} throws it. */
  private failure: { readonly error: unknown } | undefined;

  constructor(private readonly work: (item: T) => void, private readonly timing: SliceTiming = HOST_TIMING) {}

  push(item: T): void {
    if (this.failure) return;
    if (this.head === this.backlog.length && !this.turnUsedUp()) return this.run(item);
    this.backlog.push(item);
    this.pumping ??= this.pump();
  }

  /** Resolves once every item pushed so far is done; rejects with the first item's failure. */
  async drained(): Promise<void> {
    while (this.pumping) await this.pumping;
    if (this.failure) throw this.failure.error;
  }

  private run(item: T): void {
    try {
      this.work(item);
    } catch (error) {
      this.failure = { error };
    }
  }

  private turnUsedUp(): boolean {
    const now = this.timing.now();
    if (this.turnStarted === undefined) {
      this.turnStarted = now;
      void this.timing.pause().then(() => (this.turnStarted = undefined));
    }
    return now - this.turnStarted >= this.timing.sliceMs;
  }

  private async pump(): Promise<void> {
    while (this.head < this.backlog.length && !this.failure) {
      await this.timing.pause();
      const deadline = this.timing.now() + this.timing.sliceMs;
      while (this.head < this.backlog.length && !this.failure && this.timing.now() < deadline) this.run(this.backlog[this.head++]);
    }
    this.backlog = [];
    this.head = 0;
    this.pumping = undefined;
  }
}
