import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

// Missing on Windows: there the flag is not asked for.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** History may hold secrets a memory held: its folders are the user's alone. */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** A folder of ours: created private, and refused when something put a link or a file in its place. */
export async function ensureDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: DIR_MODE });
  const info = await lstat(path);
  if (!info.isDirectory()) throw Object.assign(new Error(`not a folder: ${path}`), { code: 'ENOTDIR' });
}

/** Replaces `path` whole with `bytes`, through a temporary file in the same folder and a rename. */
export async function writeAtomic(folder: string, name: string, bytes: Uint8Array | string): Promise<void> {
  const temporary = join(folder, `.tmp-${randomBytes(6).toString('hex')}`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, FILE_MODE);
    await handle.writeFile(bytes);
    await handle.close();
    handle = undefined;
    await rename(temporary, join(folder, name));
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * Appends `line` with one write to a file opened for appending: the kernel places each such write at
 * the end whole, so the hook's process and the extension appending at once interleave lines, never bytes.
 */
export async function appendLine(path: string, line: string): Promise<void> {
  const bytes = Buffer.from(line, 'utf8');
  const handle = await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW, FILE_MODE);
  try {
    const { bytesWritten } = await handle.write(bytes, 0, bytes.length);
    if (bytesWritten !== bytes.length) throw Object.assign(new Error('short write'), { code: 'EIO' });
  } finally {
    await handle.close();
  }
}

/** The file's bytes, or undefined when it is missing, not a regular file, or unreadable. Never follows a final link. */
export async function readOwnFile(path: string): Promise<Buffer | undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
    if (!(await handle.stat()).isFile()) return undefined;
    return await handle.readFile();
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

export { readFile };
