/**
 * Markdown code, where `[[x]]` or "yesterday" is an example rather than a link or a date. Shared by
 * the link scanner and the relative-date rule so both agree on what counts as code.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** An inline code span; the same number of backticks opens and closes it. */
export const INLINE_CODE = /(`+)(?:[^`]|[^`][\s\S]*?[^`])\1(?!`)/g;

/**
 * Steps the fenced-code state over one line. `fence` is the open fence's marker (undefined outside a
 * block); `isCode` says whether the line is a fence line or inside a block.
 */
export function stepFence(line: string, fence: string | undefined): { readonly fence: string | undefined; readonly isCode: boolean } {
  const match = FENCE.exec(line);
  if (fence) {
    const closes = match !== null && match[1][0] === fence[0] && match[1].length >= fence.length && line.trim() === match[1];
    return { fence: closes ? undefined : fence, isCode: true };
  }
  return match ? { fence: match[1], isCode: true } : { fence: undefined, isCode: false };
}
