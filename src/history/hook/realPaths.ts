import { realpath } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Folders climbed at most to find one that exists; no real path is deeper. */
const MAX_CLIMB = 256;

/**
 * The real path of `path` whether or not it exists: the nearest existing folder on its way, links
 * followed, with the rest appended. A name for a memory through a link, `..` or `/proc/self/cwd` comes
 * out as the memory's own path. Throws nothing.
 */
export async function realish(path: string): Promise<string> {
  let rest: string[] = [];
  let at = path;
  for (let i = 0; i < MAX_CLIMB; i++) {
    const real = await realpath(at).catch(() => undefined);
    if (real !== undefined) return rest.length > 0 ? join(real, ...rest) : real;
    const up = dirname(at);
    if (up === at) return path;
    rest = [basename(at), ...rest];
    at = up;
  }
  return path;
}

/**
 * The names a file tool or a command may reach through `path`: as written, through its folder's real
 * path (a link to the folder or project), and through a final link (a write follows it, a delete does not).
 */
export async function namesOf(path: string): Promise<string[]> {
  const viaFolder = join(await realish(dirname(path)), basename(path));
  const whole = await realish(path);
  return [...new Set([path, viaFolder, whole])];
}
