/** A zero-based position, as VS Code counts it: line, and UTF-16 code units into the line. */
export interface Position {
  readonly line: number;
  readonly character: number;
}

/** A half-open range between two positions. */
export interface Range {
  readonly start: Position;
  readonly end: Position;
}

/**
 * A replacement of the text in a range of one file, positioned in the text without its BOM, as an
 * editor shows it. Core operations produce these; adapters apply them as WorkspaceEdits or with node fs,
 * so no file is ever rewritten beyond the bytes meant to change.
 */
export interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}

/** Memory-root-relative path with `/` separators, e.g. `team/feedback_math.md`. */
export type RootPath = string;

/** Line numbers of offsets: `LineCursor` while offsets come in order, `LineIndex` otherwise. */
export interface LinePositions {
  /** The zero-based line holding `offset` (clamped to the text). */
  lineOf(offset: number): number;
  /** How far into its line `offset` (clamped to the text) is. */
  characterOf(offset: number): number;
  rangeAt(start: number, end: number): Range;
}

/** A day on the proleptic Gregorian calendar; `month` is 1-12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}
