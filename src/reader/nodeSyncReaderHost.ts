import { closeSync, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { errorCode } from './errorCode';
import { directoryEntries, kindOfEntry, nodeReaderHost, OPEN_FLAGS, openFailure, planRead, readVerdict } from './nodeReaderHost';
import type { HostRead, ReaderHost, ReadOptions } from './readerHost';

/**
 * {@link nodeReaderHost} with every call made synchronously: the same checks (no final link followed,
 * never blocking, the handle's stat before and after the read), without the promise and thread-pool
 * round trip of each of the five calls per file. For the CLI, which has nothing else to do while it
 * reads: on a 20,000-file root it read in a quarter of the CPU time of the FileHandle host at any
 * concurrency (563-658 ms against 2,034-2,405 ms), and in a third of the callback host that replaced
 * it (320-360 ms against 1,000-1,070 ms, at 16 to 256). Never for the extension host, which must not block.
 */
export const nodeSyncReaderHost: ReaderHost = {
  pathStyle: nodeReaderHost.pathStyle,
  resolvesLinks: true,
  readDirectory(folder) {
    try {
      return Promise.resolve(directoryEntries(readdirSync(folder, { withFileTypes: true, encoding: 'buffer' })));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  },
  realPath(path) {
    try {
      return Promise.resolve(realpathSync(path));
    } catch {
      return Promise.resolve(undefined);
    }
  },
  kindOf(path) {
    try {
      return Promise.resolve(kindOfEntry(statSync(path)));
    } catch {
      return Promise.resolve(undefined);
    }
  },
  readRegularFile: (path, options) => Promise.resolve(readRegularNodeFileSync(path, options)),
};

/** {@link readRegularNodeFile}, synchronously: the same answers for the same file. */
export function readRegularNodeFileSync(path: string, options: ReadOptions): HostRead {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return openFailure(error);
  }
  try {
    const plan = planRead(fstatSync(fd), options);
    if ('answer' in plan) return plan.answer;
    // Not zeroed first: only bytes the reads wrote are ever handed on (readVerdict takes a read short of
    // the size as a changed file), and zeroing every file's buffer was a tenth of the reading.
    const buffer = Buffer.allocUnsafeSlow(plan.wanted + 1);
    let length = 0;
    // As the async host: a read that reaches the size is not followed by one to see the end.
    for (;;) {
      const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
      length += bytesRead;
      if (bytesRead === 0 || length >= plan.wanted) break;
    }
    return readVerdict(plan, buffer, length, fstatSync(fd));
  } catch (error) {
    return { kind: 'error', code: errorCode(error) };
  } finally {
    try {
      closeSync(fd);
    } catch {
      // A handle that cannot be closed has nothing left to give; the read's answer stands.
    }
  }
}
