import { join, resolve } from 'node:path';
import {
  applyTextEdits, documentationMatcher, INDEX_FILE_NAME, MemoryStore, ProblemCode, ProblemEngine, relativeDate, secret, type Problem, type RootPath, type TextEdit, type TypeSet,
} from '../core';
import type { CheckedRoot } from './format';
import { gitLineHistory } from './gitHistory';
import { readRoot } from './readRoot';
import { writeFileAtomic } from './writeAtomic';

/** The fixes `--fix` applies without a person looking: both only add or replace text they computed. */
const SAFE_FIX_CODES: ReadonlySet<ProblemCode> = new Set([ProblemCode.IndexUnlisted, ProblemCode.RelativeDate]);

/** Reads, checks and (with `fix`) repairs one root. Throws only when the root itself cannot be read. */
export async function checkRoot(argument: string, cwd: string, typeSet: TypeSet, fix: boolean, exclude: readonly string[] = []): Promise<CheckedRoot> {
  const folder = resolve(cwd, argument);
  const { files, skipped } = await readRoot(folder);
  const store = new MemoryStore();
  for (const [path, file] of files) store.update(path, file.text);
  const check = (): ProblemEngine => {
    const engine = new ProblemEngine(store, {
      typeSet,
      modifiedTime: (path) => files.get(path)?.mtimeMs,
      lineHistory: gitLineHistory(folder),
      textRules: [relativeDate, secret],
      exclude,
    });
    engine.checkAll();
    return engine;
  };
  let engine = check();
  let fixed = 0;
  if (fix) {
    // Sorted, so entries appended to MEMORY.md come in file order, the same on every run.
    const edited = await applySafeFixes(folder, store, sortProblems([...engine.allProblems()]));
    fixed = edited.fixes;
    for (const [path, text] of edited.texts) store.update(path, text);
    if (edited.texts.size > 0) engine = check();
  }
  const isDocumentation = documentationMatcher(exclude);
  const memories = [...store.memories()].filter((memory) => !isDocumentation(memory.path)).length;
  return { argument, memories, problems: sortProblems([...engine.allProblems()]), skipped, fixed };
}

/**
 * Applies every safe fix, file by file, through an atomic write. A file whose frontmatter does not
 * parse is never written: whatever the fix, a person has to look at it first.
 */
async function applySafeFixes(folder: string, store: MemoryStore, problems: readonly Problem[]): Promise<{ texts: Map<RootPath, string>; fixes: number }> {
  const editsByPath = new Map<RootPath, TextEdit[]>();
  let fixes = 0;
  for (const problem of problems) {
    if (!SAFE_FIX_CODES.has(problem.code)) continue;
    const safeFix = problem.fixes?.find((candidate) => candidate.safe && candidate.preferred) ?? problem.fixes?.find((candidate) => candidate.safe);
    if (!safeFix || !safeFix.edits.every((edit) => edit.kind === 'edit' && isWritable(store, edit.path))) continue;
    for (const edit of safeFix.edits) {
      if (edit.kind !== 'edit') continue;
      const list = editsByPath.get(edit.path) ?? [];
      list.push(...edit.edits);
      editsByPath.set(edit.path, list);
    }
    fixes++;
  }
  const texts = new Map<RootPath, string>();
  for (const [path, edits] of editsByPath) {
    const original = path === INDEX_FILE_NAME ? store.index : store.get(path);
    if (!original) continue;
    const text = applyTextEdits(original.text, edits);
    await writeFileAtomic(join(folder, path), (original.hasBom ? '\uFEFF' : '') + text);
    texts.set(path, (original.hasBom ? '\uFEFF' : '') + text);
  }
  return { texts, fixes };
}

function isWritable(store: MemoryStore, path: RootPath): boolean {
  if (path === INDEX_FILE_NAME) return store.index !== undefined;
  return store.get(path)?.frontmatter.status === 'ok';
}

function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.path.localeCompare(b.path) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
