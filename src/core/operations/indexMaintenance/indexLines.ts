import { LineIndex } from '../../lineIndex';
import type { MemoryIndex } from '../../memoryIndex';
import type { TextEdit } from '../../types';

/** Line-level edits of MEMORY.md that leave every other byte (line endings, BOM, final break) as it was. */
export class IndexLines {
  private readonly lineIndex: LineIndex;

  constructor(readonly index: MemoryIndex) {
    this.lineIndex = new LineIndex(index.text);
  }

  textOf(line: number): string {
    return this.index.lines[line]?.text ?? '';
  }

  /**
   * Removes whole lines. Runs of neighbouring lines become one edit, so edits never overlap; a run
   * that ends the file takes the line break before it instead of one after it.
   */
  remove(lines: Iterable<number>): TextEdit[] {
    const sorted = [...new Set(lines)].sort((a, b) => a - b);
    const edits: TextEdit[] = [];
    for (let i = 0; i < sorted.length; ) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
      edits.push(this.removeRun(sorted[i], sorted[j]));
      i = j + 1;
    }
    return edits;
  }

  /** Inserts `lines` after `line`, each with the index's line ending. */
  insertAfter(line: number, lines: readonly string[]): TextEdit {
    const end = { line, character: this.textOf(line).length };
    return { range: { start: end, end }, newText: lines.map((text) => this.index.eol + text).join('') };
  }

  /** Appends `lines` at the end, keeping whether the file ends with a line break. */
  append(lines: readonly string[]): TextEdit {
    const text = this.index.text;
    const end = this.lineIndex.positionAt(text.length);
    const eol = this.index.eol;
    const endsWithBreak = text === '' || /[\r\n]$/.test(text);
    const body = lines.join(eol);
    return { range: { start: end, end }, newText: endsWithBreak ? body + eol : eol + body };
  }

  replace(line: number, newText: string): TextEdit {
    return { range: { start: { line, character: 0 }, end: { line, character: this.textOf(line).length } }, newText };
  }

  private removeRun(first: number, last: number): TextEdit {
    const text = this.index.text;
    const start = this.lineIndex.offsetAt({ line: first, character: 0 });
    if (last + 1 < this.lineIndex.lineCount) {
      return { range: this.lineIndex.rangeAt(start, this.lineIndex.offsetAt({ line: last + 1, character: 0 })), newText: '' };
    }
    let from = start;
    if (from > 0 && text[from - 1] === '\n') from--;
    if (from > 0 && text[from - 1] === '\r') from--;
    return { range: this.lineIndex.rangeAt(from, text.length), newText: '' };
  }
}

const LIST_MARKER = /^(\s*)([-*+]|(\d{1,9})([.)]))(\s+)/;

/** A list item's indentation and marker, or undefined for a line that is not a list item. */
export function listMarker(text: string): { readonly indent: number; readonly marker: string; readonly number?: number; readonly delimiter?: string; readonly length: number } | undefined {
  const match = LIST_MARKER.exec(text);
  if (!match) return undefined;
  const [whole, indent, marker, number, delimiter] = match;
  return { indent: indent.length, marker, length: whole.length, ...(number !== undefined ? { number: Number(number), delimiter } : {}) };
}
