import type { Position, Range } from './types';

/**
 * Maps string offsets to line/character positions. Built once per parsed text; lookups are a binary
 * search, so recording the position of every key and link stays linear in the file's size.
 * `\r\n`, `\n` and a lone `\r` all end a line, as they do for VS Code.
 */
export class LineIndex {
  private readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (c === 10 /* \n */) {
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.lineStarts[low] };
  }

  rangeAt(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.lineStarts.length) return this.text.length;
    return Math.min(this.lineStarts[position.line] + position.character, this.text.length);
  }
}
