import { splitShellLine, type ShellWord } from './shellWords';

/** A decision only a person may take, as the command line would take it. */
export type ReviewAction = 'review --approve' | 'review --reject' | 'review --restore' | 'history clear';

/** Nested command lines (`bash -c "…"`, `eval`, `$(…)`) followed this deep; deeper counts as a decision. */
const MAX_DEPTH = 4;

/** Programs whose operands are command lines they run. */
const LINE_RUNNERS: ReadonlySet<string> = new Set(['eval', 'ssh', 'watch', 'su', 'script', 'flock', 'nohup', 'setsid', 'runuser', 'cmd', 'cmd.exe', 'invoke-expression', 'iex', 'start-process']);
/** The option before a command line: `sh -c`, `bash -lc`, `pwsh -Command`, `cmd /c`. */
const COMMAND_OPTION = /^(-[a-z]*c|-command|-encodedcommand|\/c|\/k)$/i;

const REVIEW_FLAGS: Readonly<Record<string, ReviewAction>> = { '--approve': 'review --approve', '--reject': 'review --reject', '--restore': 'review --restore' };

/**
 * The decisions of `memory-shelf review` and `history clear` that a shell command takes, if any:
 * approving, rejecting or restoring a memory, or wiping the history that shows what the agent changed.
 * With the gate on, an agent must not take them for itself (it would approve its own changes), so the
 * hook refuses such a command. Memory Shelf is recognised by any word naming it, however it is run:
 * `memory-shelf`, `npx memory-shelf@1`, `node …/bin/cli.js` (the plugin's bundle), `./cli.js`, a
 * word the reader cannot resolve (`$CLI`); inside `bash -c`, `eval` and `$(…)` too. A decision that
 * cannot be read (an option held in a variable, words fed through xargs) counts as one. Best effort,
 * as every reading of a shell line is: a script file the agent wrote and then runs is not read.
 */
export function reviewActionsIn(command: string, dialect?: 'bash' | 'powershell'): ReviewAction[] {
  const found = new Set<ReviewAction>();
  read(command, dialect === 'powershell' ? '`' : '\\', 0, found);
  return [...found];
}

function read(line: string, escape: '\\' | '`', depth: number, found: Set<ReviewAction>): void {
  if (depth > MAX_DEPTH) {
    if (/memory-shelf|cli\.[cm]?js/i.test(line) && /\b(review|history)\b/.test(line)) found.add('review --approve');
    return;
  }
  // Variables stay unresolved: a word that uses one is `dynamic`, and may name anything.
  const parsed = splitShellLine(line, () => undefined, escape);
  for (const nested of parsed.nested) read(nested, escape, depth + 1, found);
  for (const { words } of parsed.commands) {
    const viaXargs = words.some((word) => baseName(word.text) === 'xargs');
    const runsLines = words.some((word) => LINE_RUNNERS.has(baseName(word.text)));
    for (let i = 0; i < words.length; i++) {
      // A word holding a command line (`bash -c '…'`, `eval "…"`, `ssh host '…'`) is read as one; a
      // commit message or an echo that mentions Memory Shelf is not.
      if (i > 0 && (runsLines || COMMAND_OPTION.test(words[i - 1].text))) read(words[i].text, escape, depth + 1, found);
      if (!namesMemoryShelf(words[i])) continue;
      decisions(words.slice(i + 1), viaXargs, found);
    }
  }
}

/** The decisions of the words after the program: its command, then that command's options and operands. */
function decisions(args: readonly ShellWord[], viaXargs: boolean, found: Set<ReviewAction>): void {
  const at = args.findIndex((word) => word.dynamic || !word.text.startsWith('-'));
  const command = args[at];
  if (!command) return;
  const rest = args.slice(at + 1);
  const unreadable = viaXargs || command.dynamic || rest.some((word) => word.dynamic);
  if (command.dynamic) {
    if (unreadable) found.add('review --approve');
    return;
  }
  if (command.text === 'review') {
    for (const word of rest) {
      const flag = REVIEW_FLAGS[word.text.split('=')[0]];
      if (flag) found.add(flag);
    }
    if (unreadable) found.add('review --approve');
  } else if (command.text === 'history') {
    if (rest.some((word) => word.text === 'clear') || unreadable) found.add('history clear');
  }
}

/** Whether a word runs Memory Shelf: its command, its package, its bundled CLI, or a word of unknown value. */
function namesMemoryShelf(word: ShellWord): boolean {
  if (word.dynamic) return true;
  const name = baseName(word.text).toLowerCase();
  return /^(@[^/]+\/)?memory-shelf(@[^/]*)?(\.(cmd|exe|ps1|[cm]?js))?$/.test(name) || /^cli\.[cm]?js$/.test(name);
}

function baseName(text: string): string {
  const parts = text.split(/[\\/]/);
  return parts[parts.length - 1] ?? text;
}
