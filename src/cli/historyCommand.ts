import { resolve } from 'node:path';
import { History } from '../history';
import { terminalSafe } from './terminalText';

export const HISTORY_USAGE = `Usage: memory-shelf history [where|size|prune [--max-mb N]|clear [--root ROOT]]

Memory Shelf keeps every version of every memory it sees, outside every folder an agent reads
(see "History" in the README). \`where\` prints the folder (MEMORY_SHELF_HISTORY_DIR overrides it),
\`size\` what it takes, \`prune\` brings it under N MB (default 100; approved versions are kept),
\`clear\` deletes it, or only ROOT's history with --root.`;

export type HistoryOptions = { readonly action: 'where' | 'size' } | { readonly action: 'prune'; readonly maxMb: number } | { readonly action: 'clear'; readonly root?: string };

export class HistoryUsageError extends Error {}

export function parseHistoryArgs(rest: readonly string[]): HistoryOptions | { readonly help: true } {
  const [action = 'where', ...flags] = rest;
  if (action === '--help' || action === '-h' || flags.includes('--help')) return { help: true };
  if (action === 'where' || action === 'size') {
    if (flags.length > 0) throw new HistoryUsageError(`history ${action} takes no options`);
    return { action };
  }
  if (action === 'prune') {
    if (flags.length === 0) return { action, maxMb: 100 };
    const mb = Number(flags[1]);
    if (flags[0] !== '--max-mb' || flags.length !== 2 || !(mb > 0)) throw new HistoryUsageError('history prune takes --max-mb N');
    return { action, maxMb: mb };
  }
  if (action === 'clear') {
    if (flags.length === 0) return { action };
    if (flags[0] !== '--root' || flags.length !== 2) throw new HistoryUsageError('history clear takes --root ROOT');
    return { action, root: flags[1] };
  }
  throw new HistoryUsageError(`unknown history action "${action}" (where, size, prune or clear)`);
}

export async function historyCommand(options: HistoryOptions, cwd: string): Promise<number> {
  const history = History.open();
  switch (options.action) {
    case 'where':
      process.stdout.write(`${terminalSafe(history.dir)}\n`);
      return 0;
    case 'size':
      process.stdout.write(`${((await history.size()) / 1024 / 1024).toFixed(1)} MB in ${terminalSafe(history.dir)}\n`);
      return 0;
    case 'prune': {
      const report = await history.prune(options.maxMb * 1024 * 1024);
      process.stdout.write(`${(report.before / 1024 / 1024).toFixed(1)} MB -> ${(report.after / 1024 / 1024).toFixed(1)} MB, ${report.removedBlobs} versions removed\n`);
      return 0;
    }
    case 'clear':
      await history.clear(options.root === undefined ? undefined : resolve(cwd, options.root));
      process.stdout.write(`memory-shelf: cleared ${options.root === undefined ? 'the history' : `the history of ${terminalSafe(options.root)}`} in ${terminalSafe(history.dir)}\n`);
      return 0;
  }
}
