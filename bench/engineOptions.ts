import { DEFAULT_TEXT_RULES, resolveTypeSet, type ProblemEngineOptions } from '../src/core';

/**
 * Every rule, as the CLI and the extension run them (text rules included). One fixed modification
 * time stands in for the files' own, so a run does not depend on when the corpus was generated.
 */
export const EVERY_RULE: ProblemEngineOptions = {
  typeSet: resolveTypeSet('claude-code', []),
  textRules: DEFAULT_TEXT_RULES,
  modifiedTime: () => Date.UTC(2026, 6, 30),
};
