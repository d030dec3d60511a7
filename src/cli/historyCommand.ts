import { realpath } from 'node:fs/promises';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { History, redactSecretBytes } from '../history';
import { isInside } from '../history/location';
import { terminalSafe } from './terminalText';

export const HISTORY_USAGE = `Usage: memory-shelf history [where|size|prune [--max-mb N]|clear [--root ROOT]]
       memory-shelf history purge-secret FILE [--dry-run]

Memory Shelf keeps every version of every memory it sees, outside every folder an agent reads
(see docs/cli.md, "History, review and the Claude Code hook"). \`where\` prints the folder (MEMORY_SHELF_HISTORY_DIR overrides it),
\`size\` what it takes, \`prune\` brings it under N MB (default 100; approved versions are kept),
\`clear\` deletes it, or only ROOT's history with --root. \`purge-secret\` replaces every version of FILE
(a memory, even a deleted one) in which the secret rule finds a credential with a copy where it reads
<redacted>, so no restore brings it back: run it once you have redacted (and rotated) the secret. It
never prints the secret; --dry-run says how many versions hold one.`;

export type HistoryOptions =
  | { readonly action: 'where' | 'size' }
  | { readonly action: 'prune'; readonly maxMb: number }
  | { readonly action: 'clear'; readonly root?: string }
  | { readonly action: 'purge-secret'; readonly file: string; readonly dryRun: boolean };

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
  if (action === 'purge-secret') {
    const dryRun = flags.includes('--dry-run');
    const files = flags.filter((flag) => flag !== '--dry-run');
    if (files.length !== 1 || files[0].startsWith('-')) throw new HistoryUsageError('history purge-secret takes one FILE');
    return { action, file: files[0], dryRun };
  }
  throw new HistoryUsageError(`unknown history action "${action}" (where, size, prune, clear or purge-secret)`);
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
    case 'purge-secret':
      return purgeSecret(history, resolve(cwd, options.file), options.dryRun);
  }
}

async function purgeSecret(history: History, file: string, dryRun: boolean): Promise<number> {
  // The file may be gone (a deleted memory): its folder's real path places it.
  const folder = await realpath(dirname(file)).catch(() => undefined);
  const real = folder === undefined ? undefined : resolve(folder, basename(file));
  const root = real === undefined ? undefined : (await history.roots()).filter((candidate) => isInside(real, candidate.path) && real !== candidate.path).sort((a, b) => b.path.length - a.path.length)[0];
  if (real === undefined || root === undefined) {
    process.stderr.write(`memory-shelf: ${terminalSafe(file)} is in no memory folder the history knows\n`);
    return 1;
  }
  const path = relative(root.path, real).split(sep).join('/');
  const count = await history.purgeVersions(root.path, path, redactSecretBytes, dryRun);
  const versions = `${count} ${count === 1 ? 'version' : 'versions'} of ${terminalSafe(path)}`;
  if (count === 0) process.stdout.write(`memory-shelf: no version of ${terminalSafe(path)} in the history holds a secret\n`);
  else if (dryRun) process.stdout.write(`memory-shelf: ${versions} in the history hold a secret; run without --dry-run to replace them with redacted copies\n`);
  else process.stdout.write(`memory-shelf: replaced ${versions} in the history with copies where the secret reads <redacted>\n`);
  return 0;
}
