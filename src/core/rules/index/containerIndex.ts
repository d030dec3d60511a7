import { ProblemCode, type Problem } from '../../problems';
import { INDEX_FILE_NAME } from '../../rootPath';
import { msg } from '../../text';
import { makeProblem } from '../shared/makeProblem';

/**
 * `index-not-loaded`: a MEMORY.md in the agent-memory folder itself (`.claude/agent-memory/MEMORY.md`),
 * above the agents' own folders. Claude Code gives each subagent the MEMORY.md of its own folder, so this
 * one reaches no agent; on the real folders of issue #39 it was a stale copy of one agent's notes.
 */
export function containerIndexProblem(agents: readonly string[]): Problem {
  const message = agents.length > 0
    ? msg("No agent loads this MEMORY.md: each subagent loads the one in its own folder ({0}), and this one sits above them. Move what still matters into that agent's MEMORY.md and delete this file.", agents.map((agent) => `${agent}/MEMORY.md`).join(', '))
    : msg('No agent loads this MEMORY.md: each subagent loads the one in its own folder, and this one sits above them.');
  return makeProblem(ProblemCode.IndexNotLoaded, INDEX_FILE_NAME, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message);
}
