import { ProblemCode } from '../../problems';
import type { RuleFamily } from '../../ruleRecord';

/** Links: `[[name]]` links between memories. */
export const LINK_CODES: RuleFamily = {
  name: 'links',
  codes: [
    // Why hint: A reservation is a deliberate TODO (DESIGN.md section 1).
    {
      code: ProblemCode.LinkDangling,
      severity: 'hint',
      engineFamily: 'links',
      fix: 'person',
      summary: 'A `[[link]]` names no memory.',
      help: 'A link to a memory not written yet is a reservation, so this is a hint; create the memory or fix the link if it is a typo.',
    },
    // Why warning: The link goes to whichever memory happens to win.
    {
      code: ProblemCode.LinkAmbiguous,
      severity: 'warning',
      engineFamily: 'links',
      fix: 'person',
      summary: 'A `[[link]]` matches more than one memory.',
      help: 'The link goes to whichever memory happens to win. Rename one of them or link by file name.',
    },
  ],
};
