import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RootPath } from '../core';
import { errorCode } from '../reader/errorCode';

/** One file `--fix` means to replace, planned before anything is written. */
export interface PlannedWrite {
  readonly path: RootPath;
  /** The regular file to replace: the file itself, or the file a link inside the root leads to. */
  readonly target: string;
  /** The bytes the new content was made from; the file must still hold exactly these. */
  readonly expected: Uint8Array;
  readonly content: Uint8Array;
}

export type NotWrittenReason =
  | { readonly kind: 'changed-on-disk' }
  | { readonly kind: 'read-only' }
  | { readonly kind: 'other-owner' }
  | { readonly kind: 'outside-project' }
  | { readonly kind: 'failed'; readonly code: string };

export interface NotWritten {
  readonly path: RootPath;
  readonly reason: NotWrittenReason;
}

/** Lets a test act at the worst moment: after the plan, before a file is compared and replaced. */
export interface WriteHooks {
  readonly beforeWrite?: (write: PlannedWrite) => Promise<void> | void;
  /** After the last comparison, just before the rename: the narrowest window left. */
  readonly beforeRename?: (write: PlannedWrite) => Promise<void> | void;
}

// Not on every platform; where missing, the flag is not asked for.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;

/**
 * Whether `write` may go ahead, judged before any file is written: the target is a regular file the
 * user may write by its own permission bits (root's override does not count: a read-only file was
 * made read-only on purpose), and replacing it keeps its owner.
 */
export async function checkWritable(write: PlannedWrite): Promise<NotWrittenReason | undefined> {
  let info: Stats;
  try {
    info = await lstat(write.target);
  } catch (error) {
    return errorCode(error) === 'ENOENT' ? { kind: 'changed-on-disk' } : { kind: 'failed', code: errorCode(error) };
  }
  if (!info.isFile()) return { kind: 'changed-on-disk' };
  if (!mayWrite(info)) return { kind: 'read-only' };
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid && uid !== 0) return { kind: 'other-owner' };
  try {
    const folder = await stat(dirname(write.target));
    if (!mayWrite(folder)) return { kind: 'read-only' };
  } catch (error) {
    return { kind: 'failed', code: errorCode(error) };
  }
  return undefined;
}

function mayWrite(info: Stats): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return (info.mode & 0o200) !== 0;
  if (info.uid === uid) return (info.mode & 0o200) !== 0;
  if ((process.getgroups?.() ?? []).includes(info.gid) || process.getgid?.() === info.gid) return (info.mode & 0o020) !== 0;
  return (info.mode & 0o002) !== 0;
}

/**
 * Replaces the file with `content` through a temporary file and a rename, so a crash never leaves
 * half a memory, and never over a change it did not plan from: the file is compared with
 * `expected` just before the temporary file is written and again just before the rename; a writer
 * that still wrote into the old file in between is found afterwards and its text put back.
 * Returns why it did not write, or undefined once written.
 */
export async function writeIfUnchanged(write: PlannedWrite, hooks: WriteHooks = {}): Promise<NotWrittenReason | undefined> {
  await hooks.beforeWrite?.(write);
  let old: FileHandle;
  try {
    old = await open(write.target, constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING);
  } catch (error) {
    const code = errorCode(error);
    return code === 'ENOENT' || code === 'ELOOP' ? { kind: 'changed-on-disk' } : { kind: 'failed', code };
  }
  try {
    const info = await old.stat();
    if (!info.isFile() || !(await holds(old, write.expected))) return { kind: 'changed-on-disk' };
    const temporary = await writeTemporary(write.target, write.content, info);
    if ('code' in temporary) return { kind: 'failed', code: temporary.code };
    const current = await lstat(write.target).catch(() => undefined);
    if (current?.ino !== info.ino || current.dev !== info.dev || !(await holds(old, write.expected))) {
      await unlink(temporary.path).catch(() => undefined);
      return { kind: 'changed-on-disk' };
    }
    await hooks.beforeRename?.(write);
    try {
      await rename(temporary.path, write.target);
    } catch (error) {
      await unlink(temporary.path).catch(() => undefined);
      return { kind: 'failed', code: errorCode(error) };
    }
    if (await holds(old, write.expected)) return undefined;
    // Someone wrote into the old file after the last comparison: theirs is newer than ours.
    const theirs = await readAll(old);
    const restored = await writeTemporary(write.target, theirs, info);
    const ours = await lstat(write.target).catch(() => undefined);
    if ('path' in restored) {
      if (ours?.ino === temporary.ino) await rename(restored.path, write.target);
      else await unlink(restored.path).catch(() => undefined);
    }
    return { kind: 'changed-on-disk' };
  } finally {
    await old.close().catch(() => undefined);
  }
}

/**
 * A temporary file next to `target` holding `content`, created with the target's permission bits (so
 * a private file is never readable by others, not even briefly) and given its owner and group. The
 * name is short, so it fits wherever the target's name fits.
 */
async function writeTemporary(target: string, content: Uint8Array, like: Stats): Promise<{ path: string; ino: number } | { code: string }> {
  const path = join(dirname(target), `.ms-${randomBytes(4).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, like.mode & 0o777);
    await handle.chmod(like.mode & 0o7777);
    const made = await handle.stat();
    if (process.getuid && (made.uid !== like.uid || made.gid !== like.gid)) await handle.chown(like.uid, like.gid);
    await handle.writeFile(content);
    await handle.sync();
    const { ino } = made;
    await handle.close();
    return { path, ino };
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    return { code: errorCode(error) };
  }
}

async function holds(handle: FileHandle, expected: Uint8Array): Promise<boolean> {
  const now = await readAll(handle, expected.length + 1);
  return Buffer.compare(now, expected) === 0;
}

/** The whole file from its start (or its first `limit` bytes), read through the open handle. */
async function readAll(handle: FileHandle, limit = Number.MAX_SAFE_INTEGER): Promise<Buffer> {
  const size = Math.min((await handle.stat()).size + 1, limit);
  const buffer = Buffer.alloc(size);
  let length = 0;
  while (length < size) {
    const { bytesRead } = await handle.read(buffer, length, size - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return buffer.subarray(0, length);
}
