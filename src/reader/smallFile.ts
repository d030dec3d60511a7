import { close, constants, fstat, open, read } from 'node:fs';

/**
 * Settings files, CLAUDE.md and git pointer files are written by whoever wrote the repository, so they
 * are read the way memories are: only a regular file, never blocking, never more than a cap. Unlike a
 * memory, a final link is followed (`CLAUDE.md -> AGENTS.md` is common); what it leads to is judged
 * through the open handle, so `/dev/zero`, a FIFO or `/dev/stdin` behind the link reads nothing.
 */

const NON_BLOCKING = constants.O_NONBLOCK ?? 0;

/** Settings files and CLAUDE.md are a few kilobytes; this is far past any real one. */
export const MAX_SMALL_FILE_BYTES = 1024 * 1024;

export type SmallFileRead =
  | { readonly kind: 'read'; readonly bytes: Buffer }
  | { readonly kind: 'missing' }
  | { readonly kind: 'refused'; readonly why: 'not-regular' | 'too-large' | 'changed' }
  | { readonly kind: 'error'; readonly code: string };

/** Reads a whole regular file of at most `maxBytes`; never throws, never blocks on a FIFO or device. */
export function readSmallFile(path: string, maxBytes = MAX_SMALL_FILE_BYTES): Promise<SmallFileRead> {
  return new Promise((resolve) => {
    open(path, constants.O_RDONLY | NON_BLOCKING, (openError, fd) => {
      if (openError) {
        const code = (openError as NodeJS.ErrnoException).code ?? 'EIO';
        return resolve(code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'missing' } : code === 'EISDIR' || code === 'ENXIO' || code === 'ENODEV' ? { kind: 'refused', why: 'not-regular' } : { kind: 'error', code });
      }
      const finish = (answer: SmallFileRead): void => close(fd, () => resolve(answer));
      fstat(fd, (statError, info) => {
        if (statError) return finish({ kind: 'error', code: statError.code ?? 'EIO' });
        if (!info.isFile()) return finish({ kind: 'refused', why: 'not-regular' });
        if (info.size > maxBytes) return finish({ kind: 'refused', why: 'too-large' });
        // One byte more than the size: a file that grew since the stat is noticed, not read without end.
        const buffer = Buffer.alloc(info.size + 1);
        let length = 0;
        const readMore = (): void => read(fd, buffer, length, buffer.length - length, length, (readError, bytesRead) => {
          if (readError) return finish({ kind: 'error', code: readError.code ?? 'EIO' });
          length += bytesRead;
          if (length > info.size) return finish({ kind: 'refused', why: 'changed' });
          if (bytesRead === 0 || length === info.size) return finish({ kind: 'read', bytes: buffer.subarray(0, length) });
          readMore();
        });
        readMore();
      });
    });
  });
}

/** The file's UTF-8 text, or `undefined` for anything {@link readSmallFile} does not read whole. */
export async function readSmallTextFile(path: string, maxBytes = MAX_SMALL_FILE_BYTES): Promise<string | undefined> {
  const result = await readSmallFile(path, maxBytes);
  return result.kind === 'read' ? result.bytes.toString('utf8') : undefined;
}
