import { formatText, type Severity } from '../core';
import { hidesMemory, skipMessage } from '../reader';
import { displayPath, formatHuman, notWrittenMessage, type CheckedRoot } from './format';
import { terminalSafe } from './terminalText';

/** GitHub shows three kinds of annotation; information and hint are both notices. */
export function annotationKind(severity: Severity): 'error' | 'warning' | 'notice' {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'notice';
}

/** A workflow command's message: `%`, CR and LF would end or corrupt the command. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value: also `:` and `,`, which would end the value. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(kind: string, properties: Readonly<Record<string, string | number>>, message: string): string {
  // A file name is a stranger's text too: its control characters are escaped visibly before the
  // property escapes, so none reaches the log raw (a name holding ESC could recolour or rewrite the line).
  const props = Object.entries(properties).map(([key, value]) => `${key}=${escapeProperty(terminalSafe(String(value)))}`).join(',');
  // Control characters are escaped visibly first, as in the text output: the log is a terminal too.
  return `::${kind} ${props}::${escapeData(terminalSafe(message))}`;
}

/**
 * GitHub Actions workflow commands, one per problem, so each appears as an annotation on the pull
 * request's diff; then the text output's summary line as plain log text.
 */
export function formatGithub(roots: readonly CheckedRoot[]): string {
  const lines: string[] = [];
  for (const root of roots) {
    for (const skip of root.skipped) {
      if (!hidesMemory(skip.reason)) lines.push(command('notice', { file: displayPath(root.argument, skip.path), title: 'skipped' }, formatText(skipMessage(skip.reason))));
    }
    for (const problem of root.problems) {
      const { start, end } = problem.range;
      lines.push(command(annotationKind(problem.severity), {
        file: displayPath(root.argument, problem.path),
        line: start.line + 1,
        col: start.character + 1,
        endLine: end.line + 1,
        endColumn: end.character + 1,
        title: problem.code,
      }, problem.message));
    }
    for (const left of root.notWritten) lines.push(command('warning', { file: displayPath(root.argument, left.path), title: 'not written' }, notWrittenMessage(left.reason)));
  }
  const human = formatHuman(roots).split('\n');
  lines.push(human[human.length - 1]);
  return lines.join('\n');
}
