import { posix } from 'node:path';
import type { Problem } from '../core';
import type { SkippedFile } from './readRoot';

/** One checked root: the ROOT argument as given, and what it held. */
export interface CheckedRoot {
  readonly argument: string;
  readonly memories: number;
  readonly problems: readonly Problem[];
  readonly skipped: readonly SkippedFile[];
  readonly fixed: number;
}

/** `ROOT` joined with the path inside it, `/`-separated, as the JSON and compiler lines print it. */
export function displayPath(rootArgument: string, path: string): string {
  return posix.join(rootArgument.replace(/\\/g, '/'), path);
}

export function formatHuman(roots: readonly CheckedRoot[]): string {
  const lines: string[] = [];
  let problems = 0;
  const bySeverity = new Map<string, number>();
  for (const root of roots) {
    for (const skip of root.skipped) lines.push(`${displayPath(root.argument, skip.path)}: skipped: ${skip.reason}`);
    for (const problem of root.problems) {
      problems++;
      bySeverity.set(problem.severity, (bySeverity.get(problem.severity) ?? 0) + 1);
      const { line, character } = problem.range.start;
      lines.push(`${displayPath(root.argument, problem.path)}:${line + 1}:${character + 1} ${problem.severity} ${problem.code} ${problem.message}`);
    }
  }
  const memories = roots.reduce((sum, root) => sum + root.memories, 0);
  const fixed = roots.reduce((sum, root) => sum + root.fixed, 0);
  const counts = ['error', 'warning', 'information', 'hint'].filter((s) => bySeverity.has(s)).map((s) => `${bySeverity.get(s)} ${s}`);
  const summary = [`${memories} ${memories === 1 ? 'memory' : 'memories'} in ${roots.length} ${roots.length === 1 ? 'root' : 'roots'}`,
    problems === 0 ? 'no problems' : `${problems} ${problems === 1 ? 'problem' : 'problems'} (${counts.join(', ')})`];
  if (fixed > 0) summary.push(`${fixed} fixed`);
  lines.push(summary.join(', '));
  return lines.join('\n');
}

export function formatJson(roots: readonly CheckedRoot[]): string {
  return JSON.stringify({
    roots: roots.map((root) => ({ path: root.argument, memories: root.memories, ...(root.fixed ? { fixed: root.fixed } : {}) })),
    problems: roots.flatMap((root) => root.problems.map((problem) => ({
      file: displayPath(root.argument, problem.path),
      line: problem.range.start.line + 1,
      column: problem.range.start.character + 1,
      code: problem.code,
      severity: problem.severity,
      message: problem.message,
    }))),
    skipped: roots.flatMap((root) => root.skipped.map((skip) => ({ file: displayPath(root.argument, skip.path), reason: skip.reason }))),
  }, null, 2);
}
