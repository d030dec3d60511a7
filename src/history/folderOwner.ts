import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Why a history folder someone named (MEMORY_SHELF_HISTORY_DIR) is not safe to keep approvals in, as
 * ssh judges `~/.ssh`: the folder must be the user's and writable by nobody else, and every folder above
 * it the user's or root's and not writable by others (unless sticky, like /tmp, where others cannot
 * move it away). Another user who could write there could forge approvals or swap old versions.
 * Undefined when it is safe, or where ownership means nothing to check (Windows).
 */
export function unsafeHistoryFolder(dir: string): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  let existing = dir;
  while (!exists(existing)) {
    const up = dirname(existing);
    if (up === existing) return undefined;
    existing = up;
  }
  let at: string;
  try {
    at = realpathSync(existing);
  } catch {
    return `${existing} cannot be resolved`;
  }
  const own = existing === dir;
  for (let first = true; ; first = false) {
    const info = lstatSync(at, { throwIfNoEntry: false });
    if (info) {
      const why = first && own ? notPrivate(info, uid) : notGuarded(info, uid);
      if (why) return `${first ? 'the history folder' : 'a folder above the history folder'} ${at} is ${why}`;
    }
    const up = dirname(at);
    if (up === at) return undefined;
    at = up;
  }
}

function exists(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
}

/** The history folder itself: the user's, and nobody else's to write. */
function notPrivate(info: Stats, uid: number): string | undefined {
  if (info.uid !== uid) return `owned by another user (uid ${info.uid})`;
  if ((info.mode & 0o022) !== 0) return `writable by group or others (mode ${mode(info)}; chmod 700 makes it private)`;
  return undefined;
}

/** A folder above it (or the one it will be made in): the user's or root's, and not open to others' writes unless sticky. */
function notGuarded(info: Stats, uid: number): string | undefined {
  if (info.uid !== uid && info.uid !== 0) return `owned by another user (uid ${info.uid})`;
  if ((info.mode & 0o022) !== 0 && (info.mode & 0o1000) === 0) return `writable by group or others (mode ${mode(info)})`;
  return undefined;
}

function mode(info: Stats): string {
  return (info.mode & 0o7777).toString(8).padStart(4, '0');
}
