/**
 * C0 and C1 controls, DEL, and the invisible characters that reorder or break a line (bidi overrides
 * and isolates, line and paragraph separators, zero-width marks) or carry text no one sees (Unicode
 * tag characters, an ASCII letter each): printed raw, a file name or a frontmatter value could set the
 * terminal title, clear the screen, forge a line of output or pass a hidden sentence to whoever reads it.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;

/** `text` safe to print to a terminal: each unsafe character written as a visible `\xNN`, `\uNNNN` or `\u{NNNNN}` escape. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (character) => {
    const code = character.codePointAt(0)!;
    if (character === '\n') return '\\n';
    if (character === '\r') return '\\r';
    if (character === '\t') return '\\t';
    if (code > 0xffff) return `\\u{${code.toString(16)}}`;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
