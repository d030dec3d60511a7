/** What the form says under a description: it is the key an agent recalls the memory by. */
export type DescriptionHint = 'vague' | 'long' | 'good';

// Claude Code shows descriptions in one line of its memory listing; past this they stop being read.
export const DESCRIPTION_MAX = 150;

/** What the extension last judged: the description core's rules read, and whether `description-vague` found it. */
export interface JudgedDescription {
  readonly text: string;
  readonly vague: boolean;
}

/**
 * The hint for `description` as typed. Length is read here, as the listing counts it; whether it is
 * vague is core's `description-vague` rule, the same judgment the Problems panel and the CLI give, so
 * it is known only for the text the rule last read: for text typed since, no verdict until it has.
 */
export function descriptionHint(description: string, judged: JudgedDescription): DescriptionHint | undefined {
  const text = description.trim();
  if ([...text].length > DESCRIPTION_MAX || /[\r\n]/.test(text)) return 'long';
  // Nothing said at all is the vaguest description (core reports it as missing).
  if (text === '') return 'vague';
  if (text !== judged.text.trim()) return undefined;
  return judged.vague ? 'vague' : 'good';
}
