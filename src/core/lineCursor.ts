import { LineIndex } from './lineIndex';
import type { LinePositions, Range } from './types';


/**
 * Line numbers of offsets visited in increasing order, found by walking forward from the last one: a
 * parse that records where each key and link stands needs no table of line starts, and holds no
 * Position objects, only numbers. `\r\n`, `\n` and a lone `\r` each end a line, as in {@link LineIndex}.
 * Going back restarts from the beginning; once the walks back add up to more than the text (a long
 * frontmatter whose nested maps end after their keys), a table of line starts takes over, so any order
 * of visits stays linear.
 */
export class LineCursor implements LinePositions {
  private scanned = 0;
  private current = 0;
  private start = 0;
  private walkedBack = 0;
  private table: LineIndex | undefined;

  // Nothing is read here: a cursor is made for a look-up near the start (a frontmatter field, once per
  // finding), and a search of the whole text for `\r` made each of those cost the file's length.
  constructor(private readonly text: string) {}

  lineOf(offset: number): number {
    this.seek(offset);
    return this.table ? this.table.lineOf(offset) : this.current;
  }

  characterOf(offset: number): number {
    this.seek(offset);
    return this.table ? this.table.characterOf(offset) : Math.max(0, Math.min(offset, this.text.length)) - this.start;
  }

  rangeAt(start: number, end: number): Range {
    const startLine = this.lineOf(start);
    const startCharacter = this.characterOf(start);
    const endLine = this.lineOf(end);
    return { start: { line: startLine, character: startCharacter }, end: { line: endLine, character: this.characterOf(end) } };
  }

  /** Number of lines, a trailing line break opening an empty last line. */
  get lineCount(): number {
    this.seek(this.text.length);
    return this.table ? this.table.lineCount : this.current + 1;
  }

  private seek(offset: number): void {
    if (this.table) return;
    const text = this.text;
    const target = Math.max(0, Math.min(offset, text.length));
    if (target < this.scanned) {
      this.walkedBack += this.scanned;
      if (this.walkedBack > text.length + 4096) {
        this.table = new LineIndex(text);
        return;
      }
      this.scanned = this.current = this.start = 0;
    }
    let at = this.scanned;
    if (at >= target) return;
    // Only the part walked over is searched: indexOf on the whole text would run on to the next line
    // break (or `\r`) past the target, again at every seek along one long line.
    const walked = text.slice(at, target);
    if (walked.indexOf('\r') < 0) {
      for (let lf = walked.indexOf('\n'); lf >= 0; lf = walked.indexOf('\n', lf + 1)) {
        this.current++;
        this.start = at + lf + 1;
      }
      at = target;
    } else {
      while (at < target) {
        const c = text.charCodeAt(at);
        if (c === 10) {
          this.current++;
          this.start = ++at;
        } else if (c === 13) {
          if (text.charCodeAt(at + 1) === 10) {
            // A `\r\n` ends its line only once both are passed: the `\n` itself is still on this line.
            if (at + 2 > target) break;
            at += 2;
          } else {
            at++;
          }
          this.current++;
          this.start = at;
        } else {
          at++;
        }
      }
    }
    this.scanned = at;
  }
}

/** A range within one line, made when asked for: held ranges are numbers until then. */
export function lineRange(line: number, from: number, to: number): Range {
  return { start: { line, character: from }, end: { line, character: to } };
}

/**
 * The range between two offsets, found by walking from the start of `text`: for a look-up now and then
 * of what was held as offsets only, near the start of a file (its frontmatter).
 */
export function rangeIn(text: string, start: number, end: number): Range {
  return new LineCursor(text).rangeAt(start, end);
}
