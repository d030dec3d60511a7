import { ProblemCode, type Problem } from './problems';
import { INDEX_FILE_NAME } from './rootPath';
import { msg, type Text } from './text';

/** Findings whose text must not be copied into another message: the index line would carry it. */
const UNREPEATABLE: ReadonlySet<ProblemCode> = new Set([ProblemCode.Secret, ProblemCode.HiddenText, ProblemCode.ChannelMarkup, ProblemCode.PlantedInstruction]);

/**
 * A problem's sentence for an agent that writes memory (Claude Code, through the language server): one
 * step it can take with its Edit or Write tool, short, never quoting the memory's body. A person in an
 * editor has quick fixes and wants the why; an agent reads each finding once, as plain text, with no
 * fix to apply, so the fix itself goes into the sentence. Worked out here, when a file's diagnostics
 * are sent, rather than by every rule at check time: only the files an agent touches pay for it.
 * `fileProblems` are the other problems of the same file: a suggested index line is left out when the
 * memory holds a secret or planted text, which that line (made from the description) could carry.
 * Codes with nothing better to say keep their message.
 */
export function agentMessage(problem: Problem, fileProblems: readonly Problem[] = []): Text {
  if (problem.agentText) return problem.agentText;
  switch (problem.code) {
    case ProblemCode.IndexUnlisted: {
      const line = problem.fixes?.[0] ? indexLineOf(problem) : undefined;
      if (line === undefined) break;
      if (fileProblems.some((other) => UNREPEATABLE.has(other.code))) return msg('Add a line for this memory to MEMORY.md ("- [Title](file.md) — hook"), or Claude Code will not know it exists.');
      return msg('Add this line to MEMORY.md, or Claude Code will not know this memory exists: {0}', line);
    }
    case ProblemCode.Secret:
      return msg('Secret stored in memory: remove it. Memory is read into prompts and often committed; if it is needed, write where it is kept, never the value.');
    case ProblemCode.NearDuplicate: {
      const other = problem.related?.[0]?.path;
      // Without a related memory it is a retired entry (MEMORY.md says it was replaced): its message already says what to do.
      if (other === undefined) break;
      return msg('Says nearly the same as {0}: keep one memory. Move anything new into the one that was there first, then delete the other.', other);
    }
    case ProblemCode.IndexMissingFile: {
      const target = problem.messageText?.args[0];
      if (target === undefined) break;
      return msg('{0} does not exist: write that memory, or remove this entry.', target);
    }
  }
  return problem.messageText ?? { template: problem.message, args: [] };
}

/** The entry line the problem's fix adds to MEMORY.md. */
function indexLineOf(problem: Problem): string | undefined {
  for (const fix of problem.fixes ?? []) {
    for (const edit of fix.edits) {
      if (edit.kind !== 'edit' || edit.path !== INDEX_FILE_NAME) continue;
      const line = edit.edits.flatMap((textEdit) => textEdit.newText.split(/\r?\n/)).find((text) => text.trim().length > 0);
      if (line !== undefined) return line.trim();
    }
  }
  return undefined;
}
