// jsdiff 7 ships no types; only what Memory Shelf calls is declared.
declare module 'diff' {
  export interface Change {
    readonly value: string;
    readonly count?: number;
    readonly added?: boolean;
    readonly removed?: boolean;
  }
  export function diffLines(oldText: string, newText: string): Change[];
}
