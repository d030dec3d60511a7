/** How many columns a text takes in a tree row or a notification: Hangul, kana, CJK ideographs and full-width forms take two. */
export function columnsIn(text: string): number {
  let columns = 0;
  for (const char of text) columns += isWide(char.codePointAt(0) ?? 0) ? 2 : 1;
  return columns;
}

function isWide(code: number): boolean {
  return (code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3)
    || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) || (code >= 0xffe0 && code <= 0xffe6)
    || (code >= 0x20000 && code <= 0x3fffd);
}
