import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { isOutsideMemory, type RootPath } from '../core';
import { directoryEntries } from './nodeReaderHost';

/**
 * How long after a change a file's times are not trusted to tell a later change from it. A write lands
 * with the clock's coarse time (a few milliseconds on Linux, two seconds on FAT), so two writes close
 * together can leave the same times and size; a file changed this near the walk is read, as git reads
 * a "racily clean" file again.
 */
export const RACY_WINDOW_MS = 3000;

/** The metadata of everything under a root the reader could read or decide on, in one digest. */
export type RootMetadata =
  | { readonly kind: 'settled'; readonly realRoot: string; readonly digest: string }
  /** Something changed within {@link RACY_WINDOW_MS} of the walk (or carries a time ahead of it): only its bytes can tell. */
  | { readonly kind: 'racy' }
  /** The root cannot be walked: the reader will say why. */
  | { readonly kind: 'unknown' };

/**
 * Lists `root` as the reader walks it (hidden entries and protected folders left out, linked folders
 * not entered) and digests each entry's metadata without opening a file: what it is, its inode, size,
 * modification and change times, mode and owner, and for a link where it leads and what is there.
 * Two walks with one digest saw the same files with the same bytes, unless one was rewritten within
 * the clock's grain of its last change; a walk that meets a change that recent says `racy`. A file's
 * change time moves on every write, rename, chmod and chown and cannot be set back, so it is what
 * makes this safe where the modification time alone (which `touch` sets) is not. Synchronous: for the
 * CLI, which reads before anything else.
 */
export function rootMetadata(root: string, now: number = Date.now()): RootMetadata {
  const settledBefore = now - RACY_WINDOW_MS;
  const hash = createHash('sha1');
  let racy = false;
  const add = (label: string, stats: Stats | undefined): void => {
    if (!stats) return void hash.update(`${label}\u0000-\u0001`);
    if (stats.ctimeMs >= settledBefore || stats.mtimeMs >= settledBefore) racy = true;
    hash.update(`${label}\u0000${stats.mode}:${stats.ino}:${stats.dev}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.uid}:${stats.gid}:${stats.nlink}\u0001`);
  };
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
    add('', statSync(realRoot));
  } catch {
    return { kind: 'unknown' };
  }
  // Who asks decides what can be opened: the same files are read differently by another user.
  hash.update(`user\u0000${process.getuid?.() ?? ''}:${process.getgid?.() ?? ''}\u0001`);
  const visit = (folder: RootPath, at: string): void => {
    let entries;
    try {
      entries = directoryEntries(readdirSync(at, { withFileTypes: true, encoding: 'buffer' }));
    } catch (error) {
      hash.update(`${folder}/\u0000unlisted:${(error as NodeJS.ErrnoException).code ?? ''}\u0001`);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      // As the reader: hidden entries and protected folders (agents/) are not walked, so nothing in them counts.
      if (entry.name.startsWith('.') || (entry.kind === 'directory' && isOutsideMemory(`${relative}/`))) continue;
      const full = join(at, entry.name);
      // A name that is not UTF-8 is listed as such by the reader and never opened.
      if (entry.nameNotUtf8) {
        hash.update(`${relative}\u0000not-utf8\u0001`);
        continue;
      }
      const stats = lstatSync(full, { throwIfNoEntry: false });
      add(relative, stats);
      if (!stats) continue;
      if (stats.isDirectory()) {
        visit(relative, full);
      } else if (stats.isSymbolicLink()) {
        addLink(relative, full);
      }
    }
  };
  const addLink = (relative: RootPath, full: string): void => {
    try {
      hash.update(`${relative}\u0000->${readlinkSync(full)}\u0000${realpathSync(full)}\u0001`);
    } catch {
      hash.update(`${relative}\u0000->broken\u0001`);
      return;
    }
    add(`${relative}\u0000target`, statSync(full, { throwIfNoEntry: false }));
  };
  visit('', realRoot);
  return racy ? { kind: 'racy' } : { kind: 'settled', realRoot, digest: hash.digest('base64') };
}
