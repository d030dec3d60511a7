import { INDEX_FILE_NAME, type ProblemEngine, type RootPath } from '../../core';
import { HOST_TIMING, type SliceTiming } from '../slices';

export type { SliceTiming } from '../slices';

/**
 * One engine's `checkAll()`, run in slices of at most `sliceMs` with the thread handed back between
 * them. Each slice reports the files whose problems it settled, so diagnostics arrive as they are
 * found; a file not settled yet has no final problems (a change may have re-run some of its rules
 * only). The store may change meanwhile, each change passed to the engine's `applyChange`.
 */
export class SlicedCheck {
  /**
   * The files the check has still to settle, known once it stops counting (the engine lists them at
   * that moment, in the same step): undefined while counting, when no file is settled.
   */
  private unsettled: Set<RootPath> | undefined;
  private finished = false;
  private cancelled = false;
  private stepsDone = 0;
  /**
   * What reporting one settled file has cost lately (its diagnostics made and set), in the timing's
   * unit: a slice leaves room for reporting what it settled. In a real VS Code publishing 2,000
   * files' diagnostics took a quarter of the check, and slices that ran their steps for the whole
   * budget and then published held the thread for 50-60 ms.
   */
  private reportCost = 0;
  /** Steps the check takes: each memory is counted, searched for near-duplicates, read by the text rules, then checked; then the index is checked. */
  private readonly totalSteps: number;
  /** True once every file is settled; false when cancelled first. */
  readonly done: Promise<boolean>;

  constructor(
    engine: ProblemEngine,
    onSettled: (paths: readonly RootPath[]) => void,
    private readonly timing: SliceTiming = HOST_TIMING,
  ) {
    this.totalSteps = 4 * engine.store.size + 1;
    this.done = this.run(engine, onSettled);
  }

  /** Whether the problems the engine holds for `path` are final. */
  isSettled(path: RootPath): boolean {
    // A file created after the counting is checked whole by `applyChange`: no step is left for it.
    return this.finished || (this.unsettled !== undefined && !this.unsettled.has(path));
  }

  get isFinished(): boolean {
    return this.finished;
  }

  /** How far the check is, from 0 to 1 (an estimate while the store changes). */
  get fraction(): number {
    return this.finished ? 1 : Math.min(this.stepsDone / this.totalSteps, 0.99);
  }

  private report(paths: readonly RootPath[], onSettled: (paths: readonly RootPath[]) => void): void {
    const start = this.timing.now();
    onSettled(paths);
    if (paths.length === 0) return;
    // The latest figure: a slow one (a collection in the middle of it) only makes the next slice shorter.
    this.reportCost = (this.timing.now() - start) / paths.length;
  }

  /** Stops at the end of the current slice; nothing more is reported. */
  cancel(): void {
    this.cancelled = true;
  }

  private async run(engine: ProblemEngine, onSettled: (paths: readonly RootPath[]) => void): Promise<boolean> {
    const steps = engine.checkSteps();
    // The first slice waits too: whoever started the check (a load of the roots) finishes first.
    await this.timing.pause();
    for (;;) {
      if (this.cancelled) return false;
      const deadline = this.timing.now() + this.timing.sliceMs;
      const paths: RootPath[] = [];
      let step = steps.next();
      for (; !step.done; step = steps.next()) {
        this.stepsDone++;
        if (step.value !== undefined) {
          this.unsettled ??= new Set([...[...engine.store.memories()].map((memory) => memory.path), INDEX_FILE_NAME]);
          this.unsettled.delete(step.value);
          paths.push(step.value);
        }
        if (this.timing.now() + paths.length * this.reportCost >= deadline) break;
      }
      if (step.done) {
        this.finished = true;
        this.unsettled = undefined;
      }
      this.report(paths, onSettled);
      if (this.finished) return true;
      await this.timing.pause();
    }
  }
}
