import { lstat, readlink, realpath } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathLandsInside } from '../reader/realLocation';

/**
 * Whether `hook install`/`uninstall` may write `file`, said before the file is read, so that a refusal
 * (and `--dry-run`) never prints a line of a file that is not this project's: a committed
 * `.claude -> ../other/.claude` would otherwise put this machine's hook into another project's
 * settings. A settings file that is itself a link is refused too: replacing it would turn the link
 * into a file, and writing through it edits a file the user keeps elsewhere on purpose.
 */
export async function settingsRefusal(file: string, project: string | undefined): Promise<string | undefined> {
  const info = await lstat(file).catch(() => undefined);
  if (info?.isSymbolicLink()) {
    return `it is a link to ${await linkTarget(file)}; Memory Shelf writes a settings file only where it is, not through a link: install into the file it leads to yourself, or replace the link with a file`;
  }
  if (project === undefined || (await pathLandsInside(project, file))) return undefined;
  const folder = dirname(file);
  return `${folder} is a link to ${await linkTarget(folder)}, outside the project ${resolve(project)}; not changing another folder's settings (install with --user, or replace the link with a folder)`;
}

/** Where a link leads: its real path, or what it names when that leads nowhere. */
async function linkTarget(link: string): Promise<string> {
  const real = await realpath(link).catch(() => undefined);
  if (real !== undefined) return real;
  const named = await readlink(link).catch(() => '?');
  return `${named} (which does not exist)`;
}
