import type { MemoryFile } from '../../memoryFile';
import type { Problem } from '../../problems';

/** A word the body keeps coming back to: the term, as the body first writes it, and its uses. */
export interface BodyTopic {
  readonly term: string;
  readonly surface: string;
  readonly weight: number;
}

/**
 * What the rules find in one memory alone, given the options: the parts a run may take from an earlier
 * run over the same bytes (the CLI's result cache) rather than read the memory again. Each is plain
 * data, kept as JSON between runs.
 */
export interface FileParts {
  /** The text rules' problems (relative dates, secrets, poisoning). */
  readonly text: readonly Problem[];
  /** The frontmatter rules' problems, before the root's shape filters them. */
  readonly frontmatter: readonly Problem[];
  /** A fact the description states that the body changed (`description-body-mismatch`), or null. */
  readonly facts: Problem | null;
  /**
   * The body's subject when neither the name nor the description names it, or null: whether it is a
   * finding depends on how common its words are in the root, which is worked out on every run.
   */
  readonly bodySubject: readonly BodyTopic[] | null;
}

/** Where a memory's parts are kept between runs: the engine asks before it reads the memory, and tells what it found. */
export interface FileMemo {
  find<K extends keyof FileParts>(memory: MemoryFile, part: K): FileParts[K] | undefined;
  keep<K extends keyof FileParts>(memory: MemoryFile, part: K, value: FileParts[K]): void;
}

/** A part from `memo` when it holds it for `memory`, else read now and told to `memo`. */
export function memoized<K extends keyof FileParts>(memo: FileMemo | undefined, memory: MemoryFile, part: K, read: () => FileParts[K]): FileParts[K] {
  if (!memo) return read();
  const held = memo.find(memory, part);
  if (held !== undefined) return held;
  const value = read();
  memo.keep(memory, part, value);
  return value;
}
