import type { Problem, ProblemCode, ProblemFix, RelatedLocation } from '../../problems';
import { formatText, type Text } from '../../text';
import type { Range, RootPath } from '../../types';
import { DEFAULT_SEVERITIES } from './severities';
import { sharedRange } from './sharedRange';

/** A problem at its code's default severity; empty `related` and `fixes` are left out, the range shared where another problem stands at the same place. */
export function makeProblem(
  code: ProblemCode,
  path: RootPath,
  range: Range,
  message: Text,
  related?: readonly RelatedLocation[],
  fixes?: readonly (ProblemFix | undefined)[],
): Problem {
  const severity = DEFAULT_SEVERITIES[code];
  const at = sharedRange(range);
  const text = formatText(message);
  const presentFixes = fixes?.some((fix) => fix === undefined) ? fixes.filter((fix): fix is ProblemFix => fix !== undefined) : fixes as readonly ProblemFix[] | undefined;
  const hasRelated = related !== undefined && related.length > 0;
  const hasFixes = presentFixes !== undefined && presentFixes.length > 0;
  // Each shape written out whole: properties added after an object is made go to a second, out-of-line
  // store, which every problem of a root paid for.
  if (hasRelated && hasFixes) return { code, severity, path, range: at, message: text, messageText: message, related, fixes: presentFixes };
  if (hasRelated) return { code, severity, path, range: at, message: text, messageText: message, related };
  if (hasFixes) return { code, severity, path, range: at, message: text, messageText: message, fixes: presentFixes };
  return { code, severity, path, range: at, message: text, messageText: message };
}

/** Another place a problem involves, with its message. */
export function relatedAt(path: RootPath, range: Range, message: Text): RelatedLocation {
  return { path, range: sharedRange(range), message: formatText(message), messageText: message };
}
