import type { MemoryFile } from '../../memoryFile';
import { AUTO_SHAPE, isLesson, isPinned, MAX_PINNED, resolveShape, ShapeTally, type RootShape, type ShapeSetting } from '../../memoryShape';
import type { MemoryStore } from '../../memoryStore';
import { ProblemCode, type Problem } from '../../problems';
import { INDEX_FILE_NAME } from '../../rootPath';
import type { RootPath } from '../../types';
import type { IndexBudget } from '../shared/ruleContext';
import { checkGeneratedIndexEntry, checkPinnedLimit, generatedIndexPastLimit } from '../shape/shapeRules';
import { topicIndexOf } from '../../topicIndex';
import { formatText, msg } from '../../text';

const LESSON_UNTYPED = msg('A lesson written without a type, as Claude Code wrote lessons before 2.1.285: nothing is wrong with it. The other memories in this folder have a type; give it one too if it should be grouped with them.');

/** What a change left of the shape before it, to tell which memories' problems it moved. */
export interface ShapeSnapshot {
  readonly shape: RootShape;
  readonly pinned: number;
  readonly past: ReadonlySet<RootPath> | undefined;
}

/**
 * The engine's view of its root's shape, kept current from the same counts as its conventions: the
 * rules a shape turns off or on, and which memories a change of shape, pin count or generated-index
 * cut concerns. Kept apart from the engine so the shapes' rules stay in their own files.
 */
export class RootShapeState {
  private readonly tally = new ShapeTally();
  private memoryCount = 0;
  /** The memories past the generated index's limit when last worked out, and whether a change since made that stale. */
  private pastLimit: Set<RootPath> | undefined;
  private pastStale = true;

  constructor(
    private readonly store: MemoryStore,
    private readonly setting: ShapeSetting = AUTO_SHAPE,
    private readonly budget: IndexBudget,
    private readonly isDocumentation: (path: RootPath) => boolean,
  ) {}

  count(memory: MemoryFile, delta: 1 | -1): void {
    this.tally.count(memory, delta);
    this.memoryCount += delta;
    this.pastStale = true;
  }

  shape(): RootShape {
    return resolveShape(this.setting, this.tally.detect(this.store.index !== undefined, this.memoryCount));
  }

  indexCameOrWent(): void {
    this.pastStale = true;
  }

  snapshot(): ShapeSnapshot {
    const shape = this.shape();
    // The store holds the change already: the set worked out before it is the one to compare with.
    return { shape, pinned: this.tally.pinnedCount(), past: shape.index === 'generated' ? this.pastLimit : undefined };
  }

  /** Marks what a memory's change (already counted) moved: `file` and `index` are the engine's families. */
  changed(before: ShapeSnapshot, mark: (path: RootPath, families: number) => void, file: number, index: number): void {
    const after = this.shape();
    if (before.shape.typing !== after.typing) for (const memory of this.memories()) mark(memory.path, file);
    if (before.shape.index !== after.index) {
      for (const memory of this.memories()) mark(memory.path, index);
      if (this.store.index) mark(INDEX_FILE_NAME, index);
    }
    const pinned = this.tally.pinnedCount();
    if (pinned !== before.pinned && (pinned > MAX_PINNED || before.pinned > MAX_PINNED)) {
      for (const memory of this.memories()) if (isPinned(memory)) mark(memory.path, index);
    }
    if (after.index === 'generated' && before.past) {
      const past = this.past();
      for (const path of past) if (!before.past.has(path)) mark(path, index);
      for (const path of before.past) if (!past.has(path)) mark(path, index);
    }
  }

  /**
   * `type-missing` is not a problem where the root's memories carry no type by design, nor on a lesson
   * beside typed memories: Claude Code wrote such untyped lessons until 2.1.285, and folders keep them
   * (a hint that offers a type, no more).
   */
  frontmatterProblems(problems: readonly Problem[], memory: MemoryFile): readonly Problem[] {
    if (this.shape().typing === 'untyped') return problems.filter((problem) => problem.code !== ProblemCode.TypeMissing);
    if (!isLesson(memory)) return problems;
    // Not broken (issue #40): a hint that says so, keeping the fixes that give it a type as the others have.
    return problems.map((problem) => (problem.code === ProblemCode.TypeMissing ? { ...problem, severity: 'hint' as const, message: formatText(LESSON_UNTYPED), messageText: LESSON_UNTYPED } : problem));
  }

  pinnedProblems(memory: MemoryFile): Problem[] {
    return checkPinnedLimit(memory, this.tally.pinnedCount());
  }

  generatedIndexProblems(memory: MemoryFile): Problem[] {
    return checkGeneratedIndexEntry(memory, this.past(), this.budget);
  }

  private past(): Set<RootPath> {
    if (this.pastStale || !this.pastLimit) {
      this.pastLimit = generatedIndexPastLimit([...this.memories()], this.budget);
      this.pastStale = false;
    }
    return this.pastLimit;
  }

  private *memories(): IterableIterator<MemoryFile> {
    for (const memory of this.store.memories()) if (!this.isDocumentation(memory.path) && !topicIndexOf(memory)) yield memory;
  }
}
