import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import type { RootsHost } from './autoMemory';

/** {@link RootsHost} over node:fs; every failure (missing, permission, wrong kind) is a "no". */
export const nodeRootsHost: RootsHost = {
  async readTextFile(path) {
    try {
      return await readFile(path, 'utf8');
    } catch {
      return undefined;
    }
  },
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
