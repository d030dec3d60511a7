import { ProblemCode } from '../../problems';
import type { RuleFamily } from '../../ruleRecord';

/** Credentials in a memory's text. */
export const SECRET_CODES: RuleFamily = {
  name: 'secret',
  codes: [
    // Why error: A credential in memory is copied into prompts and often into git.
    {
      code: ProblemCode.Secret,
      severity: 'error',
      engineFamily: 'file',
      fix: 'person',
      summary: 'A credential in a memory.',
      help: 'Memory is copied into prompts and often into git. Remove it and rotate the credential; hiding it is not enough.',
    },
  ],
};
