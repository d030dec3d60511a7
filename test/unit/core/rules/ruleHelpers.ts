import { MemoryStore, ProblemEngine, resolveTypeSet, type Problem, type ProblemCode, type ProblemEngineOptions } from '../../../../src/core';
import { readFixtureRoot } from '../../helpers/fixtures';

export const claudeTypes = resolveTypeSet('claude-code', []);

/**
 * Problems without `description-vague`: fixtures of other rules describe memories in a word ("first",
 * "a 설명"), which that hint rightly calls vague but which is not what those tests are about.
 */
export function withoutVague<P extends { readonly code: ProblemCode }>(problems: Iterable<P>): P[] {
  return [...problems].filter((problem) => problem.code !== ('description-vague' as ProblemCode));
}

/** A checked engine over a store holding `files`. */
export function checkedEngine(files: ReadonlyMap<string, string>, options: Partial<ProblemEngineOptions> = {}): ProblemEngine {
  const store = new MemoryStore();
  for (const [path, text] of files) store.update(path, text);
  const engine = new ProblemEngine(store, { typeSet: claudeTypes, ...options });
  engine.checkAll();
  return engine;
}

export function fixtureEngine(root: string): { files: Map<string, string>; engine: ProblemEngine } {
  const files = readFixtureRoot(root);
  return { files, engine: checkedEngine(files) };
}

/** The one problem with `code` on `path`; fails when there is not exactly one. */
export function only(engine: ProblemEngine, path: string, code: ProblemCode): Problem {
  const found = engine.problemsFor(path).filter((problem) => problem.code === code);
  if (found.length !== 1) throw new Error(`expected one ${code} on ${path}, found ${found.length}`);
  return found[0];
}

/** Every problem as `[path, code, start line, start character, end line, end character]`, sorted. */
export function positions(engine: ProblemEngine): [string, string, number, number, number, number][] {
  return [...engine.allProblems()]
    .map((p): [string, string, number, number, number, number] => [p.path, p.code, p.range.start.line, p.range.start.character, p.range.end.line, p.range.end.character])
    .sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1));
}
