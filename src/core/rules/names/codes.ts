import { ProblemCode } from '../../problems';
import type { RuleFamily } from '../../ruleRecord';

/** Names: how a memory is named, against the folder's other names and its own file. */
export const NAME_CODES: RuleFamily = {
  name: 'names',
  codes: [
    // Why information: Claude Code reads the memory just the same; only [[links]] cannot reach it.
    {
      code: ProblemCode.NameNotSlug,
      severity: 'information',
      engineFamily: 'names',
      fix: 'person',
      summary: 'The `name` holds `[`, `]`, `|` or `#`, which no `[[link]]` can spell.',
      help: 'A human title is a fine name (Claude Code writes them); only these characters end a link\'s target. Take them out (F2 in VS Code updates every link and the index).',
    },
    // Why information: Everything still works (links fall back to the stem), it only confuses people.
    {
      code: ProblemCode.NameFileMismatch,
      severity: 'information',
      engineFamily: 'index',
      fix: 'person',
      summary: 'The `name` does not match the file name.',
      help: 'Links still resolve through the file stem, but people are confused. Rename the file or the name so they agree.',
    },
    // Why warning: Links to the name become ambiguous.
    {
      code: ProblemCode.DuplicateName,
      severity: 'warning',
      engineFamily: 'names',
      fix: 'person',
      summary: 'Two memories share one `name`.',
      help: 'A `[[link]]` to the name becomes ambiguous. Rename one, or merge them if they say the same thing.',
    },
  ],
};
