import { relativeDate, resolveTypeSet, secret, type ProblemEngineOptions } from '../src/core';

/**
 * Every rule, as the CLI and the extension run them (text rules included). One fixed modification
 * time stands in for the files' own, so a run does not depend on when the corpus was generated.
 */
export const EVERY_RULE: ProblemEngineOptions = {
  typeSet: resolveTypeSet('claude-code', []),
  textRules: [relativeDate, secret],
  modifiedTime: () => Date.UTC(2026, 6, 30),
};
