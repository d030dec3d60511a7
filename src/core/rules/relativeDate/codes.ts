import { ProblemCode } from '../../problems';
import type { RuleFamily } from '../../ruleRecord';

/** Relative dates in a memory's text. */
export const RELATIVE_DATE_CODES: RuleFamily = {
  name: 'relativeDate',
  codes: [
    // Why warning: A relative date is wrong from the day after it is written.
    {
      code: ProblemCode.RelativeDate,
      severity: 'warning',
      engineFamily: 'file',
      fix: 'safe',
      summary: 'A relative date ("next week", 어제, 先週) in a memory.',
      help: 'Memory is read on other days, when "yesterday" means another day. Write the absolute date; `--fix` does when the text or git history says when it was written.',
    },
  ],
};
