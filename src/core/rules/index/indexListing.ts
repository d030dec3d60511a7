import { indexDash } from '../../conventions';
import { planIndexEntry } from '../../edits/indexEntry';
import type { MemoryFile } from '../../memoryFile';
import { isPinned } from '../../memoryShape';
import type { IndexLink, MemoryIndex } from '../../memoryIndex';
import type { MemoryStore, TopicListing } from '../../memoryStore';
import { ProblemCode, titleOf, type FileEdit, type Problem, type ProblemFix } from '../../problems';
import { INDEX_FILE_NAME } from '../../rootPath';
import { msg, type Text } from '../../text';
import { memoryAnchor } from '../shared/problemAnchors';
import { makeProblem, relatedAt } from '../shared/makeProblem';
import { withAbsoluteDates } from '../relativeDate/relativeDateRule';
import { DEFAULT_INDEX_BUDGET, type IndexBudget, type RuleContext } from '../shared/ruleContext';
import { isSlug } from '../../slug';
import type { Range, RootPath } from '../../types';
import { formatCount, indexLoad, isLoaded, type IndexLoad } from './indexBudget';
import type { IndexLoadWay } from '../../indexLoad';

/** How MEMORY.md lists a memory, as far as Claude Code can tell: `loaded`, `past-limit` or absent. */
export type ListingStatus = 'loaded' | 'past-limit' | undefined;

/** Whether a link to the memory lies inside what Claude Code loads; any link counts, wherever it stands. */
export function listingStatus(links: readonly IndexLink[], load: IndexLoad): ListingStatus {
  if (links.length === 0) return undefined;
  return links.some((link) => isLoaded(link.end, load.cut)) ? 'loaded' : 'past-limit';
}

/** Each linked target of `index` with its {@link ListingStatus}, for telling which memories a MEMORY.md edit concerns. */
export function listingStatuses(index: MemoryIndex | undefined, budget: IndexBudget, way?: IndexLoadWay): Map<string, ListingStatus> {
  const statuses = new Map<string, ListingStatus>();
  if (!index) return statuses;
  const { cut } = indexLoad(index, budget, way);
  for (const link of index.links) {
    if (link.target === undefined || statuses.get(link.target) === 'loaded') continue;
    statuses.set(link.target, isLoaded(link.end, cut) ? 'loaded' : 'past-limit');
  }
  return statuses;
}

/**
 * `index-unlisted`: a memory that nothing Claude Code loads from MEMORY.md links to, so it does not
 * know the memory exists. Only where the root has a MEMORY.md: a folder without one (a project's own
 * `memory/` kept by hand, say) is not using the index, and flagging every file there would bury
 * everything else. A link anywhere counts (an entry, prose, a table, a nested bullet); a memory linked
 * only past the load limit gets its own message and no new entry, since it is already there.
 *
 * The fix adds `- [Title](path) — hook` the way a stub made from a `[[link]]` adds its entry, after the
 * last entry that loads (in the index's dash and line ending), so notes below the entries stay below
 * them and the line is one Claude Code reads. When the new line would not fit in the budget there is no
 * fix: adding it would push another line out of what loads. It is safe for `--fix` when the memory's
 * frontmatter parsed, since title and hook then come from the memory itself. The hook's relative
 * dates are written as the memory's own relative-date fix writes them: MEMORY.md cannot tell when a
 * line was written, and `--fix` applies both fixes in one run.
 */
export function checkIndexListing(memory: MemoryFile, store: MemoryStore, context?: RuleContext): Problem[] {
  const index = store.index;
  if (!index) return [];
  const budget = context?.budget ?? DEFAULT_INDEX_BUDGET;
  const load = indexLoad(index, budget, context?.indexLoad);
  const links = store.indexLinksFor(memory.path);
  const status = listingStatus(links, load);
  if (status === 'loaded') return [];
  if (status === undefined) {
    const viaTopic = topicReach(memory.path, store, load);
    if (viaTopic?.status === 'loaded') return [];
    if (viaTopic?.status === 'past-limit') {
      const message = msg("Listed in {0}, but MEMORY.md's link to that index is past the load limit: Claude Code never reads it, so it does not know this memory exists.", viaTopic.topic);
      return [makeProblem(ProblemCode.IndexUnlisted, memory.path, memoryAnchor(memory), message, [relatedAt(viaTopic.topic, lineAt(viaTopic.line), msg('The line listing {0}', memory.path))])];
    }
    const unlinked = store.topicListings(memory.path)[0];
    if (unlinked) return [unlinkedTopicProblem(memory, unlinked, store, load, budget, context)];
  }
  if (status === undefined && isPinned(memory)) return [legacyLessonUnlisted(memory, store, load, budget, context)];
  if (status === 'past-limit') {
    const first = links[0];
    const message = load.cut?.limit === 'chars' ? messagesFor(budget).pastChars : messagesFor(budget).pastLines;
    return [makeProblem(ProblemCode.IndexUnlisted, memory.path, memoryAnchor(memory), message, [relatedAt(INDEX_FILE_NAME, first.hrefRange, msg('The link to {0}, past the load limit', memory.path))])];
  }
  const edit = entryEdit(memory, index, load, budget, context);
  if (!edit) return [makeProblem(ProblemCode.IndexUnlisted, memory.path, memoryAnchor(memory), messagesFor(budget).noRoom)];
  const message = context?.indexLoad === 'not-loaded' ? NOT_LISTED_NOT_LOADED : NOT_LISTED;
  return [makeProblem(ProblemCode.IndexUnlisted, memory.path, memoryAnchor(memory), message, undefined, [{
    ...ADD_ENTRY,
    preferred: true,
    ...(memory.frontmatter.status === 'ok' ? { safe: true } : {}),
    edits: [edit],
  }])];
}

/** How deep a tree of topic indexes is followed from MEMORY.md: a topic index of topic indexes, and one more. */
const MAX_TOPIC_DEPTH = 3;

/**
 * Whether a topic index that MEMORY.md links (directly, or through topic indexes it links) lists the
 * memory at `path`: Claude Code reads that index when the topic comes up, so the memory is one Read
 * away. `loaded` when some such chain starts at a link MEMORY.md loads, `past-limit` when every one
 * starts past the cut.
 */
export function topicReach(path: RootPath, store: MemoryStore, load: IndexLoad, depth = 0, seen = new Set<RootPath>()): { status: 'loaded' | 'past-limit'; topic: RootPath; line: number } | undefined {
  if (depth >= MAX_TOPIC_DEPTH) return undefined;
  let pastLimit: { status: 'past-limit'; topic: RootPath; line: number } | undefined;
  for (const { topic, line } of store.topicListings(path)) {
    if (seen.has(topic)) continue;
    seen.add(topic);
    const status = listingStatus(store.indexLinksFor(topic), load) ?? topicReach(topic, store, load, depth + 1, seen)?.status;
    if (status === 'loaded') return { status, topic, line };
    if (status === 'past-limit') pastLimit ??= { status, topic, line };
  }
  return pastLimit;
}

/**
 * A memory listed only in a topic index that nothing MEMORY.md loads links: link the index (every memory
 * it lists then counts) or list the memory itself. A person chooses, so neither is for `--fix`.
 */
function unlinkedTopicProblem(memory: MemoryFile, listing: TopicListing, store: MemoryStore, load: IndexLoad, budget: IndexBudget, context: RuleContext | undefined): Problem {
  const index = store.index as MemoryIndex;
  const topic = store.get(listing.topic);
  const fixes: ProblemFix[] = [];
  const linkTopic = topic && entryEdit(topic, index, load, budget, context, topicTitle(topic));
  if (linkTopic) fixes.push({ ...titleOf(msg('Link {0} from MEMORY.md', listing.topic)), preferred: true, edits: [linkTopic] });
  const own = entryEdit(memory, index, load, budget, context);
  if (own) fixes.push({ ...ADD_ENTRY, edits: [own] });
  const message = msg('Listed only in {0}, which MEMORY.md does not link: Claude Code never reads that index, so it does not know this memory exists. Link the index from MEMORY.md, or list this memory there.', listing.topic);
  return makeProblem(ProblemCode.IndexUnlisted, memory.path, memoryAnchor(memory), message, [relatedAt(listing.topic, lineAt(listing.line), msg('The line listing {0}', memory.path))], fixes.length > 0 ? fixes : undefined);
}

/** A topic index's title: its first heading, else its file name. */
function topicTitle(topic: MemoryFile): string {
  const heading = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(topic.text.slice(topic.frontmatter.bodyStart));
  return heading ? heading[1] : entryTitle(topic);
}

function lineAt(line: number): Range {
  return { start: { line, character: 0 }, end: { line, character: 0 } };
}

/**
 * A pinned lesson written before Claude Code 2.1.285, beside typed memories: Claude Code no longer
 * writes or loads such files (run: neither body nor name reaches the model at start), but recall still
 * reads them, so an unlisted one is information, and its entry is offered, never added by `--fix`: the
 * index that loads every session is a person's to grow.
 */
function legacyLessonUnlisted(memory: MemoryFile, store: MemoryStore, load: IndexLoad, budget: IndexBudget, context?: RuleContext): Problem {
  const index = store.index as MemoryIndex;
  const edit = entryEdit(memory, index, load, budget, context);
  const problem = makeProblem(ProblemCode.IndexUnlisted, memory.path, memoryAnchor(memory), LEGACY_LESSON, undefined, edit ? [{ ...ADD_ENTRY, edits: [edit] }] : undefined);
  return { ...problem, severity: 'information' };
}

const LEGACY_LESSON = msg('A pinned lesson from before Claude Code 2.1.285, not in MEMORY.md: Claude Code no longer loads pinned lessons at start, so only recall can find it. List it if it still matters.');
const NOT_LISTED = msg('Not listed in MEMORY.md: Claude Code does not know this memory exists.');
const NOT_LISTED_NOT_LOADED = msg('Not listed in MEMORY.md: nothing loads this index yet, and once a CLAUDE.md imports it Claude Code will know only the memories it lists.');
const ADD_ENTRY = titleOf(msg('Add an entry to MEMORY.md'));

interface BudgetMessages {
  readonly pastChars: Text;
  readonly pastLines: Text;
  readonly noRoom: Text;
}

/**
 * The messages that name the budget, made once per budget: past MEMORY.md's limit every unlisted
 * memory of the root gets the same one (19,800 of them in the 20,000-memory bench corpora): its counts
 * are formatted once per budget rather than by a regexp twice per memory, and the one Text is
 * formatted once (formatText keeps the English of the last Text of each template).
 */
const budgetMessages = new WeakMap<IndexBudget, BudgetMessages>();

function messagesFor(budget: IndexBudget): BudgetMessages {
  let messages = budgetMessages.get(budget);
  if (!messages) {
    messages = {
      pastChars: msg("Listed in MEMORY.md, but past Claude Code's {0}-character limit: that line is never loaded, so Claude Code does not know this memory exists.", formatCount(budget.maxChars)),
      pastLines: msg('Listed in MEMORY.md, but past line {0}: that line is never loaded, so Claude Code does not know this memory exists.', formatCount(budget.maxLines)),
      noRoom: msg("Not listed in MEMORY.md, and MEMORY.md has no room left within Claude Code's {0}-line and {1}-character limits: make room before adding its entry.", formatCount(budget.maxLines), formatCount(budget.maxChars)),
    };
    budgetMessages.set(budget, messages);
  }
  return messages;
}

/**
 * The new entry line, placed after the last entry that loads; undefined when it would not fit. Only an
 * entrypoint index has a limit to fit in: an imported one loads whole and one nothing loads has no room
 * to run out of (issue #40: "no room left" on a folder nothing imports).
 */
function entryEdit(memory: MemoryFile, index: MemoryIndex, load: IndexLoad, budget: IndexBudget, context: RuleContext | undefined, title = entryTitle(memory)): FileEdit | undefined {
  if (load.cut) return undefined;
  const absoluteDates = context && ((text: string) => withAbsoluteDates(text, { path: memory.path, text: memory.text, memory }, context));
  const edit = planIndexEntry(index, memory.path, { title, description: memory.description, absoluteDates }, { eol: index.eol, indexDash: indexDash(index) });
  const added = edit.kind === 'edit' ? edit.edits.reduce((sum, textEdit) => sum + textEdit.newText.length, 0) : 0;
  const limited = (context?.indexLoad ?? 'entrypoint') === 'entrypoint';
  if (limited && (load.lines + 1 > budget.maxLines || load.chars + added > budget.maxChars)) return undefined;
  return edit;
}

/** A slug reads as words (`feedback-math-notation` -> "Feedback math notation"); other names as written. */
export function entryTitle(memory: MemoryFile): string {
  if (memory.name !== undefined && !isSlug(memory.name)) return memory.name;
  const words = (memory.name ?? memory.stem).replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
