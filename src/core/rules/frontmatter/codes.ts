import { ProblemCode } from '../../problems';
import type { RuleFamily } from '../../ruleRecord';

/** Frontmatter: the `---` block and its keys, each file alone. */
export const FRONTMATTER_CODES: RuleFamily = {
  name: 'frontmatter',
  codes: [
    // Why warning: Without frontmatter there is no description, so recall cannot pick the file.
    {
      code: ProblemCode.FrontmatterMissing,
      severity: 'warning',
      engineFamily: 'file',
      fix: 'person',
      summary: 'The memory has no frontmatter.',
      help: 'Without a `---` block holding name, description and type, recall has no description to pick the memory by. Add the frontmatter at the top of the file.',
    },
    // Why error: Nothing in the frontmatter can be read: name, description and type are all lost.
    {
      code: ProblemCode.FrontmatterInvalid,
      severity: 'error',
      engineFamily: 'file',
      fix: 'person',
      summary: 'The frontmatter does not parse as YAML.',
      help: 'Nothing in it can be read: name, description and type are all lost. A value holding `: ` usually needs quotes; the editor offers that fix.',
    },
    // Why warning: Links fall back to the file stem, but the memory has no identity of its own.
    {
      code: ProblemCode.NameMissing,
      severity: 'warning',
      engineFamily: 'file',
      fix: 'person',
      summary: 'The frontmatter has no `name`.',
      help: 'Links fall back to the file stem, but the memory has no identity of its own. Add `name:` with a slug.',
    },
    // Why warning: The description is the recall key: without it the fact is never recalled.
    {
      code: ProblemCode.DescriptionMissing,
      severity: 'warning',
      engineFamily: 'file',
      fix: 'person',
      summary: 'The frontmatter has no `description`.',
      help: 'The description is what recall matches; without it the fact is never recalled. Add one line saying what the memory is for.',
    },
    {
      code: ProblemCode.TypeMissing,
      severity: 'warning',
      engineFamily: 'file',
      fix: 'person',
      summary: 'The frontmatter has no `type`.',
      help: 'Claude Code groups and weighs memories by type (user, feedback, project, reference by default). Add `type:`.',
    },
    {
      code: ProblemCode.TypeUnknown,
      severity: 'warning',
      engineFamily: 'file',
      fix: 'person',
      summary: 'The `type` is not one of the configured set.',
      help: 'The type set is Claude Code\'s by default; a MadoHub or custom set is chosen with --types (or the memoryShelf.types settings). Use one of its types.',
    },
  ],
};
