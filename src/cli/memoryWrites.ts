import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readMemoryBytes } from '../history/hook/memoryFiles';
import { pathLandsInside } from '../reader/realLocation';
import { writeLanding } from '../language/editsStayInside';
import { writeIfUnchanged } from './safeWrite';

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * The review command's writes into a memory root: each lands inside the root's real path (a folder
 * link leading out is refused), replaces a file only while it still holds the bytes the plan was made
 * from, and never follows a final link. Each returns why it did not write, or undefined once done.
 */
export async function replaceMemory(realRoot: string, path: string, expected: Uint8Array, content: Uint8Array): Promise<string | undefined> {
  const target = await targetInside(realRoot, path);
  if (typeof target !== 'string') return target.why;
  const reason = await writeIfUnchanged({ path, target, expected, content });
  return reason ? (reason.kind === 'failed' ? reason.code : reason.kind) : undefined;
}

/** Why a write was refused when a folder on its way leads elsewhere: a link out of the root, or one to nothing. */
export const LINK_LEAVES = 'a folder on its way is a link leading out of the folder or nowhere';

/** Creates `path` holding `content`; refuses when something is already there. */
export async function createMemory(realRoot: string, path: string, content: Uint8Array): Promise<string | undefined> {
  const folder = dirname(join(realRoot, ...path.split('/')));
  const parentReal = await realpath(folder).catch(() => undefined);
  if (parentReal === undefined) {
    // The folder went with the file (a team/ subfolder removed): made again, inside the root. A link
    // left in its place that leads nowhere counts as leaving: mkdir would fail on it, or make its target.
    if (!(await pathLandsInside(realRoot, folder))) return LINK_LEAVES;
    try {
      await mkdir(folder, { recursive: true });
    } catch (error) {
      return (error as NodeJS.ErrnoException).code ?? 'failed';
    }
  }
  const target = await targetInside(realRoot, path);
  if (typeof target !== 'string') return target.why;
  const temporary = join(dirname(target), `.ms-${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o644);
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
    if (await lstat(target).then(() => true, () => false)) {
      await unlink(temporary).catch(() => undefined);
      return 'exists';
    }
    await rename(temporary, target);
    return undefined;
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    return (error as NodeJS.ErrnoException).code ?? 'failed';
  }
}

/** Deletes `path` if it still holds exactly `expected`. */
export async function removeMemory(realRoot: string, path: string, expected: Uint8Array): Promise<string | undefined> {
  const target = await targetInside(realRoot, path);
  if (typeof target !== 'string') return target.why;
  const now = await readMemoryBytes(target);
  if (!now || Buffer.compare(Buffer.from(now), Buffer.from(expected)) !== 0) return 'changed-on-disk';
  try {
    await unlink(target);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'failed';
  }
}

async function targetInside(realRoot: string, path: string): Promise<string | { why: string }> {
  const target = await writeLanding(realRoot, join(realRoot, ...path.split('/')));
  if (target === undefined) return { why: LINK_LEAVES };
  const info = await lstat(target).catch(() => undefined);
  if (info && !info.isFile()) return { why: 'not-a-file' };
  return target;
}
