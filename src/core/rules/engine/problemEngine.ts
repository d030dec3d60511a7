import type { MemoryFile, TypeLocation } from '../../memoryFile';
import type { MemoryIndex } from '../../memoryIndex';
import { foldedKeys, topicKeys, type MemoryStore, type StoreChange } from '../../memoryStore';
import type { TypeSet } from '../../memoryTypes';
import { ProblemCode, type Problem } from '../../problems';
import { dirName, fileStem, foldName, INDEX_FILE_NAME } from '../../rootPath';
import type { RootPath } from '../../types';
import { DescriptionChecks } from '../descriptions/descriptionChecks';
import { checkDuplicateName } from '../names/duplicateNameRule';
import { checkFrontmatter } from '../frontmatter/frontmatterRules';
import { checkIndexBudget, indexLoad } from '../index/indexBudget';
import { checkIndexContent } from '../index/indexContent';
import { checkIndexListing, listingStatuses } from '../index/indexListing';
import { checkIndexEntries } from '../index/indexRules';
import { checkLinks } from '../links/linkRules';
import { checkNameFileMismatch } from '../names/nameFileRule';
import { checkNameSlug } from '../names/nameSlugRule';
import { NearDuplicateIndex, type NearDuplicateOptions } from '../nearDuplicate/nearDuplicateIndex';
import { MAX_NEAR_DUPLICATES_RELATED, nearDuplicateProblems, similarityText } from '../nearDuplicate/nearDuplicateRule';
import { checkRetiredEntry, isRetiredEntryProblem, retiredTargets } from '../nearDuplicate/supersededEntry';
import { relativeDateAnchorData } from '../relativeDate/relativeDateRule';
import { DEFAULT_INDEX_BUDGET, isTextOnly, preparationOf, type IndexBudget, type RuleContext, type TextRule } from '../shared/ruleContext';
import { sameData } from '../shared/sameData';
import { ConventionTally, type MemoryLanguage } from '../../conventions';
import type { IndexLoadWay } from '../../indexLoad';
import type { RootShape, ShapeSetting } from '../../memoryShape';
import { documentationMatcher } from './documentationFiles';
import { RootShapeState } from './rootShapeState';
import { memoryNumber, topicIndexOf, type TopicIndex } from '../../topicIndex';
import { RULES, type EngineFamily } from '../shared/ruleList';
import { memoized, type FileMemo } from '../shared/fileMemo';

/** What the rules are configured with; a settings change means a new engine and `checkAll()`. */
export interface ProblemEngineOptions {
  readonly typeSet: TypeSet;
  /** Claude Code's MEMORY.md load limits; default 200 lines and 25,000 characters. */
  readonly budget?: IndexBudget;
  /** File modification times where the adapter knows them (the relative-date rule's last anchor). */
  readonly modifiedTime?: (path: RootPath) => number | undefined;
  /** Version history of each line where the adapter knows it (the relative-date rule's anchor before the file time). */
  readonly lineHistory?: RuleContext['lineHistory'];
  /**
   * Rules that read one file's text (relative dates, secrets), run on every memory and on MEMORY.md,
   * again only when that file changes. They must not throw: one failing file would stop every check.
   */
  readonly textRules?: readonly TextRule[];
  readonly nearDuplicates?: NearDuplicateOptions;
  /**
   * Globs of documentation files in the root, which are not memories and get no rule (`README.md` is
   * always one): `memoryShelf.exclude`, the CLI's `--exclude`.
   */
  readonly exclude?: readonly string[];
  /** The root's shape as a setting forces it; `auto` on an axis reads it from the files (the default). */
  readonly shape?: ShapeSetting;
  /** How Claude Code reads the root's MEMORY.md (default `entrypoint`, cut at the budget), as the adapter found it. */
  readonly indexLoad?: IndexLoadWay;
  /**
   * What an earlier run found in each memory alone (the CLI's result cache): a memory the memo holds in
   * these very bytes, with the same options, history and day, is not read by those rules again.
   */
  readonly fileMemo?: FileMemo;
}

/**
 * The rules of a file, by family, so that a change elsewhere re-runs only the families that depend on
 * it: a renamed memory re-runs its linkers' link rules, not their secret scan.
 */
const FILE = 1; // frontmatter and text rules: the file alone
const NAMES = 2; // duplicate-name: memories sharing the name; name-not-slug: the folder's naming convention
const LINKS = 4; // link-dangling, link-ambiguous: the memories the links resolve to
const SIMILAR = 8; // near-duplicate: the LSH buckets the memory shares
const INDEX = 16; // memories: index-unlisted, name-file-mismatch; MEMORY.md: its entry and budget rules
const DESCRIBED = 32; // description-alike: the root's other descriptions, and the near-duplicates it leaves out
// description-body-mismatch: the memory's own text, and how common its subject's words are among the root's
// descriptions. Apart from DESCRIBED, since reading a body is the costly part: a near-duplicate's change
// re-runs its neighbours' description-alike, not this.
const DESCRIBED_BODY = 64;
const ALL = FILE | NAMES | LINKS | SIMILAR | INDEX | DESCRIBED | DESCRIBED_BODY;
const FAMILIES = [FILE, NAMES, LINKS, SIMILAR, INDEX, DESCRIBED, DESCRIBED_BODY];

/**
 * The family whose rules find each code, from the rule list; every code is found by one family, so a
 * file's problems are held in one merged list and a family's own are picked out of it by code: a list
 * per family beside the merged one, and an object to hold them, cost 0.3 KB a memory in a
 * 20,000-memory root.
 */
const FAMILY_BITS: Readonly<Record<EngineFamily, number>> = { file: FILE, names: NAMES, links: LINKS, similar: SIMILAR, index: INDEX, described: DESCRIBED, 'described-body': DESCRIBED_BODY };
const FAMILY_OF_CODE: ReadonlyMap<ProblemCode, number> = new Map(RULES.map((record) => [record.code, FAMILY_BITS[record.engineFamily]]));

function familyOf(problem: Problem): number {
  // A memory MEMORY.md marks as replaced is a near-duplicate the index tells of: it changes with the index.
  if (problem.code === ProblemCode.NearDuplicate && isRetiredEntryProblem(problem)) return INDEX;
  return FAMILY_OF_CODE.get(problem.code) ?? FILE;
}

const NONE: readonly Problem[] = Object.freeze([]);

/**
 * Every rule over one root's MemoryStore, kept current incrementally. The owner updates the store, then
 * passes each StoreChange to `applyChange`, which re-runs only what depends on the changed file and
 * says which files' problems changed. After any sequence of changes the problems are exactly those a
 * fresh engine's `checkAll()` finds (a randomized test holds it to that).
 *
 * Dependencies, by what a change touches:
 * - the file itself: every rule on it;
 * - its old and new name: `duplicate-name` on the memories carrying either;
 * - its old and new name and stem, folded, with and without their first word: link rules on the
 *   memories linking to any of them;
 * - its text: `near-duplicate` on its old and new near-duplicates (and on the members of an LSH
 *   bucket that crossed the size limit);
 * - its existence: MEMORY.md's entry rules, when an entry points at it;
 * - its date (`modified`, ...) or existence: MEMORY.md's text rules, when an entry points at it (the
 *   relative dates of the entry's line count from that date);
 * - its existence: `name-file-mismatch` on the memories whose name folds to its stem (their rename
 *   fix is left out while the file exists);
 * - MEMORY.md: the index rules, `index-unlisted` on memories whose listing changed or whose fix appends
 *   to it, `name-file-mismatch` (its rename fix rewrites the entries).
 */
export class ProblemEngine {
  private readonly context: RuleContext;
  private readonly textRules: readonly TextRule[];
  /** Each checked file's problems, in order of position. */
  private readonly results = new Map<RootPath, readonly Problem[]>();
  private nearDuplicates: NearDuplicateIndex;
  private descriptions = new DescriptionChecks();
  /** Memories with index-family problems, whose results a MEMORY.md edit can change. */
  private readonly indexDependents = new Set<RootPath>();
  /** How the root's memories are written, kept current for the files the index fixes create. */
  private conventions = new ConventionTally();
  private readonly isDocumentation: (path: RootPath) => boolean;
  /**
   * MEMORY.md's problems from each rule that reads only the text, with the text they were found in:
   * MEMORY.md is checked again for a listed memory's date, which changes nothing such a rule reads.
   */
  private indexTextProblems = new Map<TextRule, { readonly text: string; readonly problems: readonly Problem[] }>();
  /** What the root's shape asks of its memories (typed or not, written or generated index). */
  private shapeState: RootShapeState;

  constructor(
    readonly store: MemoryStore,
    private readonly options: ProblemEngineOptions,
  ) {
    this.isDocumentation = documentationMatcher(options.exclude);
    this.context = {
      store,
      typeSet: options.typeSet,
      budget: options.budget ?? DEFAULT_INDEX_BUDGET,
      modifiedTime: options.modifiedTime ?? (() => undefined),
      lineHistory: options.lineHistory,
      isDocumentation: this.isDocumentation,
      indexLoad: options.indexLoad ?? 'entrypoint',
    };
    this.textRules = options.textRules ?? [];
    this.nearDuplicates = new NearDuplicateIndex(options.nearDuplicates);
    this.shapeState = new RootShapeState(store, options.shape, this.context.budget, this.isDocumentation);
  }

  /** The root's shape as the rules apply it. */
  shape(): RootShape {
    return this.shapeState.shape();
  }

  /** The text rules' problems a stepped check found ahead of each memory's check, with the file they were found in (see {@link heldTextProblems}). */
  private readonly textFound = new Map<RootPath, { readonly memory: MemoryFile; readonly problems: readonly Problem[] }>();

  /** Memories a stepped check has not counted yet (see {@link checkSteps}). */
  private uncounted = new Set<RootPath>();

  /** Checks every file of the store from scratch. */
  checkAll(): void {
    for (const _ of this.checkSteps());
  }

  /**
   * `checkAll()` one file at a time, for an adapter that must not block: each step counts, searches (for
   * near-duplicates), runs the text rules on or checks one file, and yields the path whose problems it
   * just settled (undefined until it checks). The store may
   * change between steps as long as each change reaches `applyChange`; once the steps are done the
   * problems are those a fresh `checkAll()` finds.
   */
  *checkSteps(): Generator<RootPath | undefined, void, void> {
    this.results.clear();
    this.indexDependents.clear();
    this.indexTextProblems.clear();
    this.conventions = new ConventionTally();
    this.shapeState = new RootShapeState(this.store, this.options.shape, this.context.budget, this.isDocumentation);
    this.nearDuplicates = new NearDuplicateIndex(this.options.nearDuplicates, this.store.size);
    this.descriptions = new DescriptionChecks();
    this.uncounted = new Set([...this.memories()].map((memory) => memory.path));
    // Sizing the near-duplicate tables for a large root (tens of megabytes of typed arrays) is a step of its own.
    yield undefined;
    for (const path of [...this.uncounted]) {
      // A change meanwhile counted it already (applyChange takes an uncounted file as new).
      if (!this.uncounted.delete(path)) continue;
      const memory = this.store.get(path);
      if (memory) {
        this.nearDuplicates.add(memory.path, similarityText(memory));
        this.descriptions.add(memory);
        this.countShape(memory, 1);
      }
      yield undefined;
    }
    // Every memory's near-duplicates are found first, one memory a step, in the order they are then
    // checked: searched one after another the index's tables stay in the CPU's cache, where searches
    // between each memory's other rules read them from memory again (realistic 20,000-memory root,
    // profiled: 530 ms of searching that way, 210 ms in a row). A change meanwhile keeps what is found
    // current, and a memory created meanwhile is searched when first asked.
    for (const path of [...this.memories()].map((memory) => memory.path)) {
      this.nearDuplicates.find(path);
      yield undefined;
    }
    // The text rules likewise, in a row, their problems held for the memory's check (relative dates and
    // secrets: the rules' patterns and tables stay in the cache).
    this.textFound.clear();
    for (const memory of this.textRules.length > 0 ? [...this.memories()] : []) {
      this.textFound.set(memory.path, { memory, problems: this.runMemoryTextRules(memory) });
      yield undefined;
    }
    // Taken now, so a memory created while counting is checked with the finished counts.
    for (const path of [...this.memories()].map((memory) => memory.path)) {
      this.recheck(path, ALL);
      yield path;
    }
    for (const path of [...this.topicIndexes()].map((topic) => topic.path)) {
      this.recheck(path, ALL);
      yield path;
    }
    // MEMORY.md is the one file whose rules take long (its text rules read every entry): a step per
    // text rule, then one per family. Each text rule's first run does the reading (a text-only rule's
    // problems are kept, the relative-date rule keeps the words it found with the index), so the FILE
    // family's step after them costs little.
    for (const rule of this.textRules) {
      if (!this.store.index) break;
      // A rule that reads MEMORY.md in parts does so first, a step each; the index may change between them.
      for (const _ of preparationOf(rule)?.({ path: INDEX_FILE_NAME, text: this.store.index.text }, this.context) ?? []) yield undefined;
      const index = this.store.index;
      if (!index) break;
      if (isTextOnly(rule)) this.indexTextProblemsOf(rule, index.text);
      else rule({ path: INDEX_FILE_NAME, text: index.text }, this.context);
      yield undefined;
    }
    for (const family of FAMILIES) {
      if (!this.store.index) break;
      this.recheck(INDEX_FILE_NAME, family);
      yield undefined;
    }
    yield INDEX_FILE_NAME;
  }

  /**
   * Brings the problems up to date after `change` was applied to the store. Returns the paths whose
   * problems changed (a removed file's become empty), for the adapter to republish.
   */
  applyChange(change: StoreChange): RootPath[] {
    if (change.path !== INDEX_FILE_NAME && this.isDocumentation(change.path)) return [];
    const dirty = new Map<RootPath, number>();
    const mark = (path: RootPath, families: number): void => {
      dirty.set(path, (dirty.get(path) ?? 0) | families);
    };
    if (change.path === INDEX_FILE_NAME) this.indexChanged(change.previous as MemoryIndex | undefined, mark);
    // A file a stepped check has not counted yet is new to the counts, whatever the store held before.
    else if (this.uncounted.delete(change.path)) this.memoryChanged(change.path, undefined, mark);
    else if (change.previous || change.current) this.memoryChanged(change.path, change.previous as MemoryFile | undefined, mark);

    const changed: RootPath[] = [];
    for (const [path, families] of dirty) {
      const before = this.problemsFor(path);
      const after = this.recheck(path, families);
      if (!sameData(before, after)) changed.push(path);
    }
    return changed;
  }

  /**
   * Checks one file's text again because something its rules read besides the text changed (its
   * version history became known). Returns whether its problems changed.
   */
  recheckText(path: RootPath): boolean {
    // Found before the history was known: the check to come runs the rules again.
    this.textFound.delete(path);
    if (!this.results.has(path)) return false;
    const before = this.problemsFor(path);
    return !sameData(before, this.recheck(path, FILE));
  }

  /** The problems of one file, in order of position. */
  problemsFor(path: RootPath): readonly Problem[] {
    return this.results.get(path) ?? NONE;
  }

  /** Every problem of the root, file by file. */
  *allProblems(): IterableIterator<Problem> {
    for (const problems of this.results.values()) yield* problems;
  }

  /** The files that have problems. */
  *problemPaths(): IterableIterator<RootPath> {
    for (const [path, problems] of this.results) if (problems.length > 0) yield path;
  }

  private memoryChanged(path: RootPath, previousFile: MemoryFile | undefined, mark: (path: RootPath, families: number) => void): void {
    const currentFile = this.store.get(path);
    mark(path, ALL);
    // A topic index is a list, not a memory: it changes what its entries list, and counts as no memory.
    const previousTopic = previousFile && topicIndexOf(previousFile);
    const currentTopic = currentFile && topicIndexOf(currentFile);
    if (previousTopic) this.markTopicTree(previousTopic, mark);
    if (currentTopic) this.markTopicTree(currentTopic, mark);
    const previous = previousTopic ? undefined : previousFile;
    const current = currentTopic ? undefined : currentFile;
    if (!previousFile !== !currentFile) {
      // An entry to this file, in a topic index or in MEMORY.md, is dead or alive with it.
      for (const topic of this.store.topicsLinking(path)) mark(topic, INDEX);
      if (this.store.index && this.store.indexEntriesFor(path).length > 0) mark(INDEX_FILE_NAME, INDEX);
    }
    if (!previous && !current) return;
    const styleBefore = this.stubStyle();
    const shapeBefore = this.shapeState.snapshot();
    if (previous) this.countShape(previous, -1);
    if (current) this.countShape(current, 1);
    this.shapeState.changed(shapeBefore, mark, FILE, INDEX);

    for (const name of new Set([previous?.name, current?.name])) {
      if (name !== undefined) for (const memory of this.store.findByName(name)) mark(memory.path, NAMES);
    }
    // A dangling link may name a memory by its topic (its stem or name without the first word).
    const keys = new Set([...(previous ? foldedKeys(previous) : []), ...(current ? foldedKeys(current) : []), ...(previous ? topicKeys(previous) : []), ...(current ? topicKeys(current) : [])]);
    for (const key of keys) for (const source of this.store.linkSourcesOf(key)) mark(source, LINKS);
    // INDEX too for a memory MEMORY.md retires: it is reported there only while no near-duplicate names
    // it already. For any other the index family reads no near-duplicate, and re-running it for every
    // near-duplicate of every edit was a third of an edit's time in a root of near-duplicate clusters.
    const retired = retiredTargets(this.store.index);
    // DESCRIBED too: description-alike leaves the pairs near-duplicate names to it.
    for (const neighbor of this.nearDuplicates.update(path, current ? similarityText(current) : undefined)) mark(neighbor, retired.has(neighbor) ? SIMILAR | INDEX | DESCRIBED : SIMILAR | DESCRIBED);
    const described = this.descriptions.changed(path, previous, current);
    for (const other of described.alike) mark(other, DESCRIBED);
    for (const other of described.body) mark(other, DESCRIBED_BODY);

    const existenceChanged = !previous !== !current;
    // name-file-mismatch offers no rename onto an existing file: the memories whose name folds to this
    // file's stem may gain or lose theirs.
    if (existenceChanged) for (const memory of this.store.withFoldedKey(foldName(fileStem(path)))) if (memory.path !== path) mark(memory.path, INDEX);
    const listed = this.store.index !== undefined && this.store.indexEntriesFor(path).length > 0;
    // The "Move to a new memory" fix of MEMORY.md's inline facts names a file that does not exist yet.
    const movesFacts = existenceChanged && this.problemsFor(INDEX_FILE_NAME).some((problem) => problem.code === ProblemCode.IndexInlineMemory);
    if (this.store.index && ((existenceChanged && listed) || movesFacts || !sameData(styleBefore, this.stubStyle()))) {
      mark(INDEX_FILE_NAME, INDEX);
    }
    // MEMORY.md's line for a memory counts its relative dates from the memory's date.
    if (listed && this.textRules.length > 0 && !sameData(relativeDateAnchorData(previous), relativeDateAnchorData(current))) {
      mark(INDEX_FILE_NAME, FILE);
    }
  }

  /**
   * Marks what a topic index lists, by link or by number, and what the topic indexes it lists list in
   * turn: their listing changes with it.
   */
  private markTopicTree(topic: TopicIndex, mark: (path: RootPath, families: number) => void, depth = 0, seen = new Set<RootPath>()): void {
    if (depth > 3 || seen.has(topic.path)) return;
    seen.add(topic.path);
    for (const link of topic.index.links) {
      if (link.target === undefined) continue;
      const listed = this.store.get(link.target);
      if (!listed) continue;
      mark(link.target, INDEX);
      const inner = topicIndexOf(listed);
      if (inner) this.markTopicTree(inner, mark, depth + 1, seen);
    }
    if (topic.numbers.size === 0) return;
    const folder = dirName(topic.path);
    for (const memory of this.store.memories()) {
      const number = dirName(memory.path) === folder ? memoryNumber(memory.path) : undefined;
      if (number !== undefined && topic.numbers.has(number)) mark(memory.path, INDEX);
    }
  }

  private indexChanged(previous: MemoryIndex | undefined, mark: (path: RootPath, families: number) => void): void {
    const current = this.store.index;
    mark(INDEX_FILE_NAME, ALL);
    if (!previous !== !current) {
      // The index came or went: every memory's listing changed, and the root's index shape may have.
      this.shapeState.indexCameOrWent();
      for (const memory of this.memories()) mark(memory.path, INDEX);
      return;
    }
    for (const path of this.indexDependents) mark(path, INDEX);
    // A memory's listing changes when a link to it comes, goes, or crosses the load limit.
    const before = listingStatuses(previous, this.context.budget, this.context.indexLoad);
    const after = listingStatuses(current, this.context.budget, this.context.indexLoad);
    for (const [target, status] of after) if (before.get(target) !== status) this.listingChanged(target, mark);
    for (const target of before.keys()) if (!after.has(target)) this.listingChanged(target, mark);
    // A memory an entry's words start or stop retiring ("→ merged into …").
    const retiredBefore = retiredTargets(previous);
    const retiredAfter = retiredTargets(current);
    for (const target of retiredAfter) if (!retiredBefore.has(target) && this.store.get(target)) mark(target, INDEX);
    for (const target of retiredBefore) if (!retiredAfter.has(target) && this.store.get(target)) mark(target, INDEX);
  }

  /** MEMORY.md's link to `target` came, went or crossed the cut: its listing changed, and if it is a topic index, that of all it lists. */
  private listingChanged(target: RootPath, mark: (path: RootPath, families: number) => void): void {
    const file = this.store.get(target);
    if (!file) return;
    mark(target, INDEX);
    const topic = topicIndexOf(file);
    if (topic) this.markTopicTree(topic, mark);
  }

  /** Re-runs `families` on `path` and returns its merged problems. */
  private recheck(path: RootPath, families: number): readonly Problem[] {
    const isIndex = path === INDEX_FILE_NAME;
    const memory = isIndex || this.isDocumentation(path) ? undefined : this.store.get(path);
    const index = isIndex ? this.store.index : undefined;
    if (!memory && !index) {
      this.results.delete(path);
      this.indexDependents.delete(path);
      return NONE;
    }
    const topic = memory && topicIndexOf(memory);
    const found: (readonly Problem[])[] = FAMILIES.map((family) => {
      if (!(families & family)) return NONE;
      if (topic) return this.runTopicFamily(family, topic);
      return memory ? this.runMemoryFamily(family, memory) : this.runIndexFamily(family, index!);
    });
    // The families not re-run keep the problems they had.
    for (const problem of this.results.get(path) ?? NONE) {
      const family = familyOf(problem);
      if (families & family) continue;
      const at = 31 - Math.clz32(family);
      if (found[at] === NONE) found[at] = [];
      (found[at] as Problem[]).push(problem);
    }
    const merged = merge(found);
    this.results.set(path, merged);
    if (memory) {
      if (merged.some((problem) => familyOf(problem) === INDEX)) this.indexDependents.add(path);
      else this.indexDependents.delete(path);
    }
    return merged;
  }

  private runMemoryFamily(family: number, memory: MemoryFile): readonly Problem[] {
    switch (family) {
      case FILE:
        return [...this.shapeState.frontmatterProblems(memoized(this.options.fileMemo, memory, 'frontmatter', () => checkFrontmatter(memory, this.context.typeSet)), memory), ...this.heldTextProblems(memory)];
      case NAMES:
        return [...checkDuplicateName(memory, this.store), ...checkNameSlug(memory)];
      case LINKS:
        return checkLinks(memory, this.store);
      case SIMILAR:
        // The problem names the closest few: the index makes objects of those only.
        return nearDuplicateProblems(memory, this.nearDuplicates.neighbors(memory.path, MAX_NEAR_DUPLICATES_RELATED), this.store);
      case DESCRIBED: {
        // The near-duplicates its problem names, as SIMILAR reads them (so a change of those marks both families).
        const near = this.nearDuplicates.neighbors(memory.path, MAX_NEAR_DUPLICATES_RELATED);
        return this.descriptions.alikeProblems(memory, this.store, (other) => near.some((neighbor) => neighbor.path === other));
      }
      case DESCRIBED_BODY:
        return this.descriptions.bodyProblems(memory, this.options.fileMemo);
      default: {
        const listing = this.shapeState.shape().index === 'generated' ? this.shapeState.generatedIndexProblems(memory) : checkIndexListing(memory, this.store, this.context);
        return [
          ...listing,
          ...checkNameFileMismatch(memory, this.store),
          ...this.shapeState.pinnedProblems(memory),
          // One near-duplicate problem per memory: the index's word only where the texts found none.
          ...(this.nearDuplicates.hasNeighbors(memory.path) ? [] : checkRetiredEntry(memory, this.store)),
        ];
      }
    }
  }

  /** A topic index's lines are checked as MEMORY.md's entries are (dead, twice listed) and its text as MEMORY.md's. */
  private runTopicFamily(family: number, topic: TopicIndex): readonly Problem[] {
    if (family === FILE) return this.textRules.flatMap((rule) => rule({ path: topic.path, text: topic.index.text }, this.context));
    if (family !== INDEX) return NONE;
    return checkIndexEntries(topic.index, this.store, { typeSet: this.context.typeSet, ...this.stubStyle() }, topic.path);
  }

  private runIndexFamily(family: number, index: MemoryIndex): readonly Problem[] {
    if (family === FILE) return this.runIndexTextRules(index.text);
    if (family !== INDEX) return NONE;
    // Claude Code builds a generated root's index itself: a MEMORY.md there is not what it loads.
    if (this.shapeState.shape().index === 'generated') return NONE;
    const style = this.stubStyle();
    const entries = checkIndexEntries(index, this.store, { typeSet: this.context.typeSet, ...style });
    const { cut } = indexLoad(index, this.context.budget, this.context.indexLoad);
    const content = checkIndexContent(index, this.store, { typeSet: this.context.typeSet, stubShape: style.stubShape, cut, way: this.context.indexLoad });
    return [...entries, ...content, ...checkIndexBudget(index, this.context.budget, this.context.indexLoad)];
  }

  /**
   * The text rules' problems of `memory`: those a stepped check found ahead of its check, once, when
   * found in this very file (a change since made another MemoryFile of it), else found now.
   */
  private heldTextProblems(memory: MemoryFile): readonly Problem[] {
    const held = this.textFound.get(memory.path);
    if (held === undefined) return this.runMemoryTextRules(memory);
    this.textFound.delete(memory.path);
    return held.memory === memory ? held.problems : this.runMemoryTextRules(memory);
  }

  private runMemoryTextRules(memory: MemoryFile): readonly Problem[] {
    if (this.textRules.length === 0) return NONE;
    const input = { path: memory.path, text: memory.text, memory };
    return memoized(this.options.fileMemo, memory, 'text', () => this.textRules.flatMap((rule) => rule(input, this.context)));
  }

  private runIndexTextRules(text: string): Problem[] {
    return this.textRules.flatMap((rule) => (isTextOnly(rule) ? this.indexTextProblemsOf(rule, text) : rule({ path: INDEX_FILE_NAME, text }, this.context)));
  }

  private indexTextProblemsOf(rule: TextRule, text: string): readonly Problem[] {
    const held = this.indexTextProblems.get(rule);
    if (held?.text === text) return held.problems;
    const problems = rule({ path: INDEX_FILE_NAME, text }, this.context);
    this.indexTextProblems.set(rule, { text, problems });
    return problems;
  }

  /** The store's memories, documentation files left out. */
  private *memories(): IterableIterator<MemoryFile> {
    for (const memory of this.store.memories()) if (!this.isDocumentation(memory.path) && !topicIndexOf(memory)) yield memory;
  }

  /** The store's topic indexes, documentation files left out: checked as indexes, not as memories. */
  private *topicIndexes(): IterableIterator<TopicIndex> {
    for (const memory of this.store.memories()) {
      const topic = this.isDocumentation(memory.path) ? undefined : topicIndexOf(memory);
      if (topic) yield topic;
    }
  }

  private countShape(memory: MemoryFile, delta: 1 | -1): void {
    this.shapeState.count(memory, delta);
    this.conventions.count(memory, delta);
  }

  /** The shape and language of most of the root's memories, for the files the index fixes create. */
  private stubStyle(): { readonly stubShape: TypeLocation; readonly stubLanguage: MemoryLanguage } {
    return { stubShape: this.conventions.typeLocation(), stubLanguage: this.conventions.language() };
  }
}

/**
 * The families' problems in one list by position; families keep their order where positions tie (so a
 * family's problems picked out of the list and merged again come back in the same order). A file with
 * one family's problems, already in order, keeps that family's list rather than a copy; most files
 * have none and share one empty list.
 */
function merge(families: readonly (readonly Problem[])[]): readonly Problem[] {
  let only: readonly Problem[] | undefined;
  let count = 0;
  for (const problems of families) {
    if (problems.length === 0) continue;
    only = count === 0 ? problems : undefined;
    count++;
  }
  if (count === 0) return NONE;
  if (only && inOrder(only)) return only;
  return families.flat().sort(byPosition);
}

function byPosition(a: Problem, b: Problem): number {
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}

function inOrder(problems: readonly Problem[]): boolean {
  for (let i = 1; i < problems.length; i++) if (byPosition(problems[i - 1], problems[i]) > 0) return false;
  return true;
}
