import { messageOf, type Problem, type ProblemCode, type ProblemFix, type RelatedLocation } from '../../problems';
import type { Text } from '../../text';
import type { Range, RootPath } from '../../types';
import { DEFAULT_SEVERITIES } from './severities';

/** A problem at its code's default severity; empty `related` and `fixes` are left out. */
export function makeProblem(
  code: ProblemCode,
  path: RootPath,
  range: Range,
  message: Text,
  related?: readonly RelatedLocation[],
  fixes?: readonly (ProblemFix | undefined)[],
): Problem {
  const problem: { -readonly [K in keyof Problem]: Problem[K] } = { code, severity: DEFAULT_SEVERITIES[code], path, range, ...messageOf(message) };
  if (related && related.length > 0) problem.related = related;
  const presentFixes = fixes?.filter((fix): fix is ProblemFix => fix !== undefined);
  if (presentFixes && presentFixes.length > 0) problem.fixes = presentFixes;
  return problem;
}

/** Another place a problem involves, with its message. */
export function relatedAt(path: RootPath, range: Range, message: Text): RelatedLocation {
  return { path, range, ...messageOf(message) };
}
