import { readdir, realpath, stat } from 'node:fs/promises';
import { readSmallTextFile } from '../reader/smallFile';
import type { RootsHost } from './autoMemory';

/**
 * {@link RootsHost} over node:fs; every failure (missing, permission, wrong kind) is a "no". Settings
 * and `.git` pointer files come from the repository: a `/dev/zero`, FIFO or `/dev/stdin` in their
 * place is a "no" too, not a hang.
 */
export const nodeRootsHost: RootsHost = {
  readTextFile: (path) => readSmallTextFile(path),
  async listDirectory(path) {
    try {
      return await readdir(path);
    } catch {
      return undefined;
    }
  },
  async isDirectory(path) {
    try {
      return (await stat(path)).isDirectory();
    } catch {
      return false;
    }
  },
  async realPath(path) {
    try {
      return await realpath(path);
    } catch {
      return undefined;
    }
  },
};
