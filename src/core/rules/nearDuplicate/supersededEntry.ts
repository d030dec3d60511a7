import type { MemoryFile } from '../../memoryFile';
import type { IndexEntry, MemoryIndex } from '../../memoryIndex';
import type { MemoryStore } from '../../memoryStore';
import { ProblemCode, type Problem } from '../../problems';
import { msg } from '../../text';
import type { RootPath } from '../../types';
import { fieldAnchor } from '../shared/problemAnchors';
import { makeProblem } from '../shared/makeProblem';

/**
 * An entry whose own words retire its memory: "SUPERSEDED by unified rules below", "→ merged into
 * [deploy](project_deploy.md)", "(統合済み: [[x]] に統合)", "x.md로 통합됨". The words must lead the hook,
 * stand in capitals or in brackets, or follow an arrow: "how we replaced Heroku" and "deprecated
 * endpoints" describe a memory, they do not retire it.
 */
const LEADING = /^[\s(\[—–:;-]*(?:(?:superseded|merged|obsolete|deprecated|retired|replaced|consolidated)(?:\s+(?:by|into|in\s+favou?r\s+of|with)\b|\s*(?:[—–:;,.)\]]|->|→|$))|no\s+longer\s+(?:used|valid|current)|統合済|統合先|廃止|통합됨|병합됨|폐기|대체됨)/i;
// A memory merged into another names it: "[[x]] に統合", "(x.md)로 통합", "→ x.md へ移行", "[[x]]에 합침",
// "x.md と重複" (not "ワークフローに統合", a feature). A link target stops at the next `](` as well as at
// its `)`: the last `](` before a `)` matches whenever an earlier one would, and no `](` rescans the
// rest of the hook (a hook of `](` repeated was quadratic).
const INTO_LINK = /(?:\.md\)?|\]\]|\]\((?:[^)\]]|\](?!\())*\))\s?(?:[にへ](?:統合|移行|移動|吸収|集約)|と重複|(?:으로|로|에)\s?(?:통합|병합|합침|합쳐|이동|옮김|대체)|[와과]\s?중복)/;
/**
 * Another memory named in an entry: a Markdown link, a wiki link or a file name. Its parts are bounded:
 * after each `moved to` of a hook that repeats it, an unbounded part read on to the end of the hook.
 */
const MEMORY_REF = String.raw`(?:\[\[[^\]]{1,500}\]\]|\[[^\]]{0,500}\]\([^)]{0,500}\)|[\w.-]+\.md\b)`;
/**
 * Words that retire a memory only when another memory follows them: "folded into [[x]]", "moved to x.md",
 * "duplicate of x.md", "~~old steps~~ see x.md", "OUTDATED — see x.md", "旧版。[[x]] を参照", "(구) x.md 참고",
 * "중복 — x.md" ("now part of the release", "moved the meeting to Friday" and "see x.md" alone describe or
 * point, they do not retire). A run of punctuation before the memory ends on a mark, not a blank: the
 * blanks after it are the `\s*` before the memory's, and two runs of blanks side by side split a long run
 * in as many ways as it is long.
 */
const BEFORE_REF = new RegExp(
  String.raw`(?:\b(?:folded|moved|absorbed|rolled)\s+into|\bmoved\s+to|\bduplicate\s+of|\bnow\s+(?:part\s+of|in|lives\s+in)|^[\s(\[]*~~[^~]+~~(?:[\s,;:.—–-]*[,;:.—–-])?(?:\s*(?:→|->|see|use|now\s+in))?|^[\s(\[]*(?:old|outdated|stale|legacy)\b[\s)\]:—–,;.-]*(?:see|use)|^[\s(\[（]*(?:旧版|旧メモ|旧|구버전|이전\s?버전|구|중복)(?:[\s、。,.:：)\]）—–-]*[、。,.:：)\]）—–-])?)\s*${MEMORY_REF}|\b(?:see|use)\s+${MEMORY_REF}\s+instead\b`,
  'i',
);
/** A hook struck through whole: what it said of the memory no longer holds. */
const STRUCK = /^\s*~~[^~]+~~\s*$/;
const ANYWHERE = /\b(?:SUPERSEDED|OBSOLETE|DEPRECATED|MERGED)\b|[(\[;—–]\s*(?:superseded|merged|obsolete|deprecated|replaced\s+by)\b|(?:→|->)\s*(?:merged|superseded|replaced|consolidated)\b|\bsuperseded\s+by\b|\bmerged\s+into\b/;
const BELOW = /\bbelow\b|아래|下記|以下/i;
const ABOVE = /\babove\b|위의|上記/i;

/** Whether an entry's words say its memory was merged into another or superseded by one. */
export function retiresItsMemory(entry: IndexEntry): boolean {
  const hook = entry.hook ?? '';
  return LEADING.test(hook) || ANYWHERE.test(hook) || INTO_LINK.test(hook) || BEFORE_REF.test(hook) || STRUCK.test(hook);
}

/** The memories MEMORY.md retires by an entry's words, for telling which memories a new index changes. */
export function retiredTargets(index: MemoryIndex | undefined): ReadonlySet<RootPath> {
  if (!index) return NO_TARGETS;
  const known = retiredByIndex.get(index);
  if (known) return known;
  const retired = new Set<RootPath>();
  for (const entry of index.entries) if (entry.target !== undefined && retiresItsMemory(entry)) retired.add(entry.target);
  retiredByIndex.set(index, retired);
  return retired;
}

// An index is immutable: its retired memories are read once, not once per edit of a near-duplicate.
const retiredByIndex = new WeakMap<MemoryIndex, ReadonlySet<RootPath>>();
const NO_TARGETS: ReadonlySet<RootPath> = new Set();

/** The problems this module makes, told from near-duplicates of the text index: they depend on MEMORY.md. */
const RETIRED_PROBLEMS = new WeakSet<Problem>();

export function isRetiredEntryProblem(problem: Problem): boolean {
  return RETIRED_PROBLEMS.has(problem);
}

/**
 * `near-duplicate` for a memory MEMORY.md itself marks as merged into or superseded by another, still
 * kept beside it: two memories on one subject, one of them stale, both listed and both loaded. Depends
 * on the memory and MEMORY.md only: the memory that replaced it is named as the index writes it.
 */
export function checkRetiredEntry(memory: MemoryFile, store: MemoryStore): Problem[] {
  const index = store.index;
  if (!index) return [];
  for (const entry of store.indexEntriesFor(memory.path)) {
    if (!retiresItsMemory(entry)) continue;
    const successor = successorOf(index, entry, memory.path);
    const message = successor
      ? msg('MEMORY.md marks this memory as replaced by "{0}", yet it is still kept and listed: fold what it still adds into that memory and delete it.', successor)
      : msg('MEMORY.md marks this memory as merged or superseded, yet it is still kept and listed: fold what it still adds into the memory that replaced it and delete it.');
    const problem = makeProblem(ProblemCode.NearDuplicate, memory.path, fieldAnchor(memory, 'description'), message);
    RETIRED_PROBLEMS.add(problem);
    return [problem];
  }
  return [];
}

/** The memory named as the replacement: a link on the entry's line, else the entry the words point to (below, above). */
function successorOf(index: MemoryIndex, entry: IndexEntry, self: RootPath): string | undefined {
  const onLine = index.links.find((link) => link.line === entry.line && link.target !== undefined && link.target !== self);
  if (onLine) return onLine.target;
  const hook = entry.hook ?? '';
  // A wiki link ("folded into [[x]]") is no Markdown link: it names the memory another entry lists as x.md.
  const wiki = /\[\[([^\]|#]+)/.exec(hook)?.[1].trim();
  const named = wiki === undefined ? undefined : index.entries.find((other) => other.target !== undefined && other.target !== self && other.target.replace(/\.md$/, '') === wiki);
  if (named) return named.target;
  const at = index.entries.indexOf(entry);
  const neighbor = BELOW.test(hook) ? index.entries[at + 1] : ABOVE.test(hook) ? index.entries[at - 1] : undefined;
  return neighbor?.target !== undefined && neighbor.target !== self ? neighbor.target : undefined;
}
