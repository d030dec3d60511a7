import { poisoning } from '../rules/poison/poisonRule';
import { relativeDate } from '../rules/relativeDate/relativeDateRule';
import { secret } from '../rules/secret/secretRule';
import type { TextRule } from '../rules/shared/ruleContext';

/**
 * The rules that read a file's text, on top of the engine's own: the one list the CLI and the
 * extension both run, so `memory-shelf check` and the Problems panel agree.
 */
export const DEFAULT_TEXT_RULES: readonly TextRule[] = [relativeDate, secret, poisoning];
