import type { Problem } from '../core';

/**
 * A problem as the CLI prints it, in every format: where, what and the places it names; no fixes and
 * no translatable texts, which the result cache need not keep (they were three quarters of its entry).
 */
export type ReportedProblem = Pick<Problem, 'code' | 'severity' | 'path' | 'range' | 'message'> & {
  readonly related?: readonly Pick<NonNullable<Problem['related']>[number], 'path' | 'range' | 'message'>[];
};

/** What of `problem` any output format prints, in the order a problem's fields are written. */
export function reported(problem: Problem): ReportedProblem {
  const { code, severity, path, range, message, related } = problem;
  return related ? { code, severity, path, range, message, related: related.map((place) => ({ path: place.path, range: place.range, message: place.message })) } : { code, severity, path, range, message };
}
