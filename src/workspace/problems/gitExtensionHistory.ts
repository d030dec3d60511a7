import * as vscode from 'vscode';
import type { CalendarDate, LineHistory, LineRecord } from '../../core';

/** The parts of VS Code's git extension API (extensions/git/src/api/git.d.ts) this reads. */
interface GitExtension {
  getAPI(version: 1): GitApi;
}
interface GitApi {
  getRepository(uri: vscode.Uri): GitRepository | null;
}
interface GitRepository {
  /** `git blame -- path` in its default format. */
  blame(path: string): Promise<string>;
}

/**
 * The version history of each line of `uri` through VS Code's git extension (`git blame`), for the
 * relative-date rule's `lineHistory`: the anchor after the text's own dates and before the file time.
 * Undefined when the git extension is missing or disabled, the file is in no repository, or git does
 * not track it. Core is synchronous, so an adapter awaits this once per file (when it opens or is
 * saved) and hands the result to the rule; a line edited since is not matched (its text differs).
 */
export async function gitExtensionLineHistory(uri: vscode.Uri): Promise<LineHistory | undefined> {
  try {
    const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
    if (!extension) return undefined;
    const git = (extension.isActive ? extension.exports : await extension.activate()).getAPI(1);
    const repository = git.getRepository(uri);
    if (!repository) return undefined;
    return parseDefaultBlame(await repository.blame(uri.fsPath));
  } catch {
    // Untracked files, a disabled extension, a repository still opening: no history, not an error.
    return undefined;
  }
}

// `^1a2b3c4 (Ada Lovelace 2026-03-25 10:00:00 +0900  12) text`: the author's date is in their own zone,
// which is what their "today" meant. A file name column appears after the hash when the file moved.
const BLAME_LINE = /^\^?([0-9a-f]+)\s+(?:\S+\s+)?\((.*?)\s(\d{4})-(\d{2})-(\d{2}) \d{2}:\d{2}:\d{2} [+-]\d{4}\s+(\d+)\) ?(.*)$/;

/** Default-format `git blame` output as each line's text and day; uncommitted lines have no record. */
export function parseDefaultBlame(output: string): LineHistory {
  const records: (LineRecord | undefined)[] = [];
  for (const line of output.split('\n')) {
    const match = BLAME_LINE.exec(line);
    if (!match || /^0+$/.test(match[1])) continue;
    const day: CalendarDate = { year: Number(match[3]), month: Number(match[4]), day: Number(match[5]) };
    records[Number(match[6]) - 1] = { text: match[7].replace(/\r$/, ''), day };
  }
  return records;
}
