import type { Problem, ProblemCode, ProblemFix, RelatedLocation } from '../problems';
import type { Range, RootPath } from '../types';
import { DEFAULT_SEVERITIES } from './severities';

/** A problem at its code's default severity; empty `related` and `fixes` are left out. */
export function makeProblem(
  code: ProblemCode,
  path: RootPath,
  range: Range,
  message: string,
  related?: readonly RelatedLocation[],
  fixes?: readonly (ProblemFix | undefined)[],
): Problem {
  const problem: { -readonly [K in keyof Problem]: Problem[K] } = { code, severity: DEFAULT_SEVERITIES[code], path, range, message };
  if (related && related.length > 0) problem.related = related;
  const presentFixes = fixes?.filter((fix): fix is ProblemFix => fix !== undefined);
  if (presentFixes && presentFixes.length > 0) problem.fixes = presentFixes;
  return problem;
}
