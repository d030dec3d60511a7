import { ALL_PROBLEM_CODES, type ProblemCode, type Severity } from '../../problems';
import { DESCRIPTION_CODES } from '../descriptions/codes';
import { FRONTMATTER_CODES } from '../frontmatter/codes';
import { INDEX_CODES } from '../index/codes';
import { LINK_CODES } from '../links/codes';
import { NAME_CODES } from '../names/codes';
import { NEAR_DUPLICATE_CODES } from '../nearDuplicate/codes';
import { POISON_CODES } from '../poison/codes';
import { RELATIVE_DATE_CODES } from '../relativeDate/codes';
import { SECRET_CODES } from '../secret/codes';
import type { CodeRecord, RuleFamily } from '../../ruleRecord';
import { READER_CODES } from './readerCodes';

export type { CodeRecord, EngineFamily, RuleFamily } from '../../ruleRecord';

export const RULE_FAMILIES: readonly RuleFamily[] = [
  FRONTMATTER_CODES, NAME_CODES, NEAR_DUPLICATE_CODES, LINK_CODES, INDEX_CODES, DESCRIPTION_CODES, RELATIVE_DATE_CODES, SECRET_CODES, POISON_CODES, READER_CODES,
];

/** Every code, in the order of `ALL_PROBLEM_CODES`: the one list the defaults, help and docs come from. */
export const RULES: readonly CodeRecord[] = orderedRecords();

function orderedRecords(): CodeRecord[] {
  const byCode = new Map<ProblemCode, CodeRecord>();
  for (const family of RULE_FAMILIES) {
    for (const record of family.codes) {
      if (byCode.has(record.code)) throw new Error(`${record.code} is declared by two rule families`);
      byCode.set(record.code, record);
    }
  }
  return ALL_PROBLEM_CODES.map((code) => {
    const record = byCode.get(code);
    if (!record) throw new Error(`${code} is declared by no rule family`);
    return record;
  });
}

const RECORD_OF = new Map(RULES.map((record) => [record.code, record]));

/** The record of `code`; every code has one (the list is checked when it is built). */
export function ruleOf(code: ProblemCode): CodeRecord {
  return RECORD_OF.get(code)!;
}

/**
 * The severity each rule reports with unless the user's settings say otherwise. The scale follows
 * what a problem costs: `error` where data is unreadable or leaks, `warning` where Claude Code silently
 * misses or misreads memory, `information` for heuristics and tidiness, `hint` for what is deliberate.
 * The CLI fails on `warning` and above by default, so nothing heuristic is a warning. Each record says
 * why its code has its severity.
 */
export const DEFAULT_SEVERITIES: Readonly<Record<ProblemCode, Severity>> = Object.fromEntries(RULES.map((record) => [record.code, record.severity])) as Record<ProblemCode, Severity>;

/** The codes whose fixes `--fix` applies without a person looking: each only adds, replaces or removes text it computed. */
export const SAFE_FIX_CODES: ReadonlySet<ProblemCode> = new Set(RULES.filter((record) => record.fix === 'safe').map((record) => record.code));
