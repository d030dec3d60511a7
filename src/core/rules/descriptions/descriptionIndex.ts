import type { RootPath } from '../../types';

/** Two descriptions are alike when they hold the same words, and at least this many: one word is `description-vague`'s. */
export const ALIKE_MIN_WORDS = 2;

/**
 * A word is common in a root when at least this share of its memories' descriptions use it (and at
 * least {@link COMMON_MIN} of them): the project's own name, "use", 사용자. Naming it adds nothing that
 * tells a memory apart.
 */
const COMMON_SHARE = 0.1;
const COMMON_MIN = 3;

const SEPARATOR = '\u0000';

/**
 * The words of every description of a root: how many descriptions use each (how rare a word is among
 * what Claude Code's selector reads), and the memories whose descriptions hold the same words, found
 * by those words as one key (no comparison of pairs).
 */
export class DescriptionIndex {
  /** Each memory's description words, sorted and joined: its key. */
  private readonly keyByPath = new Map<RootPath, string>();
  /** The memories of each key of two words or more: one path, or several. */
  private readonly byKey = new Map<string, RootPath | RootPath[]>();
  private readonly frequencies = new Map<string, number>();

  /**
   * Sets or (undefined) removes the description words of `path`. Returns the words whose being common
   * changed, or `all` when the root's size moved the bar itself.
   */
  set(path: RootPath, terms: readonly string[] | undefined): ReadonlySet<string> | 'all' {
    const barBefore = this.commonBar();
    const keyBefore = this.keyByPath.get(path);
    const before = keyBefore ? keyBefore.split(SEPARATOR) : [];
    // An empty description's key is the empty string, which holds no word.
    if (keyBefore === '') before.length = 0;
    const touched = new Set([...before, ...(terms ?? [])]);
    const commonBefore = new Set([...touched].filter((term) => this.frequency(term) >= barBefore));
    if (keyBefore !== undefined) {
      this.keyByPath.delete(path);
      this.leaveGroup(keyBefore, path);
      for (const term of before) this.count(term, -1);
    }
    if (terms !== undefined) this.enter(path, terms);
    const bar = this.commonBar();
    if (bar !== barBefore) return 'all';
    const flipped = new Set<string>();
    for (const term of touched) if (commonBefore.has(term) !== this.frequency(term) >= bar) flipped.add(term);
    return flipped;
  }

  /**
   * {@link set} for a caller that wants no answer (a root's first count, which compares nothing until
   * every description is in): working out which words flipped was most of that count's time.
   */
  add(path: RootPath, terms: readonly string[]): void {
    if (this.keyByPath.has(path)) this.set(path, terms);
    else this.enter(path, terms);
  }

  private enter(path: RootPath, terms: readonly string[]): void {
    const unique = [...new Set(terms)];
    const key = unique.sort().join(SEPARATOR);
    this.keyByPath.set(path, key);
    if (unique.length >= ALIKE_MIN_WORDS) this.joinGroup(key, path);
    for (const term of unique) this.count(term, 1);
  }

  /** The description words of `path`, each once, in no particular order; undefined for a path not held. */
  termsOf(path: RootPath): string[] | undefined {
    const key = this.keyByPath.get(path);
    if (key === undefined) return undefined;
    return key === '' ? [] : key.split(SEPARATOR);
  }

  /** How many descriptions use `term`. */
  frequency(term: string): number {
    return this.frequencies.get(term) ?? 0;
  }

  /** Whether so many of the root's descriptions use `term` that it tells none apart. */
  isCommon(term: string): boolean {
    return this.frequency(term) >= this.commonBar();
  }

  /** The other memories whose description holds the same words as that of `path` (two or more), in path order. */
  alike(path: RootPath): RootPath[] {
    const key = this.keyByPath.get(path);
    const group = key === undefined ? undefined : this.byKey.get(key);
    if (!Array.isArray(group)) return [];
    return group.filter((other) => other !== path).sort();
  }

  private commonBar(): number {
    return Math.max(COMMON_MIN, Math.ceil(this.keyByPath.size * COMMON_SHARE));
  }

  private count(term: string, delta: 1 | -1): void {
    const count = this.frequency(term) + delta;
    if (count === 0) this.frequencies.delete(term);
    else this.frequencies.set(term, count);
  }

  /** Puts `path` in the group of its key, of {@link ALIKE_MIN_WORDS} words or more. */
  private joinGroup(key: string, path: RootPath): void {
    const group = this.byKey.get(key);
    if (group === undefined) this.byKey.set(key, path);
    else if (Array.isArray(group)) group.push(path);
    else this.byKey.set(key, [group, path]);
  }

  private leaveGroup(key: string, path: RootPath): void {
    const group = this.byKey.get(key);
    if (group === path) this.byKey.delete(key);
    else if (Array.isArray(group)) {
      const rest = group.filter((other) => other !== path);
      this.byKey.set(key, rest.length === 1 ? rest[0] : rest);
    }
  }
}

/** Whether two descriptions' words make them alike: the same words, at least {@link ALIKE_MIN_WORDS} of them. */
export function areAlike(a: readonly string[], b: readonly string[]): boolean {
  const setA = new Set(a);
  const setB = new Set(b);
  return setA.size >= ALIKE_MIN_WORDS && setA.size === setB.size && [...setA].every((term) => setB.has(term));
}
