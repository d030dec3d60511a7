import type { Text } from '../../text';

export interface Finding {
  readonly start: number;
  readonly end: number;
  readonly message: Text;
}

/**
 * The findings of one file, kept sorted and non-overlapping. Scanners add theirs a batch at a time (one
 * pattern's matches, in order and apart from each other), most specific scanner first: of overlapping
 * findings the one already held stays, except that an absorbing batch (a private key's body) takes in
 * the findings lying wholly inside it, since an "AKIA..." inside a key is part of one private key.
 *
 * Merging a sorted batch walks both lists once, so a file with n findings costs n per batch: checking
 * every new finding against all earlier ones was quadratic on `password=...` repeated.
 */
export class FindingSet {
  private items: Finding[] = [];

  add(batch: readonly Finding[], absorbs = false): void {
    if (batch.length === 0) return;
    const held = this.items;
    const merged: Finding[] = [];
    let next = 0;
    for (const candidate of batch) {
      if (candidate.end <= candidate.start) continue;
      while (next < held.length && held[next].end <= candidate.start) merged.push(held[next++]);
      let past = next;
      while (past < held.length && held[past].start < candidate.end) past++;
      if (past === next) {
        merged.push(candidate);
      } else if (absorbs && insideAll(candidate, held, next, past)) {
        next = past;
        merged.push(candidate);
      }
      // Otherwise the held findings it overlaps stay, and are pushed when a later candidate passes them.
    }
    while (next < held.length) merged.push(held[next++]);
    this.items = merged;
  }

  /** The findings, in order of position. */
  get all(): readonly Finding[] {
    return this.items;
  }
}

function insideAll(outer: Finding, held: readonly Finding[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (held[i].start < outer.start || held[i].end > outer.end) return false;
  return true;
}
