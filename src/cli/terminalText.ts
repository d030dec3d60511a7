/**
 * C0 and C1 controls, DEL, and the invisible characters that reorder or break a line (bidi overrides
 * and isolates, line and paragraph separators, zero-width marks): printed raw, a file name or a
 * frontmatter value could set the terminal title, clear the screen or forge a line of output.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** `text` safe to print to a terminal: each unsafe character written as a visible `\xNN` or `\uNNNN` escape. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (character) => {
    const code = character.charCodeAt(0);
    if (character === '\n') return '\\n';
    if (character === '\r') return '\\r';
    if (character === '\t') return '\\t';
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
