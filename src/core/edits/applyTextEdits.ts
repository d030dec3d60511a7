import { LineIndex } from '../lineIndex';
import type { TextEdit } from '../types';

/**
 * Applies edits positioned in `text` (BOM-less, as the rules saw it) and returns the new text. Edits
 * must not overlap; they are applied from the end so earlier positions stay valid. Used by the CLI's
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
  let result = text;
  for (let i = spans.length - 1; i >= 0; i--) {
    const span = spans[i];
    result = result.slice(0, span.start) + span.newText + result.slice(span.end);
  }
  return result;
}
