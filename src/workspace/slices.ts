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
