import { factSwap, tokenize } from '../../rules/shared/factSwap';
import { changedFact } from './hookFacts';

/**
 * Whether a hook no longer says what the description says. A hook is a person's short form of the
 * description, so its wording may differ: it has drifted when most of its words are not in the
 * description, or when one of its facts differs (a name, a number, a date or weekday, a negation:
 * `Dana` against `Priya`, `09:00` against `10:00`, "allowed" against "not allowed").
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
  const kept = shared / hookWords.size;
  if (kept < 0.5) return true;
  // A close short form keeping most words can still have one fact changed ("Dana" for "Priya").
  if (changedFact(hook, description, kept >= CLOSE) !== undefined) return true;
  // Word for word but one fact, in any of the three languages (`박지훈` for `김하늘`, `田中` for `佐藤`).
  const described = tokenize(description);
  const swap = factSwap(tokenize(hook), described);
  return swap !== undefined && (swap.kind === 'negation' || !described.some((token) => token.key === tokenize(swap.old)[0]?.key));
}

/** The share of a hook's words its description holds, from which one changed fact is a drift rather than a note of the hook's own. */
const CLOSE = 0.6;

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
