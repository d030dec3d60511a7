import type { RootPath } from '../../types';
import { BucketTable } from './bucketTable';
import { passageText, writeFactSignature, type FactText } from './factText';
import { agreeingBins, mix, SIGNATURE_SIZE, SKETCH_SIZE, sketchAgreement, writeSignature, writeSketch } from './minHash';
import { firstSharedKey, passageSet, sharedWeight, type PassageSet } from './passages';
import { isSeries } from './series';

/**
 * How another memory relates to this one: nearly the same text (`alike`), holding all of this one
 * (`inside`: this memory is inside it), held whole by this one (`holds`), or stating one rule of this
 * one word for word among other things (`shares`).
 */
export type NearDuplicateRelation = 'alike' | 'inside' | 'holds' | 'shares';

/** Another memory that says the same, with how much of it is the same (0-1). */
export interface NearDuplicate {
  readonly path: RootPath;
  /**
   * `alike`: the estimated Jaccard similarity; `inside`/`holds`: the share of the smaller memory's
   * passages found in the larger; `shares`: the weight of the passages both hold over that of all.
   */
  readonly similarity: number;
  readonly relation: NearDuplicateRelation;
  /**
   * The hash of the first passage both hold, in the order of the one held whole (`inside`: this memory;
   * `holds`: the other) or of this memory (`alike`), or the rule both state (`shares`); undefined when
   * they share none, as rewordings do.
   */
  readonly sharedPassage?: number;
}

export interface NearDuplicateOptions {
  /**
   * Least estimated Jaccard similarity of shingle sets reported as `alike`, default 0.3: on the labeled
   * pairs (test/fixtures/near-duplicates) rewordings of one fact measure 0.39-0.57 in English, Korean
   * and Japanese, different facts on one subject at most 0.13; the estimate's standard error at 0.3 is
   * 0.04.
   */
  readonly threshold?: number;
  /**
   * Least share of the smaller memory's passages (by weight) found word for word in the other for it to
   * count as copied into it, default 0.6: memories copied whole into newer ones measure 0.75-1 (the
   * copy's own edits and the headings around it make up the rest), different memories share no passage.
   */
  readonly containment?: number;
  /**
   * A band value or passage shared by more memories than this is a template or boilerplate, not a
   * duplicated fact: such a bucket yields no candidates, which also bounds the work per memory.
   * Default 8.
   */
  readonly maxBucketSize?: number;
}

/**
 * Locality-sensitive hashing over 32 bands of 2 signature values (the signature's first 64): two texts
 * become candidates when any band agrees entirely, with probability 1 - (1 - J^2)^32: 0.996 at J = 0.4
 * (the least resemblance of a labeled rewording is 0.40), 0.95 at 0.3, 0.27 at 0.1. Candidates are then
 * verified on the whole signature. The index's time goes to its bands, not to verifying candidates (at
 * 20,000 realistic memories, 64 bands cost 0.5 s more than 32, and cutting the candidates verified from
 * 505,000 to 36,000 by asking two bands of 64 to agree saved under 0.1 s): 64 bands bought recall only
 * between 0.2 and 0.3, where same-language memories written from one vocabulary already resemble each other.
 */
const ROWS = 2;
const BANDS = 32;
const NO_MEMBER = -1;
/**
 * A bucket's member count is held in its head's `previous` link, which has no member to point at, as
 * -1 - count: the bucket table then holds a key and a head per bucket, not a count too (4 MB of the
 * realistic 20,000-memory root's 12). Every other member's `previous` is a member's number.
 */
const ALONE = -2;
/** Memories whose band keys the candidate check keeps at hand: a bucket just past the size limit, and the memory changed. */
const KEPT_KEYS = 16;
/** Words of the `overfull` bits a memory has, one bit per band. */
const OVERFULL_WORDS = Math.ceil(BANDS / 32);

/**
 * From this many shingles on (some 6,000 characters) a text is compared by its passages alone: two long
 * notes in one language share so many character shingles that their resemblance says nothing (two
 * unrelated 60-120 KB files measured "50% alike"), while a long duplicate is a copy, which shares passages.
 */
export const LONG_TEXT_SHINGLES = 6000;

/**
 * Below that, two memories of a page or more each (this passage weight, some 1,000 letters) resemble
 * each other by chance more than short ones do, for the same reason: on the real folders of issue #39,
 * twelve pairs of unrelated long notes from one project's vocabulary (review rounds of one codebase,
 * state notes of one simulator) measured 0.27-0.31, while every labeled rewording at the plain bar is
 * of weight under 320. Such a pair must resemble at LONG_THRESHOLD, a standard error (0.04) above the bar.
 */
const LONG_MEMORY_WEIGHT = 1000;
const LONG_THRESHOLD = 0.35;

/** A memory's passages count as copied into another only from this weight on (about two sentences). */
const MIN_CONTAINED_WEIGHT = 40;

/** A memory this much larger (in passage weight) than one it holds is a newer memory taking in an older. */
const HOLDS_RATIO = 1.5;

/**
 * A passage two memories both hold word for word is one rule kept twice from this weight on (a
 * sentence of some ten English words, or some 25 Hangul, kana or kanji): shorter shared lines are
 * labels and stock phrases.
 */
const SHARED_RULE_WEIGHT = 48;

/**
 * Consecutive shared passages of this weight or more count together toward SHARED_RULE_WEIGHT: a
 * Japanese or Korean rule is often two sentences of 12-20 characters split at 。 (probe set
 * test/fixtures/near-duplicates-probe, 2026-12-02: its Japanese rule copied word for word into an
 * incident template weighs 37 + 32). Half the bar, so a run of labels or short checklist items does not
 * add up to a rule ("[ ] 디스크 사용량 80% 미만 확인" weighs 22, "[ ] ディスク使用率 80% 未満" 20).
 */
const RUN_PASSAGE_WEIGHT = 24;

/**
 * Bins of a description's own signature (the first of its full signature's, each one a MinHash sample):
 * two descriptions that agree in this many of them say the same thing in nearly the same words, and
 * then bodies that reword each other are enough, at DESCRIBED_THRESHOLD rather than the threshold.
 */
const DESCRIPTION_BINS = 32;
const ALIKE_DESCRIPTION_BINS = 22;
const DESCRIBED_THRESHOLD = 0.2;
// Not lower, nor a second, lower bar for short memories (measured 2026-12-02 on pairs of one or two short
// sentences with a reason each): "Never force-push to shared branches" and its rewording "Do not force
// push shared branches" agree in 21 of 32 description bins and 30 of 128 in all, the different rule
// "Never push directly to shared branches" in 21 and 31; Japanese rewordings measure 18-20 and 26-28.
// At this length a shingle estimate cannot tell a reworded rule from a neighbouring one.

/**
 * An incremental near-duplicate index: adding, replacing or removing one memory costs time in
 * proportion to its text and its buckets, never to the root. Whether two memories are near-duplicates
 * depends only on their two texts and on the sizes of the buckets they share, so the answer after any
 * sequence of updates is the one a fresh index over the same texts gives.
 *
 * Two kinds of bucket make candidates: LSH bands of the MinHash signature (memory-sized texts, for
 * rewordings) and exact passages (every text, for copies). Each candidate is then verified on both.
 *
 * Memories are numbered; their signatures and bucket links sit in typed arrays indexed by number, and
 * each band bucket is a doubly linked list through those arrays, so nothing is allocated per memory or
 * per bucket and removal from even a huge bucket is immediate. A band's key is worked out from the
 * signature where it is needed (two hash rounds) rather than held: that was 256 bytes a memory.
 */
const NO_NEIGHBORS: readonly NearDuplicate[] = Object.freeze([]);

/** Most similar first, then by path. */
function byLikeness(a: NearDuplicate, b: NearDuplicate): number {
  return b.similarity - a.similarity || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/**
 * A memory's near-duplicates as the index holds them: four numbers each (the other memory's number, the
 * similarity, the relation as an index into RELATIONS, the shared passage or NaN for none), in
 * {@link byLikeness} order. An array of numbers rather than an object each: in a root of near-duplicate
 * clusters (the stress corpus: five a memory) the objects cost 0.3 KB a memory.
 */
type HeldList = readonly number[];
const ENTRY = 4;
const RELATIONS: readonly NearDuplicateRelation[] = ['alike', 'inside', 'holds', 'shares'];
const NOTHING_HELD: HeldList = Object.freeze([]);

export class NearDuplicateIndex {
  private readonly ids = new Map<RootPath, number>();
  private paths: (RootPath | undefined)[] = [];
  /**
   * Every memory's PassageSet data, one after another (see `holdPassages`): an Int32Array a memory
   * cost 230 bytes of objects beside its few dozen bytes of hashes.
   */
  private passageData: Int32Array = new Int32Array(0);
  /** Words of `passageData` written so far, and how many of them belong to memories since removed. */
  private passageUsed = 0;
  private passageGarbage = 0;
  /** Per memory: where its passages start in `passageData`, how many distinct ones, how many words in all (0: none held). */
  private passageStart: Int32Array = new Int32Array(0);
  private passageCount: Int32Array = new Int32Array(0);
  private passageWords: Int32Array = new Int32Array(0);
  private readonly freeIds: number[] = [];
  private capacity = 0;
  private signatures: Int32Array = new Int32Array(0);
  /** Four bits of each signature value (see `writeSketch`): most candidates are rejected on these alone. */
  private sketches: Int32Array = new Int32Array(0);
  /** Each memory's passage weight (its PassageSet's total), beside the sketches for the same reason. */
  private totals: Int32Array = new Int32Array(0);
  /** Per memory, FILTER_WORDS words with one bit set per passage hash: a one-cache-line test of whether two share any. */
  private passageFilters: Int32Array = new Int32Array(0);
  /** 1 where the memory is short enough for its bands to be indexed. */
  private banded: Uint8Array = new Uint8Array(0);
  /** Per memory, DESCRIPTION_BINS values of its description's signature, and 1 where it has one. */
  private descriptionSignatures: Int32Array = new Int32Array(0);
  private described: Uint8Array = new Uint8Array(0);
  private next: Int32Array = new Int32Array(0);
  private previous: Int32Array = new Int32Array(0);
  /**
   * One bit per band link, set while its bucket holds more than the size limit: such a bucket yields no
   * candidates, and nearly every memory of a root of look-alike texts sits in dozens of them (two
   * thirds of the buckets a realistic 20,000-memory root's search looked up, nearly all of the stress
   * root's). The search skips them without working out the band's key and looking the bucket up.
   */
  private overfull: Int32Array = new Int32Array(0);
  /** The query that last visited each memory, so a candidate met in several buckets is verified once. */
  private visited: Int32Array = new Int32Array(0);
  private readonly buckets: BucketTable;
  /** The band keys of a few memories (see `bandKeysOf`), which memories they are (-1: none), and which to replace next. */
  private readonly keyScratch = new Int32Array(KEPT_KEYS * BANDS);
  private readonly keyScratchIds: number[] = new Array<number>(KEPT_KEYS).fill(-1);
  private keyScratchNext = 0;
  /**
   * Passage hash to the memories holding that passage: the one memory's number while it is alone, as
   * nearly every passage is, and a set from the second on. A plain Map: a hand-made open-addressing table
   * in its place measured the same time and 1.4% less heap a memory (2026-12-02), under the 10% a
   * clever layout must buy.
   */
  private readonly passageBuckets = new Map<number, number | Set<number>>();
  /**
   * Each memory's near-duplicates as last found, by number, kept current by `update`: one keystroke
   * re-checks every near-duplicate of the memory typed in, and asking each of them again went through
   * all their buckets (half of an edit's time in a root of near-duplicate clusters).
   */
  private lists: (HeldList | undefined)[] = [];
  /** How many lists were found since the last `dropHeld` (an upper bound of those held). */
  private held = 0;
  private readonly neededBins: number;
  private readonly describedBins: number;
  private readonly longBins: number;
  private readonly containment: number;
  private readonly maxBucketSize: number;
  private query = 0;
  /** Candidate pairs compared so far (a pair asked from both sides counts twice), for the bench. */
  candidatesCompared = 0;

  /**
   * `expectedSize`, where known, sizes the per-memory tables once rather than growing them step by
   * step. The bucket table starts small and grows with the buckets: how many there are depends on how
   * alike the texts are (with 64 bands, 440,000 for 1.28 million band links in the realistic
   * 20,000-memory corpus, 17,000 in the stress one), and a table sized for the links held 12 MB of empty slots in the stress
   * root.
   */
  constructor(options: NearDuplicateOptions = {}, expectedSize = 0) {
    this.neededBins = Math.ceil((options.threshold ?? 0.3) * SIGNATURE_SIZE);
    this.describedBins = Math.min(this.neededBins, Math.ceil(DESCRIBED_THRESHOLD * SIGNATURE_SIZE));
    this.longBins = Math.max(this.neededBins, Math.ceil(LONG_THRESHOLD * SIGNATURE_SIZE));
    this.containment = options.containment ?? 0.6;
    this.maxBucketSize = options.maxBucketSize ?? 8;
    this.buckets = new BucketTable();
    if (expectedSize > 0) this.grow(expectedSize);
  }

  /** Number of memories indexed (texts too short to compare are not). */
  get size(): number {
    return this.ids.size;
  }

  /**
   * Indexes `fact` as the memory at `path`, replacing what was there; undefined removes it. A string is
   * a body without a description. Returns the other paths whose near-duplicates may have changed: the
   * old and new near-duplicates of `path`, and the members of buckets that filled past or fell back
   * under the size limit.
   */
  update(path: RootPath, fact: FactText | string | undefined): Set<RootPath> {
    const affected = new Set<RootPath>();
    // The members of each bucket that crossed the size limit: they gain or lose each other as candidates.
    const crossed: number[][] = [];
    const formerId = this.ids.get(path);
    const before = formerId !== undefined ? this.heldFor(formerId) : NOTHING_HELD;
    if (formerId !== undefined) this.remove(path, crossed);
    const id = fact !== undefined && this.insert(path, fact, crossed) ? this.ids.get(path) : undefined;
    // The lists held of other memories still tell of `path` as it was: none is trusted about it until reconsidered.
    const after = id !== undefined ? this.heldFor(id, false) : NOTHING_HELD;
    // Near-duplicates are so both ways: those of before and after hold `path` wrongly now, and only that.
    for (const list of [before, after]) {
      for (let at = 0; at < list.length; at += ENTRY) {
        const neighbor = list[at];
        const neighborPath = this.paths[neighbor]!;
        if (affected.has(neighborPath)) continue;
        affected.add(neighborPath);
        this.reconsider(neighbor, formerId, id);
      }
    }
    for (const members of crossed) {
      for (const member of members) {
        if (member === id) continue;
        affected.add(this.paths[member]!);
        for (const other of members) if (other !== member && other !== id) this.reconsider(member, other, other);
      }
    }
    affected.delete(path);
    return affected;
  }

  /**
   * Brings what the memory numbered `id` holds about another memory up to date: after that memory
   * changed, or a bucket they share crossed the size limit. The other memory was numbered `former`
   * (undefined: it is new) and is numbered `other` now (undefined: it is gone). It is a near-duplicate
   * only if some bucket of theirs still makes it a candidate.
   */
  private reconsider(id: number, former: number | undefined, other: number | undefined): void {
    const list = this.lists[id];
    if (!list) return;
    let dropped = 0;
    for (let at = 0; at < list.length; at += ENTRY) if (list[at] === former || list[at] === other) dropped++;
    const relation = other !== undefined && this.isCandidate(id, other) ? this.relate(id, other) : undefined;
    if (dropped === 0 && !relation) return;
    const length = list.length + ((relation ? 1 : 0) - dropped) * ENTRY;
    if (length === 0) {
      this.lists[id] = NOTHING_HELD;
      return;
    }
    // Written one number at a time into an array of its exact length (see `writeEntry`).
    const updated = new Array<number>(length);
    let to = 0;
    let placed = !relation;
    for (let at = 0; at < list.length; at += ENTRY) {
      if (list[at] === former || list[at] === other) continue;
      if (!placed && !this.before(list, at, relation!)) {
        to = writeEntry(updated, to, other!, relation!);
        placed = true;
      }
      for (let i = 0; i < ENTRY; i++) updated[to++] = list[at + i];
    }
    if (!placed) writeEntry(updated, to, other!, relation!);
    this.lists[id] = updated;
  }

  /** Whether the near-duplicate held at `at` of `list` comes before `relation` ({@link byLikeness} read off the numbers). */
  private before(list: HeldList, at: number, relation: NearDuplicate): boolean {
    const similarity = list[at + 1];
    return relation.similarity - similarity < 0 || (relation.similarity === similarity && this.paths[list[at]]! < relation.path);
  }

  /** The near-duplicate held at `at` of `list`. */
  private heldNeighbor(list: HeldList, at: number): NearDuplicate {
    const sharedPassage = list[at + 3];
    return { path: this.paths[list[at]]!, similarity: list[at + 1], relation: RELATIONS[list[at + 2]], sharedPassage: Number.isNaN(sharedPassage) ? undefined : sharedPassage };
  }

  /**
   * Where the band keys of memory `id` start in `keyScratch`, worked out unless they are there already.
   * An update asks whether the memory changed is a candidate of each of its near-duplicates, and each
   * member of a bucket that crossed the size limit (at most 9) about each other member: the keys of
   * the last KEPT_KEYS memories asked about are kept, so each is worked out once per update.
   */
  private bandKeysOf(id: number): number {
    const at = this.keyScratchIds.indexOf(id);
    if (at >= 0) return at * BANDS;
    const slot = this.keyScratchNext;
    this.keyScratchNext = (slot + 1) % KEPT_KEYS;
    this.keyScratchIds[slot] = id;
    for (let band = 0; band < BANDS; band++) this.keyScratch[slot * BANDS + band] = bandKey(this.signatures, id * SIGNATURE_SIZE, band);
    return slot * BANDS;
  }

  /** Whether `search(id)` meets `other`: a band or passage bucket they share is within the size limit. */
  private isCandidate(id: number, other: number): boolean {
    if (this.banded[id] && this.banded[other]) {
      const own = this.bandKeysOf(id);
      const theirs = this.bandKeysOf(other);
      for (let band = 0; band < BANDS; band++) {
        const key = this.keyScratch[own + band];
        if (key !== this.keyScratch[theirs + band]) continue;
        const count = this.countOf(this.buckets.head(this.buckets.slotOf(key)), band);
        if (count >= 2 && count <= this.maxBucketSize) return true;
      }
    }
    const data = this.passageData;
    for (let i = this.passageStart[id], end = i + this.passageCount[id]; i < end; i++) {
      const bucket = this.passageBuckets.get(data[i])!;
      if (typeof bucket !== 'number' && bucket.size <= this.maxBucketSize && bucket.has(other)) return true;
    }
    return false;
  }

  /**
   * Indexes a memory without working out who is affected: for building the index over a whole root,
   * where every memory is checked afterwards anyway.
   */
  add(path: RootPath, fact: FactText | string): void {
    // Nobody is told, so nothing held can be trusted (a change while a stepped check builds the index asked early).
    if (this.held > 0) this.dropHeld();
    if (this.ids.has(path)) this.remove(path, undefined);
    this.insert(path, fact, undefined);
  }

  private dropHeld(): void {
    this.lists = [];
    this.held = 0;
  }

  /** The near-duplicates of `path`, most similar first, then by path; the first `limit` of them when given. */
  neighbors(path: RootPath, limit = Infinity): readonly NearDuplicate[] {
    const id = this.ids.get(path);
    if (id === undefined) return NO_NEIGHBORS;
    const held = this.heldFor(id);
    if (held.length === 0 || limit <= 0) return NO_NEIGHBORS;
    const neighbors: NearDuplicate[] = [];
    for (let at = 0; at < held.length && neighbors.length < limit; at += ENTRY) neighbors.push(this.heldNeighbor(held, at));
    return neighbors;
  }

  /** Finds and holds the near-duplicates of `path`, which `neighbors` then reads, unless they are held already. */
  find(path: RootPath): void {
    const id = this.ids.get(path);
    if (id !== undefined) this.heldFor(id);
  }

  /** Whether `path` has any near-duplicate: `neighbors(path, 1).length > 0` without making the object. */
  hasNeighbors(path: RootPath): boolean {
    const id = this.ids.get(path);
    return id !== undefined && this.heldFor(id).length > 0;
  }

  /** What the index holds of memory `id`'s near-duplicates, found first if it holds nothing yet. */
  private heldFor(id: number, trustHeld = true): HeldList {
    const held = this.lists[id];
    if (held) return held;
    const found = this.search(id, trustHeld);
    const list = found.length === 0 ? NOTHING_HELD : new Array<number>(found.length * ENTRY);
    for (let i = 0; i < found.length; i++) writeEntry(list as number[], i * ENTRY, this.ids.get(found[i].path)!, found[i]);
    this.lists[id] = list;
    this.held++;
    return list;
  }

  private search(id: number, trustHeld: boolean): NearDuplicate[] {
    const query = ++this.query;
    this.visited[id] = query;
    const found: NearDuplicate[] = [];
    const consider = (member: number): void => {
      if (this.visited[member] === query) return;
      this.visited[member] = query;
      // A memory whose near-duplicates are held was compared with this one when they were found, and
      // being near-duplicates is mutual: unless its list names this one, they are not (a full check
      // asks every memory in turn, so this halves the comparisons, most of a check's time here).
      const theirs = trustHeld ? this.lists[member] : undefined;
      if (theirs !== undefined && !names(theirs, id)) return;
      this.candidatesCompared++;
      const relation = this.relate(id, member);
      if (relation) found.push(relation);
    };
    if (this.banded[id]) {
      for (let band = 0; band < BANDS; band++) {
        const link = id * BANDS + band;
        // Alone in its bucket, as nearly every memory is in nearly every band, or in one past the limit:
        // no need to look the bucket up.
        if ((this.next[link] === NO_MEMBER && this.previous[link] === ALONE) || this.isOverfull(id, band)) continue;
        // The bucket's head is found back along the links (a few at most: the bucket is within the
        // limit), not by working out the band's key and looking it up.
        let head = id;
        while (this.previous[head * BANDS + band] >= 0) head = this.previous[head * BANDS + band];
        const count = this.countOf(head, band);
        if (count < 2 || count > this.maxBucketSize) continue;
        for (let member = head; member !== NO_MEMBER; member = this.next[member * BANDS + band]) consider(member);
      }
    }
    const data = this.passageData;
    for (let i = this.passageStart[id], end = i + this.passageCount[id]; i < end; i++) {
      const bucket = this.passageBuckets.get(data[i])!;
      if (typeof bucket === 'number' || bucket.size > this.maxBucketSize) continue;
      for (const member of bucket) consider(member);
    }
    return found.sort(byLikeness);
  }

  /**
   * How `member` relates to `id`, if it is a near-duplicate: most of the smaller one's passages inside
   * the other (a copy, or a copy taken into a newer memory), or, for two memory-sized texts, a
   * resemblance of shingle sets at the threshold.
   */
  private relate(id: number, member: number): NearDuplicate | undefined {
    const relation = this.relation(id, member);
    // Dated snapshots of one subject (status_2026-10, status_2026-11) repeat what carries over: a series.
    return relation && isSeries(this.paths[id]!, this.paths[member]!) ? undefined : relation;
  }

  private relation(id: number, member: number): NearDuplicate | undefined {
    const smaller = Math.min(this.totals[id], this.totals[member]);
    const larger = Math.max(this.totals[id], this.totals[member]);
    const nibbles = this.banded[id] && this.banded[member] ? sketchAgreement(this.sketches, id * SKETCH_SIZE, member * SKETCH_SIZE) : -1;
    const needed = smaller >= LONG_MEMORY_WEIGHT ? this.longBins : this.neededBins;
    let bins = nibbles >= needed ? agreeingBins(this.signatures, id * SIGNATURE_SIZE, this.signatures, member * SIGNATURE_SIZE, needed) : -1;
    // The descriptions are read only for the few pairs short of the threshold but near it: another cache miss each.
    if (bins < 0 && nibbles >= this.describedBins && this.describedBins < needed && this.descriptionsAgree(id, member)) {
      bins = agreeingBins(this.signatures, id * SIGNATURE_SIZE, this.signatures, member * SIGNATURE_SIZE, this.describedBins);
    }
    // Two memories whose passage filters share no bit share no passage, so neither holds the other.
    const mayContain = smaller >= MIN_CONTAINED_WEIGHT && mayShare(this.passageFilters, id, member);
    // Most candidates end here, having read only the flat arrays, not the two passage sets.
    if (bins < 0 && !mayContain) return undefined;
    const path = this.paths[member]!;
    const resemblance = bins >= 0 ? bins / SIGNATURE_SIZE : 0;
    if (mayContain) {
      const shared = sharedWeight(this.passageData, this.passageStart[id], this.passageCount[id], this.passageStart[member], this.passageCount[member]);
      if (shared >= this.containment * smaller) {
        if (larger >= HOLDS_RATIO * smaller) {
          const inside = this.totals[id] < this.totals[member];
          const sharedPassage = inside ? this.firstSharedKey(id, member) : this.firstSharedKey(member, id);
          return { path, similarity: shared / smaller, relation: inside ? 'inside' : 'holds', sharedPassage };
        }
        const similarity = Math.max(resemblance, shared / (this.totals[id] + this.totals[member] - shared));
        return { path, similarity, relation: 'alike', sharedPassage: this.firstSharedKey(id, member) };
      }
      if (bins < 0 && shared >= SHARED_RULE_WEIGHT) {
        // Asked both ways, so that two passages whose hashes collide, heavy in one memory and light in
        // the other, do not make one a near-duplicate of the other but not the other way round.
        const rule = this.sharedRule(id, member);
        if (rule !== undefined && this.sharedRule(member, id) !== undefined) return { path, similarity: shared / (this.totals[id] + this.totals[member] - shared), relation: 'shares', sharedPassage: rule };
      }
    }
    if (bins < 0) return undefined;
    return { path, similarity: resemblance, relation: 'alike', sharedPassage: this.firstSharedKey(id, member) };
  }

  /** Whether the two memories' descriptions nearly match (see DESCRIPTION_BINS). */
  private descriptionsAgree(id: number, member: number): boolean {
    if (!this.described[id] || !this.described[member]) return false;
    const signatures = this.descriptionSignatures;
    let agreeing = 0;
    for (let i = 0, a = id * DESCRIPTION_BINS, b = member * DESCRIPTION_BINS; i < DESCRIPTION_BINS; i++) if (signatures[a + i] === signatures[b + i]) agreeing++;
    return agreeing >= ALIKE_DESCRIPTION_BINS;
  }

  /**
   * The first passage of memory `id`, in its text's order, that memory `member` holds word for word and
   * that no more than the bucket limit of memories hold (a passage in more is a template's), where it
   * weighs SHARED_RULE_WEIGHT or more, or starts a run of such passages, each of RUN_PASSAGE_WEIGHT or
   * more, that does: a rule of two short sentences ("…JSTで書く。UTCの場合は…と明記する。").
   */
  private sharedRule(id: number, member: number): number | undefined {
    const data = this.passageData;
    const start = this.passageStart[id];
    const count = this.passageCount[id];
    // Most pairs asked share no passage of a sentence's weight: told from the weights alone, as before runs counted.
    let any = false;
    for (let i = start; i < start + count && !any; i++) any = data[count + i] >= RUN_PASSAGE_WEIGHT && this.inRuleBucket(data[i], member);
    if (!any) return undefined;
    let run = 0;
    let runStart = 0;
    for (let i = start + 2 * count, end = start + this.passageWords[id]; i < end; i++) {
      const key = data[i];
      const weight = this.weightOf(id, key);
      if (weight < RUN_PASSAGE_WEIGHT || !this.inRuleBucket(key, member)) {
        run = 0;
        continue;
      }
      if (weight >= SHARED_RULE_WEIGHT) return key;
      if (run === 0) runStart = key;
      run += weight;
      if (run >= SHARED_RULE_WEIGHT) return runStart;
    }
    return undefined;
  }

  /** Whether memory `member` holds passage `key` too, and no more than the bucket limit of memories do. */
  private inRuleBucket(key: number, member: number): boolean {
    const bucket = this.passageBuckets.get(key);
    return bucket !== undefined && typeof bucket !== 'number' && bucket.size <= this.maxBucketSize && bucket.has(member);
  }

  /** The weight memory `id` gives its passage `key` (it holds it): a binary search of its sorted keys. */
  private weightOf(id: number, key: number): number {
    const data = this.passageData;
    const count = this.passageCount[id];
    let low = this.passageStart[id];
    let high = low + count - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (data[middle] === key) return data[count + middle];
      if (data[middle] < key) low = middle + 1;
      else high = middle - 1;
    }
    return 0;
  }

  /** The first passage of memory `inner`, in its text's order, that memory `outer` holds too. */
  private firstSharedKey(inner: number, outer: number): number | undefined {
    const start = this.passageStart[inner];
    return firstSharedKey(this.passageData, start, this.passageCount[inner], start + this.passageWords[inner], this.passageStart[outer], this.passageCount[outer]);
  }

  private insert(path: RootPath, fact: FactText | string, crossed: number[][] | undefined): boolean {
    const id = this.allocate();
    const shingles = writeFactSignature(fact, this.signatures, id * SIGNATURE_SIZE);
    // A new signature, so new keys: the number may have been another memory's.
    for (let slot = 0; slot < KEPT_KEYS; slot++) if (this.keyScratchIds[slot] === id) this.keyScratchIds[slot] = -1;
    if (shingles === 0) {
      this.freeIds.push(id);
      return false;
    }
    this.ids.set(path, id);
    this.paths[id] = path;
    const passages = passageSet(passageText(fact));
    this.holdPassages(id, passages);
    this.totals[id] = passages.total;
    writePassageFilter(passages, this.passageFilters, id);
    for (let i = 0; i < passages.count; i++) {
      const key = passages.data[i];
      const bucket = this.passageBuckets.get(key);
      if (bucket === undefined) {
        this.passageBuckets.set(key, id);
      } else {
        const members = typeof bucket === 'number' ? new Set([bucket]) : bucket;
        if (members !== bucket) this.passageBuckets.set(key, members);
        members.add(id);
        // Filling past the limit takes candidates away from everyone already in the bucket.
        if (members.size === this.maxBucketSize + 1 && crossed) crossed.push([...members]);
      }
    }
    this.banded[id] = shingles < LONG_TEXT_SHINGLES ? 1 : 0;
    if (!this.banded[id]) return true;
    this.described[id] = typeof fact !== 'string' && fact.description !== '' && writeSignature(fact.description, DESCRIPTION_SCRATCH, 0) > 0 ? 1 : 0;
    if (this.described[id]) this.descriptionSignatures.set(DESCRIPTION_SCRATCH.subarray(0, DESCRIPTION_BINS), id * DESCRIPTION_BINS);
    writeSketch(this.signatures, id * SIGNATURE_SIZE, this.sketches, id * SKETCH_SIZE);
    this.overfull.fill(0, id * OVERFULL_WORDS, (id + 1) * OVERFULL_WORDS);
    for (let band = 0; band < BANDS; band++) {
      const link = id * BANDS + band;
      const slot = this.buckets.ensure(bandKey(this.signatures, id * SIGNATURE_SIZE, band));
      const head = this.buckets.head(slot);
      const count = this.countOf(head, band) + 1;
      this.next[link] = head;
      if (head !== NO_MEMBER) this.previous[head * BANDS + band] = id;
      this.previous[link] = -1 - count;
      this.buckets.setHead(slot, id);
      if (count === this.maxBucketSize + 1) {
        const members = this.membersOf(slot, band);
        for (const member of members) this.setOverfull(member, band, true);
        // Filling past the limit takes candidates away from everyone already in the bucket.
        if (crossed) crossed.push(members);
      } else if (count > this.maxBucketSize) {
        this.setOverfull(id, band, true);
      }
    }
    return true;
  }

  private remove(path: RootPath, crossed: number[][] | undefined): void {
    const id = this.ids.get(path)!;
    const data = this.passageData;
    for (let i = this.passageStart[id], end = i + this.passageCount[id]; i < end; i++) {
      const key = data[i];
      const bucket = this.passageBuckets.get(key)!;
      if (typeof bucket === 'number') {
        this.passageBuckets.delete(key);
        continue;
      }
      bucket.delete(id);
      // Falling back under the limit gives the remaining members their candidates back.
      if (bucket.size === this.maxBucketSize && crossed) crossed.push([...bucket]);
      if (bucket.size === 1) this.passageBuckets.set(key, bucket.values().next().value!);
    }
    this.passageGarbage += this.passageWords[id];
    this.passageWords[id] = 0;
    this.passageCount[id] = 0;
    for (let band = 0; band < BANDS && this.banded[id]; band++) {
      const link = id * BANDS + band;
      const slot = this.buckets.slotOf(bandKey(this.signatures, id * SIGNATURE_SIZE, band));
      const head = this.buckets.head(slot);
      const count = this.countOf(head, band) - 1;
      const after = this.next[link];
      if (head === id) {
        this.buckets.setHead(slot, after);
        if (after !== NO_MEMBER) this.previous[after * BANDS + band] = -1 - count;
      } else {
        const before = this.previous[link];
        this.next[before * BANDS + band] = after;
        if (after !== NO_MEMBER) this.previous[after * BANDS + band] = before;
        this.previous[head * BANDS + band] = -1 - count;
      }
      if (count === 0) {
        this.buckets.delete(slot);
      } else if (count === this.maxBucketSize) {
        const members = this.membersOf(slot, band);
        for (const member of members) this.setOverfull(member, band, false);
        // Falling back under the limit gives the remaining members their candidates back.
        if (crossed) crossed.push(members);
      }
    }
    this.ids.delete(path);
    this.paths[id] = undefined;
    this.lists[id] = undefined;
    this.freeIds.push(id);
  }

  /** Copies `passages` into the shared array as memory `id`'s, which holds none now. */
  private holdPassages(id: number, passages: PassageSet): void {
    const words = passages.data.length;
    if (this.passageUsed + words > this.passageData.length) this.compactPassages(words);
    this.passageData.set(passages.data, this.passageUsed);
    this.passageStart[id] = this.passageUsed;
    this.passageCount[id] = passages.count;
    this.passageWords[id] = words;
    this.passageUsed += words;
  }

  /**
   * Copies the passages of the memories indexed into a new shared array, in order, leaving those of
   * removed memories behind, with room for `words` more and half as many again as are held: copying
   * costs what is held, and happens once per that many words written, so a memory's share stays
   * constant whether the root is being built or edited.
   */
  private compactPassages(words: number): void {
    const live = this.passageUsed - this.passageGarbage;
    const data = new Int32Array(Math.max(1024, Math.ceil((live + words) * 1.5)));
    let at = 0;
    for (let id = 0; id < this.capacity; id++) {
      const held = this.passageWords[id];
      if (held === 0) continue;
      const start = this.passageStart[id];
      data.set(this.passageData.subarray(start, start + held), at);
      this.passageStart[id] = at;
      at += held;
    }
    this.passageData = data;
    this.passageUsed = at;
    this.passageGarbage = 0;
  }

  private isOverfull(id: number, band: number): boolean {
    return (this.overfull[id * OVERFULL_WORDS + (band >>> 5)] & (1 << (band & 31))) !== 0;
  }

  private setOverfull(id: number, band: number, overfull: boolean): void {
    const word = id * OVERFULL_WORDS + (band >>> 5);
    if (overfull) this.overfull[word] |= 1 << (band & 31);
    else this.overfull[word] &= ~(1 << (band & 31));
  }

  /** How many members the band bucket headed by `head` has. */
  private countOf(head: number, band: number): number {
    return head === NO_MEMBER ? 0 : -1 - this.previous[head * BANDS + band];
  }

  private membersOf(slot: number, band: number): number[] {
    const members: number[] = [];
    for (let member = this.buckets.head(slot); member !== NO_MEMBER; member = this.next[member * BANDS + band]) members.push(member);
    return members;
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
    this.sketches = resize(this.sketches, SKETCH_SIZE);
    this.totals = resize(this.totals, 1);
    this.passageFilters = resize(this.passageFilters, FILTER_WORDS);
    this.next = resize(this.next, BANDS);
    this.previous = resize(this.previous, BANDS);
    this.overfull = resize(this.overfull, OVERFULL_WORDS);
    this.visited = resize(this.visited, 1);
    this.passageStart = resize(this.passageStart, 1);
    this.passageCount = resize(this.passageCount, 1);
    this.passageWords = resize(this.passageWords, 1);
    const banded = new Uint8Array(capacity);
    banded.set(this.banded);
    this.banded = banded;
    this.descriptionSignatures = resize(this.descriptionSignatures, DESCRIPTION_BINS);
    const described = new Uint8Array(capacity);
    described.set(this.described);
    this.described = described;
    this.capacity = capacity;
  }
}

/**
 * Writes the four numbers a {@link HeldList} holds of a near-duplicate numbered `member` at `to` of
 * `list`, and returns where the next entry goes. Lists are made at their exact length and written one
 * number at a time, so V8 keeps the numbers unboxed: an array built by flatMap or spread held each
 * similarity as a boxed number and reserved room to grow.
 */
function writeEntry(list: number[], to: number, member: number, neighbor: NearDuplicate): number {
  list[to] = member;
  list[to + 1] = neighbor.similarity;
  list[to + 2] = RELATIONS.indexOf(neighbor.relation);
  list[to + 3] = neighbor.sharedPassage ?? Number.NaN;
  return to + ENTRY;
}

/** Whether a held list names the memory numbered `member`. */
function names(list: HeldList, member: number): boolean {
  for (let at = 0; at < list.length; at += ENTRY) if (list[at] === member) return true;
  return false;
}

/**
 * The key of one band of the signature at `offset`: the band's values hashed, kept to 30 bits (small
 * integers for V8) with the band's number in the low 6, so equal values in different bands never share
 * a bucket. A collision within a band only adds a candidate that verification then rejects. A memory's
 * signature is written only when it is indexed, so its keys stay those its bucket links were made with.
 */
function bandKey(signatures: Int32Array, offset: number, band: number): number {
  let h = Math.imul(band + 1, 0x9e3779b1);
  for (let row = 0; row < ROWS; row++) h = mix(h ^ signatures[offset + band * ROWS + row]);
  return (h & 0x3fffffc0) | band;
}

/** Where a description's full signature is written before its first DESCRIPTION_BINS values are kept. */
const DESCRIPTION_SCRATCH = new Int32Array(SIGNATURE_SIZE);

/** Words of a passage filter: 128 bits, so two memories of a few passages each seldom share a bit by chance. */
const FILTER_WORDS = 4;

function writePassageFilter(passages: PassageSet, filters: Int32Array, id: number): void {
  const offset = id * FILTER_WORDS;
  filters.fill(0, offset, offset + FILTER_WORDS);
  for (let i = 0; i < passages.count; i++) {
    const key = passages.data[i];
    filters[offset + ((key >>> 5) & (FILTER_WORDS - 1))] |= 1 << (key & 31);
  }
}

function mayShare(filters: Int32Array, a: number, b: number): boolean {
  const aOffset = a * FILTER_WORDS;
  const bOffset = b * FILTER_WORDS;
  for (let word = 0; word < FILTER_WORDS; word++) if ((filters[aOffset + word] & filters[bOffset + word]) !== 0) return true;
  return false;
}
