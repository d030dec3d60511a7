import { LineIndex } from '../lineIndex';
import type { TextEdit } from '../types';

/**
 * Applies edits positioned in `text` (BOM-less, as the rules saw it) and returns the new text. Edits
 * must not overlap; each is placed by its position in the original text. Used by the CLI's
 * `--fix` and by tests; VS Code applies the same edits through a WorkspaceEdit.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  if (edits.length === 0) return text;
  const lines = new LineIndex(text);
  const spans = edits
    .map((edit) => ({ start: lines.offsetAt(edit.range.start), end: lines.offsetAt(edit.range.end), newText: edit.newText }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i].start < spans[i - 1].end) throw new Error('applyTextEdits: overlapping edits');
  }
  // Joined once from the pieces between the edits: slicing the text rebuilt by the edit before flattened
  // it each time, so a file of thousands of dates fixed took time quadratic in its length.
  const parts: string[] = [];
  let kept = 0;
  for (const span of spans) {
    parts.push(text.slice(kept, span.start), span.newText);
    kept = span.end;
  }
  parts.push(text.slice(kept));
  return parts.join('');
}
