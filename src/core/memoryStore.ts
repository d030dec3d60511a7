import type { MemoryLink } from './wikiLinks';
import { parseMemoryFile, type MemoryFile } from './memoryFile';
import { parseMemoryIndex, type IndexEntry, type IndexLink, type MemoryIndex } from './memoryIndex';
import { dirName, foldName, INDEX_FILE_NAME, isMemoryPath } from './rootPath';
import type { RootPath } from './types';
import { memoryNumber, topicIndexOf, type TopicIndex } from './topicIndex';

/** How a `[[target]]` resolves: one memory, none yet (a reservation), or several. */
export interface LinkResolution {
  readonly status: 'resolved' | 'dangling' | 'ambiguous';
  readonly targets: readonly MemoryFile[];
}

/** A link seen from its target's side. */
export interface LinkReference {
  readonly source: MemoryFile;
  readonly link: MemoryLink;
}

/** A name that links point to but no memory has yet: a deliberate TODO. */
export interface Reservation {
  readonly name: string;
  readonly references: readonly LinkReference[];
}

/** A topic index listing a memory, by link or by the memory's number, on `line` of the topic index. */
export interface TopicListing {
  readonly topic: RootPath;
  readonly line: number;
}

/** What one update did, so callers can tell which dependants to refresh. */
export interface StoreChange {
  readonly path: RootPath;
  readonly previous: MemoryFile | MemoryIndex | undefined;
  readonly current: MemoryFile | MemoryIndex | undefined;
}

/**
 * All memories of one root, held parsed. Every update costs time in proportion to the one file
 * changed: the lookup tables are maintained by removing the old file's keys and adding the new ones,
 * never by walking the root.
 */
export class MemoryStore {
  private readonly files = new Map<RootPath, MemoryFile>();
  private memoryIndex: MemoryIndex | undefined;
  // No table by exact name: a memory's name folds to one of its folded keys, so the exact-name look-up
  // filters those (a Map entry a memory is some 40 bytes, and its upkeep a tenth of the load).
  private readonly byFoldedKey = new Map<string, PathBag>();
  private readonly linkSourcesByFoldedTarget = new Map<string, PathBag>();
  // One entry or link per target, as nearly every memory has, is held as itself rather than in an array.
  private readonly entriesByTarget = new Map<RootPath, IndexEntry | IndexEntry[]>();
  private readonly linksByTarget = new Map<RootPath, IndexLink | IndexLink[]>();
  private readonly byTopicKey = new Map<string, PathBag>();
  /** Topic indexes (see topicIndex.ts) by what they link, and by folder for what they list by number. */
  private readonly topicLinksByTarget = new Map<RootPath, PathBag>();
  private readonly topicsByFolder = new Map<RootPath, PathBag>();

  get size(): number {
    return this.files.size;
  }

  get index(): MemoryIndex | undefined {
    return this.memoryIndex;
  }

  /** Parses `text` as the file at `path` and replaces what the store held for it. */
  update(path: RootPath, text: string): StoreChange {
    if (path === INDEX_FILE_NAME) {
      const previous = this.memoryIndex;
      this.setIndex(parseMemoryIndex(text));
      return { path, previous, current: this.memoryIndex };
    }
    if (!isMemoryPath(path)) return { path, previous: undefined, current: undefined };
    const previous = this.files.get(path);
    if (previous) this.unlink(previous);
    const current = parseMemoryFile(path, text);
    this.files.set(path, current);
    this.link(current);
    return { path, previous, current };
  }

  remove(path: RootPath): StoreChange {
    if (path === INDEX_FILE_NAME) {
      const previous = this.memoryIndex;
      this.setIndex(undefined);
      return { path, previous, current: undefined };
    }
    const previous = this.files.get(path);
    if (previous) {
      this.unlink(previous);
      this.files.delete(path);
    }
    return { path, previous, current: undefined };
  }

  get(path: RootPath): MemoryFile | undefined {
    return this.files.get(path);
  }

  memories(): IterableIterator<MemoryFile> {
    return this.files.values();
  }

  /** Memories whose `name` is exactly `name`. */
  findByName(name: string): MemoryFile[] {
    return this.pathsToFiles(this.byFoldedKey.get(foldName(name))).filter((memory) => memory.name === name);
  }

  /**
   * Resolves a link target: by exact `name` first; failing that, by name or file stem with case and
   * `_`/`-` folded (so `[[Feedback_Math]]` finds `feedback-math`).
   */
  resolveLink(target: string): LinkResolution {
    let targets = this.findByName(target);
    if (targets.length === 0) targets = this.pathsToFiles(this.byFoldedKey.get(foldName(target)));
    return { status: targets.length === 0 ? 'dangling' : targets.length === 1 ? 'resolved' : 'ambiguous', targets };
  }

  /** Every link, in any memory, that resolves to `memory`. */
  backlinks(memory: MemoryFile): LinkReference[] {
    const keys = new Set([foldName(memory.stem)]);
    if (memory.name) keys.add(foldName(memory.name));
    const references: LinkReference[] = [];
    const seenSources = new Set<RootPath>();
    for (const key of keys) {
      for (const sourcePath of pathsIn(this.linkSourcesByFoldedTarget.get(key))) {
        if (seenSources.has(sourcePath)) continue;
        seenSources.add(sourcePath);
        const source = this.files.get(sourcePath);
        if (!source) continue;
        for (const link of source.links) {
          if (keys.has(foldName(link.target)) && this.resolveLink(link.target).targets.includes(memory)) {
            references.push({ source, link });
          }
        }
      }
    }
    return references;
  }

  /** Names linked to that no memory has yet, each with the links that reserve it. */
  reservations(): Reservation[] {
    const result: Reservation[] = [];
    for (const [key, sources] of this.linkSourcesByFoldedTarget) {
      const references: LinkReference[] = [];
      for (const sourcePath of pathsIn(sources)) {
        const source = this.files.get(sourcePath)!;
        for (const link of source.links) {
          if (foldName(link.target) === key && this.resolveLink(link.target).status === 'dangling') references.push({ source, link });
        }
      }
      if (references.length > 0) result.push({ name: references[0].link.target, references });
    }
    return result.sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Paths of the memories holding a link whose target folds (case, `_`/`-`) to `foldedTarget`: the
   * memories whose links may resolve differently when a memory with that name or stem comes or goes.
   */
  linkSourcesOf(foldedTarget: string): ReadonlySet<RootPath> {
    const paths = this.linkSourcesByFoldedTarget.get(foldedTarget);
    if (paths === undefined) return NO_PATHS;
    return typeof paths === 'string' ? new Set([paths]) : paths;
  }

  /**
   * Memories whose name or file stem folds (case, `_`/`-`) to `foldedKey`: among them, any memory at a
   * path whose stem folds so, compared the way case-insensitive file systems do.
   */
  withFoldedKey(foldedKey: string): MemoryFile[] {
    return this.pathsToFiles(this.byFoldedKey.get(foldedKey));
  }

  /** MEMORY.md entries pointing at `path`. */
  indexEntriesFor(path: RootPath): readonly IndexEntry[] {
    return listOf(this.entriesByTarget.get(path));
  }

  /** Every link of MEMORY.md to `path`: entries, links in prose, tables, reference definitions. */
  indexLinksFor(path: RootPath): readonly IndexLink[] {
    return listOf(this.linksByTarget.get(path));
  }

  /**
   * Memories whose name or stem, without its first word, folds to `foldedTopic`: what a `[[topic]]`
   * link probably meant when Claude Code named the file `<type>_<topic>.md` (`feedback_no-fabrication.md`
   * for `[[no-fabrication]]`) under a name that differs.
   */
  withTopicKey(foldedTopic: string): MemoryFile[] {
    return this.pathsToFiles(this.byTopicKey.get(foldedTopic));
  }

  /** The file at `path` as a topic index, when it is one. */
  topicIndex(path: RootPath): TopicIndex | undefined {
    const file = this.files.get(path);
    return file && topicIndexOf(file);
  }

  /** The topic indexes listing `path`, by link or by its number, each with the line that lists it. */
  topicListings(path: RootPath): TopicListing[] {
    const listings: TopicListing[] = [];
    for (const topic of pathsIn(this.topicLinksByTarget.get(path))) {
      const link = this.topicIndex(topic)?.index.links.find((candidate) => candidate.target === path);
      if (link) listings.push({ topic, line: link.line });
    }
    const number = memoryNumber(path);
    if (number !== undefined) {
      for (const topic of pathsIn(this.topicsByFolder.get(dirName(path)))) {
        const line = this.topicIndex(topic)?.numbers.get(number);
        if (line !== undefined && topic !== path) listings.push({ topic, line });
      }
    }
    return listings;
  }

  /** Topic indexes linking `target`, whether or not a file is there: their dead entries come and go with it. */
  topicsLinking(target: RootPath): ReadonlySet<RootPath> {
    const paths = this.topicLinksByTarget.get(target);
    if (paths === undefined) return NO_PATHS;
    return typeof paths === 'string' ? new Set([paths]) : paths;
  }

  /** Topic indexes in `folder`: what they list by number are its numbered memories. */
  topicsIn(folder: RootPath): ReadonlySet<RootPath> {
    const paths = this.topicsByFolder.get(folder);
    if (paths === undefined) return NO_PATHS;
    return typeof paths === 'string' ? new Set([paths]) : paths;
  }

  private setIndex(index: MemoryIndex | undefined): void {
    this.memoryIndex = index;
    this.entriesByTarget.clear();
    this.linksByTarget.clear();
    for (const entry of index?.entries ?? []) if (entry.target !== undefined) addItem(this.entriesByTarget, entry.target, entry);
    for (const link of index?.links ?? []) if (link.target !== undefined) addItem(this.linksByTarget, link.target, link);
  }

  // The keys of foldedKeys and topicKeys, visited without building their Sets: this runs for every file at load.
  private link(memory: MemoryFile): void {
    const path = memory.path;
    const stemKey = foldName(memory.stem);
    const nameKey = memory.name ? foldName(memory.name) : stemKey;
    addTo(this.byFoldedKey, stemKey, path);
    if (nameKey !== stemKey) addTo(this.byFoldedKey, nameKey, path);
    const stemTopic = topicOf(stemKey);
    const nameTopic = nameKey === stemKey ? undefined : topicOf(nameKey);
    if (stemTopic !== undefined) addTo(this.byTopicKey, stemTopic, path);
    if (nameTopic !== undefined && nameTopic !== stemTopic) addTo(this.byTopicKey, nameTopic, path);
    for (const link of memory.links) {
      const key = foldName(link.target);
      addTo(this.linkSourcesByFoldedTarget, key, path);
      // A numbered target (`[[05-testing]]`) may mean the file renumbered since: its sources answer to the topic too.
      const renumbered = renumberedTopic(key);
      if (renumbered !== undefined) addTo(this.linkSourcesByFoldedTarget, renumbered, path);
    }
    const topic = topicIndexOf(memory);
    if (topic) {
      for (const link of topic.index.links) if (link.target !== undefined) addTo(this.topicLinksByTarget, link.target, path);
      addTo(this.topicsByFolder, dirName(path), path);
    }
  }

  private unlink(memory: MemoryFile): void {
    const path = memory.path;
    for (const key of foldedKeys(memory)) removeFrom(this.byFoldedKey, key, path);
    for (const key of topicKeys(memory)) removeFrom(this.byTopicKey, key, path);
    for (const link of memory.links) {
      const key = foldName(link.target);
      removeFrom(this.linkSourcesByFoldedTarget, key, path);
      const renumbered = renumberedTopic(key);
      if (renumbered !== undefined) removeFrom(this.linkSourcesByFoldedTarget, renumbered, path);
    }
    const topic = topicIndexOf(memory);
    if (topic) {
      for (const link of topic.index.links) if (link.target !== undefined) removeFrom(this.topicLinksByTarget, link.target, path);
      removeFrom(this.topicsByFolder, dirName(path), path);
    }
  }

  private pathsToFiles(paths: PathBag | undefined): MemoryFile[] {
    if (paths === undefined) return [];
    if (typeof paths === 'string') return [this.files.get(paths)!];
    return [...paths].sort().map((path) => this.files.get(path)!);
  }
}

const NO_PATHS: ReadonlySet<RootPath> = new Set();

/** The keys a memory answers to in folded link resolution: its stem and its name. */
export function foldedKeys(memory: MemoryFile): Set<string> {
  const keys = new Set([foldName(memory.stem)]);
  if (memory.name) keys.add(foldName(memory.name));
  return keys;
}

/** The folded stem and name each without its first word (`feedback_no-fabrication` -> `no-fabrication`). */
export function topicKeys(memory: MemoryFile): Set<string> {
  const keys = new Set<string>();
  for (const key of foldedKeys(memory)) {
    const topic = topicOf(key);
    if (topic !== undefined) keys.add(topic);
  }
  return keys;
}

/** `05-testing` → `testing`: the topic of a numbered file's stem, which a renumbering keeps. */
export function renumberedTopic(foldedKey: string): string | undefined {
  const match = /^\d{1,4}-(.+)$/.exec(foldedKey);
  return match ? match[1] : undefined;
}

function topicOf(foldedKey: string): string | undefined {
  const dash = foldedKey.indexOf('-');
  return dash > 0 && dash < foldedKey.length - 1 ? foldedKey.slice(dash + 1) : undefined;
}

function addItem<T extends object>(map: Map<RootPath, T | T[]>, key: RootPath, item: T): void {
  const held = map.get(key);
  if (held === undefined) map.set(key, item);
  else if (Array.isArray(held)) held.push(item);
  else map.set(key, [held, item]);
}

function listOf<T extends object>(held: T | T[] | undefined): readonly T[] {
  if (held === undefined) return [];
  return Array.isArray(held) ? held : [held];
}

/**
 * The paths under one key: the path itself while it is alone, as nearly every name, stem and link
 * target is, and a Set from the second on. A Set per key was a fifth of the store's heap.
 */
type PathBag = RootPath | Set<RootPath>;

function pathsIn(paths: PathBag | undefined): Iterable<RootPath> {
  if (paths === undefined) return NO_PATHS;
  return typeof paths === 'string' ? [paths] : paths;
}

function addTo(map: Map<string, PathBag>, key: string, path: RootPath): void {
  const paths = map.get(key);
  if (paths === undefined) map.set(key, path);
  else if (typeof paths !== 'string') paths.add(path);
  else if (paths !== path) map.set(key, new Set([paths, path]));
}

function removeFrom(map: Map<string, PathBag>, key: string, path: RootPath): void {
  const paths = map.get(key);
  if (paths === undefined) return;
  if (typeof paths === 'string') {
    if (paths === path) map.delete(key);
    return;
  }
  paths.delete(path);
  if (paths.size === 1) map.set(key, paths.values().next().value!);
}
