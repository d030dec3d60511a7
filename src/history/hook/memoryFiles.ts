import { constants } from 'node:fs';
import { lstat, open, readdir, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/** A memory larger than this is not a memory the reader reads either; its history is not kept. */
export const MAX_MEMORY_BYTES = 1024 * 1024;
/** A folder snapshot stops here: a hook must stay quick, and no real memory folder is near it. */
const MAX_FILES = 50_000;

/**
 * The bytes of a memory file: a regular file, not through a final link, not over the cap; undefined when
 * missing. Throws nothing.
 */
export async function readMemoryBytes(path: string): Promise<Uint8Array | undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_MEMORY_BYTES) return undefined;
    return await handle.readFile();
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Root-relative paths of the Markdown files under `root`: hidden entries and links skipped. */
export async function listMemoryFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (out.length >= MAX_FILES || entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) await walk(join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile() && /\.md$/i.test(entry.name)) out.push(prefix + entry.name);
    }
  };
  if ((await lstat(root).catch(() => undefined))?.isDirectory()) await walk(root, '');
  return out;
}
