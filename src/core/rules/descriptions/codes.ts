import { ProblemCode } from '../../problems';
import type { RuleFamily } from '../../ruleRecord';

/** Descriptions: what recall reads, against the body and the folder's other descriptions. */
export const DESCRIPTION_CODES: RuleFamily = {
  name: 'descriptions',
  codes: [
    // Why hint: A judgment of wording: only a person can write a better description, so it never fails CI.
    {
      code: ProblemCode.DescriptionVague,
      severity: 'hint',
      engineFamily: 'file',
      fix: 'person',
      summary: 'The description gives recall nothing to go on: it only repeats the name, or holds at most one telling word.',
      help: 'Claude Code picks the memories to recall for a task by name and description. "Model", "notes", "메모" or a copy of the name never match a task; say what the memory holds and when it applies. A hint: only a person can write the better line.',
    },
    // Why hint: Judgments of wording against the body or the root's other descriptions: hints, for the same reason.
    {
      code: ProblemCode.DescriptionBodyMismatch,
      severity: 'hint',
      engineFamily: 'described-body',
      fix: 'person',
      summary: 'The body is about words its name and description never mention.',
      help: 'Claude Code picks at most 5 memories for a task, by name and description only. When the words the body keeps coming back to (names, tools, key nouns, the rarer in the root the more telling) are in neither, the memory is not recalled for what it holds. Name them in the description, or split a memory that holds two things. A hint: only a person can write the better line.',
    },
    {
      code: ProblemCode.DescriptionAlike,
      severity: 'hint',
      engineFamily: 'described',
      fix: 'person',
      summary: 'Two memories of the root have nearly the same description but say different things.',
      help: 'Claude Code picks memories by name and description only: two descriptions sharing nearly all their words match the same tasks, and nothing tells which one holds what the task needs. Say in each what sets it apart. Memories whose bodies are also alike are `near-duplicate`s instead.',
    },
  ],
};
