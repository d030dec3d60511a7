import { close, constants, fstat, open, read, type Dirent, type Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { errorCode } from './errorCode';
import type { DirectoryEntry, EntryKind, HostRead, ReaderHost, ReadOptions } from './readerHost';

// Not every platform has these (Windows has neither); there a missing flag is simply not asked for.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;
/** How every node:fs host opens a file: read-only, no final link followed, never blocking on a FIFO. */
export const OPEN_FLAGS = constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING;

/**
 * {@link ReaderHost} over node:fs, for the CLI and for `file:` roots in the extension. A file is
 * opened without blocking and without following a final link, and checked through the open handle:
 * a FIFO or device swapped in after the folder was listed is refused without a byte read.
 */
export const nodeReaderHost: ReaderHost = {
  pathStyle: process.platform === 'win32' ? 'win32' : 'posix',
  resolvesLinks: true,
  async readDirectory(folder) {
    return directoryEntries(await readdir(folder, { withFileTypes: true, encoding: 'buffer' }));
  },
  async realPath(path) {
    try {
      return await realpath(path);
    } catch {
      return undefined;
    }
  },
  async kindOf(path) {
    try {
      return kindOfEntry(await stat(path));
    } catch {
      return undefined;
    }
  },
  readRegularFile: readRegularNodeFile,
};

/**
 * Entries listed with their names as bytes: a name that is not UTF-8 decodes to U+FFFD, which names
 * no file, so it is flagged rather than reported later as a file deleted mid-scan.
 */
export function directoryEntries(entries: readonly Dirent<Buffer>[]): DirectoryEntry[] {
  return entries.map((entry) => {
    const name = entry.name.toString('utf8');
    const kind = kindOfEntry(entry);
    // Bytes decode to a name without U+FFFD only when they are UTF-8, which encodes back to them: only
    // a name holding one is encoded again to tell (a 20,000-file folder's names, each encoded, cost more than listing it).
    if (!name.includes('\uFFFD')) return { name, kind };
    return Buffer.byteLength(name) === entry.name.length && Buffer.from(name).equals(entry.name) ? { name, kind } : { name, kind, nameNotUtf8: true };
  });
}

export function kindOfEntry(entry: Dirent<string | Buffer> | Stats): EntryKind {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  if (entry.isSymbolicLink()) return 'symlink';
  return 'other';
}

/**
 * Callback node:fs, one promise per file: the FileHandle API costs a promise, a handle object and a
 * trip through its close queue for each of the six calls a file takes, and on a 20,000-file root read
 * through this host in 1,500 ms of main-thread time against 1,050 ms this way (any concurrency from 16 to 256).
 */
export function readRegularNodeFile(path: string, options: ReadOptions): Promise<HostRead> {
  return new Promise((resolve) => {
    open(path, OPEN_FLAGS, (openError, fd) => {
      if (openError) return resolve(openFailure(openError));
      // The handle is closed whatever the answer; a close that fails leaves the answer standing.
      const finish = (answer: HostRead): void => close(fd, () => resolve(answer));
      const fail = (error: unknown): void => finish({ kind: 'error', code: errorCode(error) });
      fstat(fd, (statError, before) => {
        if (statError) return fail(statError);
        let plan: ReadPlan;
        let buffer: Buffer;
        try {
          plan = planRead(before, options);
          if ('answer' in plan) return finish(plan.answer);
          buffer = Buffer.alloc(plan.wanted + 1);
        } catch (error) {
          // A throw inside an fs callback would end the process, not this read.
          return fail(error);
        }
        const reading = plan;
        let length = 0;
        const readMore = (): void => read(fd, buffer, length, buffer.length - length, length, (readError, bytesRead) => {
          if (readError) return fail(readError);
          length += bytesRead;
          // Only a read that stops short of the size asks again: one that reaches it has the whole file
          // unless the stat after says the file moved (the extra byte asked for shows one grown already).
          // A read more to see the end was a sixth of the thread-pool trips of each file.
          if (bytesRead !== 0 && length < reading.wanted) return readMore();
          fstat(fd, (afterError, after) => (afterError ? fail(afterError) : finish(readVerdict(reading, buffer, length, after))));
        });
        readMore();
      });
    });
  });
}

/** How much of an open file to read, from its first stat through the handle; or the answer when nothing is to be read. */
export type ReadPlan = { readonly answer: HostRead } | { readonly before: Stats; readonly wanted: number; readonly truncated: boolean };

export function planRead(before: Stats, options: ReadOptions): ReadPlan {
  if (!before.isFile()) return { answer: { kind: 'not-regular', what: before.isDirectory() ? 'directory' : 'other' } };
  const truncated = before.size > options.maxBytes;
  if (truncated && !options.prefixWhenLarger) return { answer: { kind: 'too-large', stamp: { size: before.size, mtimeMs: before.mtimeMs } } };
  // The buffer is one byte longer than this, to notice a file that grew since its size was taken.
  return { before, wanted: truncated ? options.maxBytes : before.size, truncated };
}

/** What `length` bytes read into `buffer` amount to, given the second stat through the handle: a file that moved meanwhile is `changed`. */
export function readVerdict(plan: Exclude<ReadPlan, { answer: HostRead }>, buffer: Buffer, length: number, after: Stats): HostRead {
  const { before, wanted, truncated } = plan;
  const sizeMoved = truncated ? length < wanted : length !== wanted;
  if (sizeMoved || after.size !== before.size || after.mtimeMs !== before.mtimeMs) return { kind: 'changed' };
  return { kind: 'read', bytes: buffer.subarray(0, wanted), stamp: { size: before.size, mtimeMs: before.mtimeMs }, truncated };
}

export function openFailure(error: unknown): HostRead {
  const code = errorCode(error);
  if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
  // A final link where a regular file was listed: the entry changed under the reader.
  if (code === 'ELOOP' || code === 'EMLINK') return { kind: 'changed' };
  if (code === 'EISDIR') return { kind: 'not-regular', what: 'directory' };
  if (code === 'ENXIO' || code === 'ENODEV' || code === 'EOPNOTSUPP') return { kind: 'not-regular', what: 'other' };
  return { kind: 'error', code };
}
