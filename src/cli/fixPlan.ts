import { join } from 'node:path';
import { applyTextEdits, INDEX_FILE_NAME, ProblemCode, SAFE_FIX_CODES, type FileEdit, type MemoryStore, type Problem, type RootPath, type TextEdit } from '../core';
import type { RootRead } from '../reader';
import type { PlannedWrite } from './safeWrite';


export interface FixPlan {
  readonly writes: readonly PlannedWrite[];
  /** Each fix applied, by the files it needs written: it counts as fixed only when all of them are. */
  readonly fixes: readonly (readonly RootPath[])[];
  /** The new text of each planned file, for checking again after the writes. */
  readonly texts: ReadonlyMap<RootPath, string>;
  /**
   * Paths that are the same file as a planned write (a link and the file it leads to, both in the
   * root) with the same new text: written when that write is.
   */
  readonly aliases: ReadonlyMap<RootPath, RootPath>;
}

/** What MEMORY.md can still take before Claude Code's load limit cuts it: lines and characters. */
export interface IndexRoom {
  lines: number;
  chars: number;
}

/**
 * Whether the lines an entry fix adds to MEMORY.md still fit in `room`, taking them from it if so. An
 * entry past the cut is never loaded: left unlisted, the memory keeps its finding, and a person chooses
 * what to make room for (issue #39: `--fix` appended a hundred entries and pushed real ones past the cut).
 */
function takeRoom(room: IndexRoom, edits: readonly FileEdit[]): boolean {
  let lines = 0;
  let chars = 0;
  for (const edit of edits) {
    if (edit.kind !== 'edit' || edit.path !== INDEX_FILE_NAME) continue;
    for (const textEdit of edit.edits) {
      chars += textEdit.newText.length;
      lines += textEdit.newText.split('\n').length - 1;
    }
  }
  if (lines > room.lines || chars > room.chars) return false;
  room.lines -= lines;
  room.chars -= chars;
  return true;
}

/**
 * Every safe fix, gathered into one new text per file, before anything is written. A file whose
 * frontmatter does not parse is never written (whatever the fix, a person has to look first), nor a
 * MEMORY.md read only in part: its tail would be lost.
 */
export function planFixes(read: RootRead, store: MemoryStore, problems: readonly Problem[], indexRoom?: IndexRoom): FixPlan {
  const editsByPath = new Map<RootPath, TextEdit[]>();
  // Each entry fix was planned alone, against the index as it is: together they must still fit.
  const room = indexRoom && { ...indexRoom };
  const fixes: RootPath[][] = [];
  const writable = (path: RootPath): boolean => {
    const file = read.files.get(path);
    if (file?.truncated) return false;
    if (path !== INDEX_FILE_NAME) return store.get(path)?.frontmatter.status === 'ok';
    // A MEMORY.md linked to a memory (a file with frontmatter) would get index entries written into that memory.
    const linkedMemory = file?.linkTarget !== undefined && store.get(file.linkTarget)?.frontmatter.status === 'ok';
    return store.index !== undefined && !linkedMemory;
  };
  for (const problem of problems) {
    if (!SAFE_FIX_CODES.has(problem.code)) continue;
    const safeFix = problem.fixes?.find((candidate) => candidate.safe && candidate.preferred) ?? problem.fixes?.find((candidate) => candidate.safe);
    if (!safeFix || !safeFix.edits.every((edit) => edit.kind === 'edit' && writable(edit.path) && read.files.has(edit.path))) continue;
    if (room && problem.code === ProblemCode.IndexUnlisted && !takeRoom(room, safeFix.edits)) continue;
    const paths: RootPath[] = [];
    for (const edit of safeFix.edits) {
      if (edit.kind !== 'edit') continue;
      const list = editsByPath.get(edit.path) ?? [];
      for (const textEdit of edit.edits) list.push(textEdit);
      editsByPath.set(edit.path, list);
      paths.push(edit.path);
    }
    fixes.push(paths);
  }
  const writes: PlannedWrite[] = [];
  const texts = new Map<RootPath, string>();
  const aliases = new Map<RootPath, RootPath>();
  const byTarget = new Map<string, PlannedWrite>();
  const encoder = new TextEncoder();
  for (const [path, edits] of editsByPath) {
    const file = read.files.get(path);
    const parsed = path === INDEX_FILE_NAME ? store.index : store.get(path);
    if (!file || !parsed) continue;
    const text = (parsed.hasBom ? '\uFEFF' : '') + applyTextEdits(parsed.text, edits);
    if (text === file.text) continue;
    texts.set(path, text);
    // The reader never enters a linked folder, so every path lies in the real root as it is written.
    const target = join(read.realRoot, ...(file.linkTarget ?? path).split('/'));
    const write = { path, target, expected: file.bytes, content: encoder.encode(text) };
    const same = byTarget.get(target);
    // Two different new texts for one file: the second is left for the next run, which plans from the first.
    if (same && Buffer.compare(same.content, write.content) === 0) aliases.set(path, same.path);
    else if (!same) byTarget.set(target, write);
    if (!same) writes.push(write);
  }
  return { writes, fixes, texts, aliases };
}
