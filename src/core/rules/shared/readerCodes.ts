import { ProblemCode } from '../../problems';
import type { RuleFamily } from '../../ruleRecord';

/** The reader: files it refuses to read as memories. */
export const READER_CODES: RuleFamily = {
  name: 'reader',
  codes: [
    // Why warning: A file the reader refused (binary, too large, a link out of the root): nothing in it is checked or recalled as written.
    {
      code: ProblemCode.FileUnreadable,
      severity: 'warning',
      engineFamily: 'file',
      fix: 'person',
      summary: 'A file the reader refuses.',
      help: 'Binary, UTF-16 or not UTF-8, too large, or a link leaving the folder: the file is not read as a memory. Convert or remove it.',
    },
  ],
};
