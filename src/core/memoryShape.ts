import type { MemoryFile } from './memoryFile';

/**
 * Whether a root's memories carry a type. Claude Code's default prompt writes `metadata.type`
 * (since 2.1.139; a top-level `type` before); its "durable lesson" variant (since 2.1.219, the
 * cap of 4 pins since 2.1.221) writes `name`, `description` and `metadata.pinned`, and no type at all.
 */
export type MemoryTyping = 'typed' | 'untyped';

/**
 * Where a root's index comes from: a `MEMORY.md` the agent writes (`written`), or one Claude Code
 * assembles at load time from each memory's `name` and `description` (`generated`, since 2.1.224),
 * where the description is the index line and no MEMORY.md is kept.
 */
export type IndexSource = 'written' | 'generated';

/** How a root is written: what its rules may ask of it. */
export interface RootShape {
  readonly typing: MemoryTyping;
  readonly index: IndexSource;
}

/** A shape a setting forces, or `auto` to read it from the root's files. */
export interface ShapeSetting {
  readonly typing: MemoryTyping | 'auto';
  readonly index: IndexSource | 'auto';
}

export const AUTO_SHAPE: ShapeSetting = { typing: 'auto', index: 'auto' };

/** Claude Code's durable-lesson prompt (2.1.221): "You may pin up to 4 memories". */
export const MAX_PINNED = 4;

/** Whether the memory is pinned: `metadata.pinned: true`, the only value the prompt writes for a pin. */
export function isPinned(memory: MemoryFile): boolean {
  const metadata = memory.frontmatter.data.metadata;
  return isRecord(metadata) && metadata.pinned === true;
}

/** Whether the memory is written as a durable lesson: `metadata.pinned` present (true or false) and no type. */
export function isDurableLesson(memory: MemoryFile): boolean {
  const metadata = memory.frontmatter.data.metadata;
  return memory.typeLocation === undefined && isRecord(metadata) && 'pinned' in metadata;
}

/**
 * The shape a root's files show, kept current as files come and go (counts can be taken back, like
 * the naming conventions'). A root is untyped when its durable lessons outnumber its typed memories:
 * a single `pinned` key in a typed folder does not excuse the others' missing types, and a folder
 * with neither kind keeps the typed rules it always had. The index is generated when there is no
 * MEMORY.md but there are memories: a written index cannot drift from files it does not exist beside.
 */
export class ShapeTally {
  private typed = 0;
  private lessons = 0;
  private pinned = 0;

  count(memory: MemoryFile, delta: 1 | -1): void {
    if (memory.typeLocation !== undefined) this.typed += delta;
    else if (isDurableLesson(memory)) this.lessons += delta;
    if (isPinned(memory)) this.pinned += delta;
  }

  /** Memories pinned in the root. */
  pinnedCount(): number {
    return this.pinned;
  }

  detect(hasIndex: boolean, memoryCount: number): RootShape {
    return {
      typing: this.lessons > this.typed ? 'untyped' : 'typed',
      index: !hasIndex && memoryCount > 0 ? 'generated' : 'written',
    };
  }
}

/** What a setting forces wins over what the files show, axis by axis. */
export function resolveShape(setting: ShapeSetting, detected: RootShape): RootShape {
  return {
    typing: setting.typing === 'auto' ? detected.typing : setting.typing,
    index: setting.index === 'auto' ? detected.index : setting.index,
  };
}

/** The shape of a set of memories at once, for callers without an engine (tree, templates). */
export function detectShape(memories: Iterable<MemoryFile>, hasIndex: boolean, setting: ShapeSetting = AUTO_SHAPE): RootShape {
  const tally = new ShapeTally();
  let count = 0;
  for (const memory of memories) {
    tally.count(memory, 1);
    count++;
  }
  return resolveShape(setting, tally.detect(hasIndex, count));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
