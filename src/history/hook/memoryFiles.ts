import { constants } from 'node:fs';
import { lstat, open, readdir, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/** A memory larger than this is not a memory the reader reads either; its history is not kept. */
export const MAX_MEMORY_BYTES = 1024 * 1024;
/** A folder snapshot stops here: a hook must stay quick, and no real memory folder is near it. */
const MAX_FILES = 50_000;

/**
 * What is at a memory's path: its bytes; `gone` when nothing (or nothing a memory can be: a folder, a
 * link, a FIFO, a file past the cap) is there; `unread` when reading failed (no descriptor left, no
 * permission, an I/O error), which says nothing about the file and must never be taken for a deletion.
 */
export type MemoryRead = { readonly kind: 'bytes'; readonly bytes: Uint8Array } | { readonly kind: 'gone' } | { readonly kind: 'unread'; readonly code: string };

/** Errors that say the path holds no memory file, as opposed to a failure to read one. */
const GONE_CODES: ReadonlySet<string> = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EISDIR', 'ENXIO']);

/** Reads a memory file: a regular file, not through a final link, not over the cap. Throws nothing. */
export async function readMemory(path: string): Promise<MemoryRead> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_MEMORY_BYTES) return { kind: 'gone' };
    return { kind: 'bytes', bytes: await handle.readFile() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return GONE_CODES.has(code) ? { kind: 'gone' } : { kind: 'unread', code };
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** The bytes of a memory file, or undefined when there is none or it could not be read. */
export async function readMemoryBytes(path: string): Promise<Uint8Array | undefined> {
  const read = await readMemory(path);
  return read.kind === 'bytes' ? read.bytes : undefined;
}

/**
 * Root-relative paths of the Markdown files under `root` (hidden entries and links skipped), and whether
 * the listing is complete: a folder that could not be read leaves it incomplete, and then no file the
 * listing misses may be taken for deleted.
 */
export async function listMemoryFolder(root: string): Promise<{ files: string[]; complete: boolean }> {
  const out: string[] = [];
  let complete = true;
  const walk = async (folder: string, prefix: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (!GONE_CODES.has((error as NodeJS.ErrnoException).code ?? '')) complete = false;
      return;
    }
    for (const entry of entries) {
      if (out.length >= MAX_FILES || entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) await walk(join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile() && /\.md$/i.test(entry.name)) out.push(prefix + entry.name);
    }
  };
  if ((await lstat(root).catch(() => undefined))?.isDirectory()) await walk(root, '');
  return { files: out, complete: complete && out.length < MAX_FILES };
}
