import { isAbsolute, join, relative, resolve } from 'node:path';

/** What decides where history lives; the process's own values unless a test gives others. */
export interface HistoryLocationInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly homeDir: string;
}

/**
 * The folder history lives in: `MEMORY_SHELF_HISTORY_DIR` when set, else the platform's place for an
 * application's own state. Never a folder Claude Code reads: not inside a memory root and not under its
 * config folder, because the history keeps what agents deleted and what a person rejected.
 */
export function historyDir(input: HistoryLocationInput): string {
  const { env, platform, homeDir } = input;
  const override = env['MEMORY_SHELF_HISTORY_DIR'];
  if (override) return resolve(override);
  if (platform === 'win32') return join(env['LOCALAPPDATA'] || join(homeDir, 'AppData', 'Local'), 'memory-shelf', 'history');
  if (platform === 'darwin') return join(homeDir, 'Library', 'Application Support', 'memory-shelf', 'history');
  const state = env['XDG_STATE_HOME'];
  // The XDG spec says a relative value is invalid and to be ignored.
  return join(state && isAbsolute(state) ? state : join(homeDir, '.local', 'state'), 'memory-shelf', 'history');
}

/** Whether `inner` is `outer` or lies inside it (both absolute, already real paths where it matters). */
export function isInside(inner: string, outer: string): boolean {
  const path = relative(outer, inner);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}
