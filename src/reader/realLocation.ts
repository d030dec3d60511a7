import { lstat, realpath } from 'node:fs/promises';
import * as path from 'node:path';

/**
 * Where a write really lands, for a repository whose folders and files may be symbolic links: a text
 * check of a path (no `..`) does not see `memory/notes -> ~/.claude`. Node-only, shared by the
 * extension's edit applier and the language server.
 */

function isInside(root: string, real: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * Whether writing (creating, renaming to, editing) `target` lands inside `container`'s real path: the
 * nearest existing entry on the way to `target` is resolved, and must resolve. A dangling link counts
 * as leaving (a file created "at" it would be made wherever it points).
 */
export async function pathLandsInside(container: string, target: string): Promise<boolean> {
  // The container itself may not exist yet (a new `memory/`): it is judged the same way.
  const root = await realLocation(container);
  const real = await realLocation(target);
  return root !== undefined && real !== undefined && isInside(root, real);
}

/**
 * Where `p` is or would be once links are followed: the real path of its nearest existing entry, with
 * the part that does not exist yet (no links in it) joined on. `undefined` when that entry is a link
 * leading nowhere.
 */
async function realLocation(p: string): Promise<string | undefined> {
  const missing: string[] = [];
  let existing = p;
  for (;;) {
    if (await lstat(existing).then(() => true, () => false)) {
      const real = await realpath(existing).catch(() => undefined);
      return real === undefined ? undefined : path.join(real, ...missing.reverse());
    }
    const parent = path.dirname(existing);
    if (parent === existing) return undefined;
    missing.push(path.basename(existing));
    existing = parent;
  }
}
