import { LineIndex } from './lineIndex';
import type { MemoryIndex } from './memoryIndex';
import type { Range, TextEdit } from './types';

/** Line-level helpers over MEMORY.md's text, built once per check of the index. */
export class IndexText {
  private readonly lines: LineIndex;

  constructor(readonly index: MemoryIndex) {
    this.lines = new LineIndex(index.text);
  }

  /** Offset of the first character of `line`. */
  lineStart(line: number): number {
    return this.lines.offsetAt({ line, character: 0 });
  }

  /** The whole text of `line`, without its line break. */
  lineRange(line: number): Range {
    const text = this.index.lines[line]?.text ?? '';
    return { start: { line, character: 0 }, end: { line, character: text.length } };
  }

  rangeAt(start: number, end: number): Range {
    return this.lines.rangeAt(start, end);
  }

  /** Removes `line` with its line break; the last line takes the break before it instead. */
  removeLine(line: number): TextEdit {
    const text = this.index.text;
    const start = this.lineStart(line);
    const lineEnd = start + (this.index.lines[line]?.text.length ?? 0);
    if (line + 1 < this.lines.lineCount && lineEnd < text.length) {
      return { range: this.lines.rangeAt(start, this.lineStart(line + 1)), newText: '' };
    }
    let from = start;
    if (from > 0 && text[from - 1] === '\n') from--;
    if (from > 0 && text[from - 1] === '\r') from--;
    return { range: this.lines.rangeAt(from, lineEnd), newText: '' };
  }
}
