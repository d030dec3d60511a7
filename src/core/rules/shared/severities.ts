import { SEVERITY_ORDER, type ProblemCode, type Severity, type SeveritySetting } from '../../problems';

export { DEFAULT_SEVERITIES } from './ruleList';

/**
 * The severity a problem is shown with under the user's per-code settings, or undefined when the user
 * turned its rule off; a setting that is no severity keeps the rule's own.
 */
export function shownSeverity(code: ProblemCode, ruleDefault: Severity, overrides: Readonly<Partial<Record<ProblemCode, SeveritySetting>>>): Severity | undefined {
  const setting = overrides[code] ?? ruleDefault;
  if (setting === 'off') return undefined;
  return (SEVERITY_ORDER as readonly string[]).includes(setting) ? setting : ruleDefault;
}
