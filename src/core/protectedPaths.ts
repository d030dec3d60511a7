import type { RootPath } from './types';

/**
 * Subfolders of a memory folder that Claude Code protects and that hold no memories: its memory
 * agents may delete `.md` files only "outside protected subdirectories like .git or agents"
 * (memory extraction and consolidation constraints, 2.1.219), and 2.1.328 keeps its own `logs/`,
 * `sessions/` and `proposals/` there, which it never lists as memories (read from the client's index
 * backfill and checked by running it). Dot folders hold tool state (.git, .obsidian) and were never read.
 */
export const PROTECTED_FOLDERS: readonly string[] = ['agents', 'logs', 'sessions', 'proposals'];

/** Whether `path` (root-relative) lies where no memory is: in a dot folder, a dot file, or a protected folder at the root. */
export function isOutsideMemory(path: RootPath): boolean {
  const segments = path.split('/');
  if (segments.some((segment) => segment.startsWith('.'))) return true;
  return segments.length > 1 && PROTECTED_FOLDERS.includes(segments[0].toLowerCase());
}
