import type { ProblemCode, Severity } from './problems';

/**
 * What the engine re-runs a code's rule on when something changes: `file` the file alone; `names` the
 * memories sharing a name; `links` what links resolve to; `similar` the near-duplicate buckets; `index`
 * MEMORY.md and what it lists; `described` the root's other descriptions; `described-body` a memory's
 * body against how common its words are among the descriptions.
 */
export type EngineFamily = 'file' | 'names' | 'links' | 'similar' | 'index' | 'described' | 'described-body';

/** One diagnostic code as every door describes it: the CLI's help and SARIF, docs/rules, the defaults. */
export interface CodeRecord {
  readonly code: ProblemCode;
  /** Reported with this unless the user's settings say otherwise. */
  readonly severity: Severity;
  readonly engineFamily: EngineFamily;
  /** `safe`: `--fix` applies the rule's fix without a person looking; `person`: only a person does. */
  readonly fix: 'safe' | 'person';
  /** One line, as a code-review tool titles the rule. */
  readonly summary: string;
  /** Why it matters to Claude Code and how to fix it. */
  readonly help: string;
}

/** A rule family's codes: each family's folder declares its own, and `RULES` is built from them. */
export interface RuleFamily {
  readonly name: string;
  readonly codes: readonly CodeRecord[];
}
