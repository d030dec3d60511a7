import type { RootPath } from '../../types';
import { BucketTable } from './bucketTable';
import { agreeingBins, mix, SIGNATURE_SIZE, writeSignature } from './minHash';

/** Another memory whose text is nearly the same, with the estimated Jaccard similarity (0-1). */
export interface NearDuplicate {
  readonly path: RootPath;
  readonly similarity: number;
}

export interface NearDuplicateOptions {
  /**
   * Least estimated Jaccard similarity of shingle sets reported, default 0.4: rewordings of one fact
   * measure 0.44-0.76 (Korean's inflected endings give the lowest), different facts on one subject
   * under 0.15; the estimate's standard error at 0.4 is 0.04.
   */
  readonly threshold?: number;
  /**
   * A band value shared by more memories than this is a template or boilerplate, not a duplicated fact:
   * such a bucket yields no candidates, which also bounds the work per memory (at most 42 x 8
   * candidates). Default 8.
   */
  readonly maxBucketSize?: number;
}

/**
 * Locality-sensitive hashing over 42 bands of 3 signature values: two texts become candidates when
 * any band agrees entirely, with probability 1 - (1 - J^3)^42: 0.94 at J = 0.4, 0.99 at 0.5, 0.04 at
 * 0.1. Candidates are then verified on the whole signature.
 */
const ROWS = 3;
const BANDS = Math.floor(SIGNATURE_SIZE / ROWS);
const NO_MEMBER = -1;

/**
 * An incremental near-duplicate index: adding, replacing or removing one memory costs time in
 * proportion to its text and its buckets, never to the root. Whether two memories are near-duplicates
 * depends only on their two texts and on the sizes of the buckets they share, so the answer after any
 * sequence of updates is the one a fresh index over the same texts gives.
 *
 * Memories are numbered; their signatures, band keys and bucket links sit in typed arrays indexed by
 * number, and each bucket is a doubly linked list through those arrays, so nothing is allocated per
 * memory or per bucket and removal from even a huge bucket is immediate.
 */
export class NearDuplicateIndex {
  private readonly ids = new Map<RootPath, number>();
  private paths: (RootPath | undefined)[] = [];
  private readonly freeIds: number[] = [];
  private capacity = 0;
  private signatures: Int32Array = new Int32Array(0);
  private keys: Int32Array = new Int32Array(0);
  private next: Int32Array = new Int32Array(0);
  private previous: Int32Array = new Int32Array(0);
  /** The query that last visited each memory, so a candidate met in several bands is verified once. */
  private visited: Int32Array = new Int32Array(0);
  private readonly buckets: BucketTable;
  private readonly neededBins: number;
  private readonly maxBucketSize: number;
  private query = 0;

  /** `expectedSize`, where known, sizes the tables once rather than growing them step by step. */
  constructor(options: NearDuplicateOptions = {}, expectedSize = 0) {
    this.neededBins = Math.ceil((options.threshold ?? 0.4) * SIGNATURE_SIZE);
    this.maxBucketSize = options.maxBucketSize ?? 8;
    this.buckets = new BucketTable(Math.max(10, Math.ceil(Math.log2(expectedSize * BANDS * 2 + 1))));
    if (expectedSize > 0) this.grow(expectedSize);
  }

  /** Number of memories indexed (texts too short to compare are not). */
  get size(): number {
    return this.ids.size;
  }

  /**
   * Indexes `text` as the memory at `path`, replacing what was there; undefined removes it. Returns the
   * other paths whose near-duplicates may have changed: the old and new near-duplicates of `path`, and
   * the members of buckets that filled past or fell back under the size limit.
   */
  update(path: RootPath, text: string | undefined): Set<RootPath> {
    const affected = new Set<RootPath>();
    if (this.ids.has(path)) {
      for (const neighbor of this.neighbors(path)) affected.add(neighbor.path);
      this.remove(path, affected);
    }
    if (text !== undefined && this.insert(path, text, affected)) {
      for (const neighbor of this.neighbors(path)) affected.add(neighbor.path);
    }
    affected.delete(path);
    return affected;
  }

  /**
   * Indexes a memory without working out who is affected: for building the index over a whole root,
   * where every memory is checked afterwards anyway.
   */
  add(path: RootPath, text: string): void {
    if (this.ids.has(path)) this.remove(path, undefined);
    this.insert(path, text, undefined);
  }

  /** The near-duplicates of `path`, most similar first, then by path. */
  neighbors(path: RootPath): NearDuplicate[] {
    const id = this.ids.get(path);
    if (id === undefined) return [];
    const query = ++this.query;
    this.visited[id] = query;
    const found: NearDuplicate[] = [];
    for (let band = 0; band < BANDS; band++) {
      const link = id * BANDS + band;
      // Alone in its bucket, as nearly every memory is in nearly every band: no need to look the bucket up.
      if (this.next[link] === NO_MEMBER && this.previous[link] === NO_MEMBER) continue;
      const slot = this.buckets.slotOf(this.keys[link]);
      const count = this.buckets.count(slot);
      if (count < 2 || count > this.maxBucketSize) continue;
      for (let member = this.buckets.head(slot); member !== NO_MEMBER; member = this.next[member * BANDS + band]) {
        if (this.visited[member] === query) continue;
        this.visited[member] = query;
        const bins = agreeingBins(this.signatures, id * SIGNATURE_SIZE, this.signatures, member * SIGNATURE_SIZE, this.neededBins);
        if (bins >= 0) found.push({ path: this.paths[member]!, similarity: bins / SIGNATURE_SIZE });
      }
    }
    return found.sort((a, b) => b.similarity - a.similarity || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  private insert(path: RootPath, text: string, affected: Set<RootPath> | undefined): boolean {
    const id = this.allocate();
    if (!writeSignature(text, this.signatures, id * SIGNATURE_SIZE)) {
      this.freeIds.push(id);
      return false;
    }
    this.ids.set(path, id);
    this.paths[id] = path;
    writeBandKeys(this.signatures, id * SIGNATURE_SIZE, this.keys, id * BANDS);
    for (let band = 0; band < BANDS; band++) {
      const link = id * BANDS + band;
      const slot = this.buckets.ensure(this.keys[link]);
      const head = this.buckets.head(slot);
      this.next[link] = head;
      this.previous[link] = NO_MEMBER;
      if (head !== NO_MEMBER) this.previous[head * BANDS + band] = id;
      this.buckets.setHead(slot, id);
      // Filling past the limit takes candidates away from everyone already in the bucket.
      if (this.buckets.addCount(slot, 1) === this.maxBucketSize + 1 && affected) this.collectMembers(slot, band, affected);
    }
    return true;
  }

  private remove(path: RootPath, affected: Set<RootPath> | undefined): void {
    const id = this.ids.get(path)!;
    for (let band = 0; band < BANDS; band++) {
      const link = id * BANDS + band;
      const slot = this.buckets.slotOf(this.keys[link]);
      const before = this.previous[link];
      const after = this.next[link];
      if (before === NO_MEMBER) this.buckets.setHead(slot, after);
      else this.next[before * BANDS + band] = after;
      if (after !== NO_MEMBER) this.previous[after * BANDS + band] = before;
      const count = this.buckets.addCount(slot, -1);
      if (count === 0) this.buckets.delete(slot);
      // Falling back under the limit gives the remaining members their candidates back.
      else if (count === this.maxBucketSize && affected) this.collectMembers(slot, band, affected);
    }
    this.ids.delete(path);
    this.paths[id] = undefined;
    this.freeIds.push(id);
  }

  private collectMembers(slot: number, band: number, into: Set<RootPath>): void {
    for (let member = this.buckets.head(slot); member !== NO_MEMBER; member = this.next[member * BANDS + band]) into.add(this.paths[member]!);
  }

  private allocate(): number {
    const free = this.freeIds.pop();
    if (free !== undefined) return free;
    const id = this.paths.length;
    if (id === this.capacity) this.grow(Math.max(64, this.capacity * 2));
    this.paths.push(undefined);
    return id;
  }

  private grow(capacity: number): void {
    const resize = (array: Int32Array, width: number): Int32Array => {
      const larger = new Int32Array(capacity * width);
      larger.set(array);
      return larger;
    };
    this.signatures = resize(this.signatures, SIGNATURE_SIZE);
    this.keys = resize(this.keys, BANDS);
    this.next = resize(this.next, BANDS);
    this.previous = resize(this.previous, BANDS);
    this.visited = resize(this.visited, 1);
    this.capacity = capacity;
  }
}

/**
 * One key per band: the band's values hashed, kept to 30 bits (small integers for V8) with the band's
 * number in the low 6, so equal values in different bands never share a bucket. A collision within a
 * band only adds a candidate that verification then rejects.
 */
function writeBandKeys(signatures: Int32Array, offset: number, keys: Int32Array, keyOffset: number): void {
  for (let band = 0; band < BANDS; band++) {
    let h = Math.imul(band + 1, 0x9e3779b1);
    for (let row = 0; row < ROWS; row++) h = mix(h ^ signatures[offset + band * ROWS + row]);
    keys[keyOffset + band] = (h & 0x3fffffc0) | band;
  }
}
