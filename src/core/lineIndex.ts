import type { LinePositions, Position, Range } from './types';

/**
 * Maps string offsets to line/character positions. Built once per parsed text; lookups are a binary
 * search, so recording the position of every key and link stays linear in the file's size.
 * `\r\n`, `\n` and a lone `\r` all end a line, as they do for VS Code.
 */
export class LineIndex implements LinePositions {
  private readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    if (text.indexOf('\r') < 0) {
      // The common case: indexOf finds line breaks far faster than a loop over every character, and
      // every file of a root is indexed at load.
      for (let lf = text.indexOf('\n'); lf >= 0; lf = text.indexOf('\n', lf + 1)) starts.push(lf + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 13 /* \r */) {
          if (text.charCodeAt(i + 1) === 10) i++;
          starts.push(i + 1);
        } else if (c === 10 /* \n */) {
          starts.push(i + 1);
        }
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const line = this.lineOfClamped(clamped);
    return { line, character: clamped - this.lineStarts[line] };
  }

  rangeAt(start: number, end: number): Range {
    const from = Math.max(0, Math.min(start, this.text.length));
    const to = Math.max(0, Math.min(end, this.text.length));
    const line = this.lineOfClamped(from);
    const lineStart = this.lineStarts[line];
    // Keys, values and links nearly always end on the line they start on: no second search then.
    const next = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] : Infinity;
    const endLine = to >= from && to < next ? line : this.lineOfClamped(to);
    return {
      start: { line, character: from - lineStart },
      end: { line: endLine, character: to - this.lineStarts[endLine] },
    };
  }

  lineOf(offset: number): number {
    return this.lineOfClamped(Math.max(0, Math.min(offset, this.text.length)));
  }

  characterOf(offset: number): number {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    return clamped - this.lineStarts[this.lineOfClamped(clamped)];
  }

  offsetAt(position: Position): number {
    if (position.line >= this.lineStarts.length) return this.text.length;
    return Math.min(this.lineStarts[position.line] + position.character, this.text.length);
  }

  /** Offset of the first character of `line`, which must be a line of the text. */
  startOf(line: number): number {
    return this.lineStarts[line];
  }

  /** The line holding `offset`, which must already be clamped to the text. */
  private lineOfClamped(offset: number): number {
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
