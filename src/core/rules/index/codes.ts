import { ProblemCode } from '../../problems';
import type { RuleFamily } from '../../ruleRecord';

/** The index: MEMORY.md (or the index Claude Code generates) against the memories and the load budget. */
export const INDEX_CODES: RuleFamily = {
  name: 'index',
  codes: [
    // Why warning: Claude Code follows the entry to nothing.
    {
      code: ProblemCode.IndexMissingFile,
      severity: 'warning',
      engineFamily: 'index',
      fix: 'person',
      summary: 'A MEMORY.md entry points to a file that does not exist.',
      help: 'Claude Code follows the entry to nothing. Create the file or remove the entry (the file may have moved).',
    },
    // Why warning: Wastes lines of the 200-line budget and drifts apart when one copy is edited.
    {
      code: ProblemCode.IndexDuplicateEntry,
      severity: 'warning',
      engineFamily: 'index',
      fix: 'person',
      summary: 'A memory is listed twice in MEMORY.md.',
      help: 'The second line wastes the 200-line budget and drifts apart when one copy is edited. Remove one.',
    },
    // Why warning: Without an index line Claude Code does not know the memory exists.
    {
      code: ProblemCode.IndexUnlisted,
      severity: 'warning',
      engineFamily: 'index',
      fix: 'safe',
      summary: 'A memory is missing from MEMORY.md.',
      help: 'Without an index line Claude Code does not know the memory exists. `memory-shelf check --fix` adds the line, with the description as hook.',
    },
    // Why warning: Claude Code silently never sees these lines.
    {
      code: ProblemCode.IndexOverBudget,
      severity: 'warning',
      engineFamily: 'index',
      fix: 'person',
      summary: 'MEMORY.md is longer than Claude Code loads at session start.',
      help: 'Claude Code loads the first 200 lines or 25,000 characters of an auto memory (or subagent, or team) index; entries past that are never seen. Shorten hooks, move facts out, or drop stale entries. A project index a CLAUDE.md imports loads whole and is not flagged.',
    },
    // Why information: The line is loaded, just not as an entry: worth tidying, nothing is lost.
    {
      code: ProblemCode.IndexMalformedLine,
      severity: 'information',
      engineFamily: 'index',
      fix: 'person',
      summary: 'A MEMORY.md line is not an index entry.',
      help: 'Entries are `- [Title](file.md) — hook`. A line that is neither an entry, a heading nor a note is misread.',
    },
    // Why information: Facts written into the index load in every session and are invisible to the sidebar: worth moving, but what is a fact is a judgement.
    {
      code: ProblemCode.IndexInlineMemory,
      severity: 'information',
      engineFamily: 'index',
      fix: 'person',
      summary: 'A fact is written into MEMORY.md instead of a memory file.',
      help: 'The index is for pointers; a fact written there spends the load budget and cannot be linked. Move it to a memory of its own.',
    },
    // Why warning: Claude Code's prompt pins at most 4: which of the others it applies to every session is not said.
    {
      code: ProblemCode.PinnedOverLimit,
      severity: 'warning',
      engineFamily: 'index',
      fix: 'person',
      summary: 'More memories are pinned than Claude Code applies to every session.',
      help: 'Claude Code pins at most 4 durable lessons (`metadata.pinned: true`); which ones it drops past that is not said. Unpin the lessons that need not apply to every session.',
    },
    // Why information: A long generated index line still loads; it only spends the budget on detail.
    {
      code: ProblemCode.IndexEntryLong,
      severity: 'information',
      engineFamily: 'index',
      fix: 'person',
      summary: 'A description makes a poor line of the index Claude Code generates.',
      help: 'Where a folder has no MEMORY.md, Claude Code builds the index from each memory\'s description: a description over several lines breaks its line, and a long one crowds the load budget. Keep it to one short line and move detail into the body.',
    },
    {
      code: ProblemCode.IndexNotLoaded,
      severity: 'warning',
      engineFamily: 'index',
      fix: 'person',
      summary: 'A MEMORY.md that no agent loads: it sits in the agent-memory folder above the agents\' own folders.',
      help: 'Claude Code gives each subagent the MEMORY.md of its own folder (.claude/agent-memory/<agent>/MEMORY.md). One in .claude/agent-memory/ itself reaches no agent; it is usually a stale copy of one agent\'s notes. Move what still matters into that agent\'s MEMORY.md and delete this one.',
    },
  ],
};
