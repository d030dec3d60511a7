import { indexDash } from '../../operations/conventions';
import { planIndexEntry } from '../../edits/indexEntry';
import type { MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import { ProblemCode, titleOf, type Problem } from '../../problems';
import { msg } from '../../text';
import { memoryAnchor } from '../engine/anchors';
import { makeProblem } from '../engine/makeProblem';
import { withAbsoluteDates } from '../relativeDate/relativeDateRule';
import type { RuleContext } from '../engine/ruleContext';
import { isSlug } from '../names/slug';

/**
 * `index-unlisted`: a memory with no line in MEMORY.md, which Claude Code reads to know what memory
 * exists. Only where the root has a MEMORY.md: a folder without one (a project's own `memory/` kept
 * by hand, say) is not using the index, and flagging every file there would bury everything else.
 *
 * The fix adds `- [Title](path) — hook` the way a stub made from a `[[link]]` adds its entry (after
 * the last entry, in the index's dash and line ending, keeping whether the file ends with a line
 * break), so notes below the entries stay below them. It is safe for `--fix` when the memory's
 * frontmatter parsed, since title and hook then come from the memory itself. The hook's relative
 * dates are written as the memory's own relative-date fix writes them: MEMORY.md cannot tell when a
 * line was written, and `--fix` applies both fixes in one run.
 */
export function checkIndexListing(memory: MemoryFile, store: MemoryStore, context?: RuleContext): Problem[] {
  const index = store.index;
  if (!index || store.indexEntriesFor(memory.path).length > 0) return [];
  const absoluteDates = context && ((text: string) => withAbsoluteDates(text, { path: memory.path, text: memory.text, memory }, context));
  const edit = planIndexEntry(index, memory.path, { title: entryTitle(memory), description: memory.description, absoluteDates }, { eol: index.eol, indexDash: indexDash(index) });
  return [makeProblem(ProblemCode.IndexUnlisted, memory.path, memoryAnchor(memory), msg('Not listed in MEMORY.md: Claude Code does not know this memory exists.'), undefined, [{
    ...titleOf(msg('Add an entry to MEMORY.md')),
    preferred: true,
    ...(memory.frontmatter.status === 'ok' ? { safe: true } : {}),
    edits: [edit],
  }])];
}

/** A slug reads as words (`feedback-math-notation` -> "Feedback math notation"); other names as written. */
export function entryTitle(memory: MemoryFile): string {
  if (memory.name !== undefined && !isSlug(memory.name)) return memory.name;
  const words = (memory.name ?? memory.stem).replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
