/**
 * Whether a hook no longer says what the description says. A hook is a person's short form of the
 * description, so its wording may differ: it has drifted when most of its words are not in the
 * description, or when it holds a number the description does not (a time, a date, a version that
 * changed: `09:00` against `10:00`).
 */
export function hookDrifted(hook: string, description: string): boolean {
  const hookWords = words(hook);
  if (hookWords.size === 0) return false;
  const descriptionWords = words(description);
  let shared = 0;
  for (const word of hookWords) {
    if (descriptionWords.has(word)) shared++;
    else if (/^\d/.test(word)) return true;
  }
  return shared / hookWords.size < 0.5;
}

// Hangul, kana and Han are written without spaces between words: pairs of characters stand for words.
const SPACELESS = /[\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

function words(text: string): Set<string> {
  const result = new Set<string>();
  for (const [token] of text.normalize('NFKC').toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!SPACELESS.test(token)) {
      result.add(token);
      continue;
    }
    const chars = [...token];
    if (chars.length === 1) result.add(token);
    for (let i = 0; i + 1 < chars.length; i++) result.add(chars[i] + chars[i + 1]);
  }
  return result;
}
