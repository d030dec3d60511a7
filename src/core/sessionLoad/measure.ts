import type { TextSize } from './types';

/**
 * A rough token count: about four characters a token for ASCII text and about one a token for other
 * scripts (Hangul, kana, kanji each cost roughly a token in Claude's tokenizer). An estimate to compare
 * parts with, labelled as one wherever it is shown; no tokenizer ships offline.
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) ascii++;
    // The low half of a surrogate pair was counted with its high half.
    else if (code < 0xdc00 || code > 0xdfff) other++;
  }
  return Math.ceil(ascii / 4 + other);
}

/** Characters, lines and estimated tokens of a text. */
export function sizeOf(text: string): TextSize {
  if (text === '') return { chars: 0, lines: 0, tokens: 0 };
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return { chars: text.length, lines, tokens: estimateTokens(text) };
}
