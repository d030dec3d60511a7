import { diffLines } from 'diff';

/**
 * How many lines changed from `before` to `after`, as a person counts them: a line edited is one line
 * changed, not one removed and one added; so each run of changes counts its longer side. Line ends and
 * a BOM are not lines: a file only converted to CRLF has no line changed.
 */
export function linesChanged(before: string, after: string): number {
  let total = 0;
  let removed = 0;
  let added = 0;
  for (const change of diffLines(plain(before), plain(after))) {
    if (change.removed) removed += change.count ?? 0;
    else if (change.added) added += change.count ?? 0;
    else {
      total += Math.max(removed, added);
      removed = 0;
      added = 0;
    }
  }
  return total + Math.max(removed, added);
}

/** Each line ending in '\n', so a last line without one is the same line as with it. */
function plain(text: string): string {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  return lines === '' || lines.endsWith('\n') ? lines : `${lines}\n`;
}
