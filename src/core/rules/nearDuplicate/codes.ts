import { ProblemCode } from '../../problems';
import type { RuleFamily } from '../../ruleRecord';

/** Near-duplicates: memories that say nearly the same thing. */
export const NEAR_DUPLICATE_CODES: RuleFamily = {
  name: 'nearDuplicate',
  codes: [
    // Why information: A similarity estimate, not a certainty: it asks a person to look.
    {
      code: ProblemCode.NearDuplicate,
      severity: 'information',
      engineFamily: 'similar',
      fix: 'person',
      summary: 'Two memories say nearly the same thing.',
      help: 'A similarity estimate (Korean, Japanese and English alike): look at both and merge them if they are one fact.',
    },
  ],
};
