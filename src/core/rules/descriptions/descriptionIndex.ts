import type { RootPath } from '../../types';

const NO_TERMS: readonly string[] = Object.freeze([]);

/** Two descriptions are alike when they share at least 4 in 5 of their words (Jaccard)... */
const SHARE_OF = 5;
const SHARED = 4;
/** ...and at least this many: a one-word description is `description-vague`'s. */
export const ALIKE_MIN_SHARED = 2;

/**
 * A word is common in a root when at least this share of its memories' descriptions use it (and at
 * least {@link COMMON_MIN} of them): the project's own name, "use", 사용자. Naming it adds nothing that
 * tells a memory apart.
 */
const COMMON_SHARE = 0.1;
const COMMON_MIN = 3;

/**
 * The words of every description of a root and the memories using each: how rare a word is among the
 * descriptions Claude Code's selector reads, and which descriptions are nearly the same, found from the
 * rarest words of one description (no comparison of every pair: a pair sharing 80% of its words
 * shares at least one of either's few rarest).
 */
export class DescriptionIndex {
  private readonly termsByPath = new Map<RootPath, readonly string[]>();
  private readonly postings = new Map<string, Set<RootPath>>();

  /** The description words of `path` (as `descriptionTerms` finds them). */
  terms(path: RootPath): readonly string[] {
    return this.termsByPath.get(path) ?? NO_TERMS;
  }

  /**
   * Sets or (undefined) removes the description words of `path`. Returns the words whose being common
   * changed, or `all` when the root's size moved the bar itself.
   */
  set(path: RootPath, terms: readonly string[] | undefined): ReadonlySet<string> | 'all' {
    const barBefore = this.commonBar();
    const before = this.termsByPath.get(path) ?? NO_TERMS;
    const touched = new Set([...before, ...(terms ?? NO_TERMS)]);
    const commonBefore = [...touched].filter((term) => this.frequency(term) >= barBefore);
    for (const term of before) {
      const paths = this.postings.get(term);
      paths?.delete(path);
      if (paths?.size === 0) this.postings.delete(term);
    }
    if (terms === undefined) this.termsByPath.delete(path);
    else {
      this.termsByPath.set(path, terms.length === 0 ? NO_TERMS : terms);
      for (const term of terms) {
        let paths = this.postings.get(term);
        if (!paths) this.postings.set(term, (paths = new Set()));
        paths.add(path);
      }
    }
    const bar = this.commonBar();
    if (bar !== barBefore) return 'all';
    const flipped = new Set<string>();
    for (const term of touched) if (commonBefore.includes(term) !== this.frequency(term) >= bar) flipped.add(term);
    return flipped;
  }

  /** How many descriptions use `term`. */
  frequency(term: string): number {
    return this.postings.get(term)?.size ?? 0;
  }

  /** Whether so many of the root's descriptions use `term` that it tells none apart. */
  isCommon(term: string): boolean {
    return this.frequency(term) >= this.commonBar();
  }

  private commonBar(): number {
    return Math.max(COMMON_MIN, Math.ceil(this.termsByPath.size * COMMON_SHARE));
  }

  /** The other memories whose description is nearly the same as that of `path`, as held now. */
  alike(path: RootPath): RootPath[] {
    return this.alikeTo(path, this.terms(path));
  }

  /** The memories (but `path`) whose description words are nearly `terms`. */
  alikeTo(path: RootPath, terms: readonly string[]): RootPath[] {
    if (terms.length < ALIKE_MIN_SHARED) return [];
    // A description alike this one misses at most this many of its words: it has one of any one more.
    const probes = terms.length - Math.ceil((SHARED * terms.length) / SHARE_OF) + 1;
    const rarest = [...terms].sort((a, b) => this.frequency(a) - this.frequency(b)).slice(0, probes);
    const found: RootPath[] = [];
    const seen = new Set<RootPath>([path]);
    for (const term of rarest) {
      for (const other of this.postings.get(term) ?? []) {
        if (seen.has(other)) continue;
        seen.add(other);
        if (areAlike(terms, this.terms(other))) found.push(other);
      }
    }
    return found.sort();
  }
}

/** Whether two descriptions' words are nearly the same: at least {@link ALIKE_MIN_SHARED} and 4 in 5 of them shared. */
export function areAlike(a: readonly string[], b: readonly string[]): boolean {
  let shared = 0;
  for (const term of a) if (b.includes(term)) shared++;
  return shared >= ALIKE_MIN_SHARED && shared * SHARE_OF >= SHARED * (a.length + b.length - shared);
}
