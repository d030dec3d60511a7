/** What the form says under a description: it is the key an agent recalls the memory by. */
export type DescriptionHint = 'vague' | 'long' | 'good';

// Claude Code shows descriptions in one line of its memory listing; past this they stop being read.
export const DESCRIPTION_MAX = 150;
// Below this a description rarely says which situation it applies to ("about data", "notes").
const DESCRIPTION_MIN = 24;
const GENERIC = /^(?:about|notes?|misc(?:ellaneous)?|stuff|info(?:rmation)?|various|todo|memo|メモ|메모|기타|その他)\b/i;

/**
 * Korean, Japanese and Chinese say in one character what English says in about two, so they count
 * double against the lower bound; the upper bound counts characters as the listing shows them.
 */
export function descriptionHint(description: string): DescriptionHint {
  const text = description.trim();
  const length = [...text].length;
  if (length > DESCRIPTION_MAX || /[\r\n]/.test(text)) return 'long';
  const weighted = [...text].reduce((sum, char) => sum + (/[\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(char) ? 2 : 1), 0);
  if (weighted < DESCRIPTION_MIN || GENERIC.test(text)) return 'vague';
  return 'good';
}
