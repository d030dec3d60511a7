import type { ProblemCode } from './problems';

/**
 * Where each code's page is read: `docs/rules/<code>.md` of the published repository (the address is a
 * placeholder until it is published, as for the Action). Hovers, the Problems panel, the CLI's text and
 * SARIF's `helpUri` all link here, as ESLint and markdownlint users expect of a rule id.
 */
export const RULE_DOCS_BASE = 'https://github.com/memory-shelf/memory-shelf/blob/main/docs/rules/';

export function ruleDocsUrl(code: ProblemCode): string {
  return `${RULE_DOCS_BASE}${code}.md`;
}
