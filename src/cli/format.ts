import { posix } from 'node:path';
import { formatText, ruleDocsUrl } from '../core';
import { hidesMemory, skipMessage } from '../reader';
import type { CheckedRoot } from './checkRoot';
import type { NotWrittenReason } from './safeWrite';
import { terminalSafe } from './terminalText';

export type { CheckedRoot } from './checkRoot';

/** `ROOT` joined with the path inside it, `/`-separated, as the JSON and compiler lines print it. */
export function displayPath(rootArgument: string, path: string): string {
  return posix.join(rootArgument.replace(/\\/g, '/'), path);
}

/** Why `--fix` left a file alone, in words. */
export function notWrittenMessage(reason: NotWrittenReason): string {
  switch (reason.kind) {
    case 'changed-on-disk':
      return 'not written: the file changed on disk after it was read; run --fix again';
    case 'read-only':
      return 'not written: the file (or its folder) is read-only for you';
    case 'other-owner':
      return 'not written: the file belongs to another user';
    case 'outside-project':
      return 'not written: the memory folder leads outside the project through a symbolic link';
    case 'failed':
      return `not written: ${reason.code}`;
  }
}

/**
 * Compiler-style lines and a summary. Everything taken from the folder (file names, messages quoting
 * frontmatter) is printed with its control characters escaped, so no file can steer the terminal.
 */
export function formatHuman(roots: readonly CheckedRoot[]): string {
  const lines: string[] = [];
  let problems = 0;
  const bySeverity = new Map<string, number>();
  for (const root of roots) {
    const where = shownPaths(root.argument, terminalSafe);
    for (const skip of root.skipped) {
      if (!hidesMemory(skip.reason)) lines.push(`${where(skip.path)}: skipped: ${terminalSafe(formatText(skipMessage(skip.reason)))}`);
    }
    for (const problem of root.problems) {
      problems++;
      bySeverity.set(problem.severity, (bySeverity.get(problem.severity) ?? 0) + 1);
      const { line, character } = problem.range.start;
      lines.push(`${where(problem.path)}:${line + 1}:${character + 1} ${problem.severity} ${problem.code} ${terminalSafe(problem.message)}`);
    }
    for (const left of root.notWritten) lines.push(`${where(left.path)}: ${notWrittenMessage(left.reason)}`);
  }
  // Each code found, once, with its page: what it means and what to do, as a linter's rule ids lead to theirs.
  const codes = [...new Set(roots.flatMap((root) => root.problems.map((problem) => problem.code)))].sort();
  for (const code of codes) lines.push(`${code}: ${ruleDocsUrl(code)}`);
  const memories = roots.reduce((sum, root) => sum + root.memories, 0);
  const fixed = roots.reduce((sum, root) => sum + root.fixed, 0);
  const unwritten = roots.reduce((sum, root) => sum + root.notWritten.length, 0);
  const counts = ['error', 'warning', 'information', 'hint'].filter((s) => bySeverity.has(s)).map((s) => `${bySeverity.get(s)} ${s}`);
  const summary = [`${memories} ${memories === 1 ? 'memory' : 'memories'} in ${roots.length} ${roots.length === 1 ? 'root' : 'roots'}`,
    problems === 0 ? 'no problems' : `${problems} ${problems === 1 ? 'problem' : 'problems'} (${counts.join(', ')})`];
  if (fixed > 0) summary.push(`${fixed} fixed`);
  if (unwritten > 0) summary.push(`${unwritten} ${unwritten === 1 ? 'file' : 'files'} not written`);
  lines.push(summary.join(', '));
  return lines.join('\n');
}

/**
 * How one root's files are printed, worked out once per file: a file has many problems (64,000 for
 * 20,000 memories), and joining the path again for each was a fifth of formatting the JSON.
 */
function shownPaths(rootArgument: string, show: (displayed: string) => string = (displayed) => displayed): (path: string) => string {
  const known = new Map<string, string>();
  return (path) => {
    let shown = known.get(path);
    if (shown === undefined) known.set(path, (shown = show(displayPath(rootArgument, path))));
    return shown;
  };
}

export function formatJson(roots: readonly CheckedRoot[]): string {
  return JSON.stringify({
    roots: roots.map((root) => ({ path: root.argument, memories: root.memories, ...(root.fixed ? { fixed: root.fixed } : {}) })),
    problems: roots.flatMap((root) => {
      const file = shownPaths(root.argument);
      return root.problems.map((problem) => ({
        file: file(problem.path),
        line: problem.range.start.line + 1,
        column: problem.range.start.character + 1,
        code: problem.code,
        severity: problem.severity,
        message: problem.message,
      }));
    }),
    skipped: roots.flatMap((root) => root.skipped.map((skip) => ({ file: displayPath(root.argument, skip.path), reason: skip.reason.kind, message: formatText(skipMessage(skip.reason)) }))),
    notWritten: roots.flatMap((root) => root.notWritten.map((left) => ({ file: displayPath(root.argument, left.path), reason: left.reason.kind, message: notWrittenMessage(left.reason) }))),
  }, null, 2);
}
