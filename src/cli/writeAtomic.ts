import { randomBytes } from 'node:crypto';
import { rename, stat, unlink, writeFile, chmod } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces a file's content through a temporary file in the same folder and a rename, so a crash or a
 * full disk never leaves a half-written memory. The file's permission bits are kept.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
  let mode: number | undefined;
  try {
    mode = (await stat(path)).mode & 0o7777;
  } catch {
    // A new file: default permissions.
  }
  try {
    await writeFile(temporary, content, { encoding: 'utf8', flag: 'wx' });
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
