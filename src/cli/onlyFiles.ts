import type { CheckedRoot } from './checkRoot';

/** The root's result with only the given files' problems and skips (`--files`). */
export function onlyFiles(root: CheckedRoot, files: ReadonlySet<string>): CheckedRoot {
  return {
    ...root,
    problems: root.problems.filter((problem) => files.has(problem.path)),
    skipped: root.skipped.filter((skip) => files.has(skip.path)),
  };
}
