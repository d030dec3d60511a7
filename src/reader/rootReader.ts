import * as nodePath from 'node:path';
import { INDEX_FILE_NAME, isMemoryPath, isOutsideMemory, type RootPath } from '../core';
import { decodeText } from './decodeText';
import { createLimiter } from './limiter';
import { InOrder, type Slot } from './pathOrder';
import { errorCode } from './errorCode';
import type { EntryKind, FileStamp, HostRead, ReaderHost } from './readerHost';
import type { SkipReason } from './skipReason';

/** One file the reader read: its text as the store takes it, and what it was read from. */
export interface ReadFile {
  readonly path: RootPath;
  /** UTF-8 text, a byte-order mark kept. */
  readonly text: string;
  /** The exact bytes read, so a writer can tell whether the file changed since. */
  readonly bytes: Uint8Array;
  readonly stamp: FileStamp;
  /** Set when `path` is a symbolic link: the root-relative path of the regular file it leads to. */
  readonly linkTarget?: RootPath;
  /** MEMORY.md over the size limit: `text` is its first lines only, and it must never be written back. */
  readonly truncated?: boolean;
}

export interface SkippedEntry {
  readonly path: RootPath;
  readonly reason: SkipReason;
}

export interface RootRead extends RootStream {
  /** In path order. */
  readonly files: ReadonlyMap<RootPath, ReadFile>;
}

/** What a read of a root ends with once every file is handed over. */
export interface RootStream {
  /** The root as given, and its link-free form: writes and links must stay inside `realRoot`. */
  readonly root: string;
  readonly realRoot: string;
  /** Sorted by path. */
  readonly skipped: readonly SkippedEntry[];
}

export interface ReadRootOptions {
  /** Only this file, or the files under this folder ('' or absent: the whole root). */
  readonly start?: RootPath;
  readonly maxBytes?: number;
  readonly concurrency?: number;
}

/** Memory files are a few hundred bytes; anything this big was not written as one. */
export const MAX_MEMORY_BYTES = 2 * 1024 * 1024;
const DEFAULT_CONCURRENCY = 16;
/** A file that changes while it is read is read again this many times before it is skipped. */
const CHANGE_RETRIES = 2;

/** Whether the reader reads `path` at all: memory files and the index; everything else is not ours. */
export function isTrackedPath(path: RootPath): boolean {
  return path === INDEX_FILE_NAME || isMemoryPath(path);
}

/**
 * Reads every memory file and MEMORY.md under `root`: hidden folders skipped, linked folders never
 * followed, only regular files read, a linked file only when it leads to a regular file inside the
 * real root. Whatever is not read is in `skipped` with its reason; nothing in the folder makes this
 * throw, except a root that cannot be listed at all.
 */
export async function readRoot(host: ReaderHost, root: string, options: ReadRootOptions = {}): Promise<RootRead> {
  const files = new Map<RootPath, ReadFile>();
  const read = await streamRoot(host, root, (file) => void files.set(file.path, file), options);
  return { ...read, files };
}

/**
 * {@link readRoot}, handing each file to `onFile` as soon as it and every file before it in path
 * order are read, so a caller can fill its store while the rest is still being read; `onFile` has
 * had every file when this resolves. Folders are walked with their entries in name order, so the
 * files come in the order of their paths however the reads finish.
 */
export async function streamRoot(host: ReaderHost, root: string, onFile: (file: ReadFile) => void, options: ReadRootOptions = {}): Promise<RootStream> {
  const path = host.pathStyle === 'win32' ? nodePath.win32 : nodePath.posix;
  const maxBytes = options.maxBytes ?? MAX_MEMORY_BYTES;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const limit = createLimiter(concurrency);
  const realRoot = (await host.realPath(root)) ?? root;
  const order = new InOrder(onFile);
  const skipped: SkippedEntry[] = [];
  const full = (relative: RootPath): string => (relative === '' ? root : path.join(root, ...relative.split('/')));
  const insideRoot = (real: string): RootPath | undefined => {
    const relative = path.relative(realRoot, real);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
    return relative.split(path.sep).join('/');
  };

  const readFile = async (relative: RootPath, at: string, slot: Slot<ReadFile>, linkTarget?: RootPath): Promise<void> => {
    const prefixWhenLarger = relative === INDEX_FILE_NAME;
    let result: HostRead = { kind: 'changed' };
    for (let attempt = 0; attempt <= CHANGE_RETRIES && result.kind === 'changed'; attempt++) {
      result = await limit(() => host.readRegularFile(at, { maxBytes, prefixWhenLarger }));
    }
    const skip = (reason: SkipReason): void => void skipped.push({ path: relative, reason });
    switch (result.kind) {
      case 'too-large':
        return skip({ kind: 'too-large', size: result.stamp.size, limit: maxBytes });
      case 'not-regular':
        return skip({ kind: linkTarget === undefined ? 'not-regular' : 'link-not-regular' });
      case 'missing':
        return skip({ kind: 'vanished' });
      case 'changed':
        return skip({ kind: 'changing' });
      case 'error':
        return skip({ kind: 'unreadable', code: result.code });
    }
    // A cut MEMORY.md ends at its last whole line, so no character is split and no half line is checked.
    const bytes = result.truncated ? result.bytes.subarray(0, result.bytes.lastIndexOf(0x0a) + 1) : result.bytes;
    const decoded = decodeText(bytes);
    if ('reason' in decoded) return skip({ kind: decoded.reason });
    if (result.truncated) skip({ kind: 'index-prefix', size: result.stamp.size, limit: maxBytes });
    slot.fill({
      path: relative, text: decoded.text, bytes, stamp: result.stamp,
      ...(linkTarget !== undefined ? { linkTarget } : {}), ...(result.truncated ? { truncated: true } : {}),
    });
  };

  const followLink = async (relative: RootPath, at: string, slot: Slot<ReadFile>): Promise<void> => {
    const tracked = isTrackedPath(relative);
    if (!tracked) {
      // Only a linked folder is worth a note: it may hold memories the user expected to be read.
      if ((await limit(() => host.kindOf(at))) === 'directory') skipped.push({ path: relative, reason: { kind: 'link-folder' } });
      return;
    }
    if (!host.resolvesLinks) return void skipped.push({ path: relative, reason: { kind: 'link-unverifiable' } });
    const real = await limit(() => host.realPath(at));
    if (real === undefined) return void skipped.push({ path: relative, reason: { kind: 'link-broken' } });
    const target = insideRoot(real);
    if (target === undefined) return void skipped.push({ path: relative, reason: { kind: 'link-outside-root' } });
    // The link-free path is read, so a link swapped in meanwhile is refused by the host, not followed.
    await readFile(relative, real, slot, target);
  };

  const visit = async (folder: RootPath, slot: Slot<ReadFile>): Promise<void> => {
    let entries;
    try {
      entries = await limit(() => host.readDirectory(full(folder)));
    } catch (error) {
      if (folder === '') throw error;
      skipped.push({ path: folder, reason: { kind: 'folder-unreadable', code: errorCode(error) } });
      return;
    }
    const work: { readonly relative: RootPath; readonly kind: EntryKind; readonly key: string }[] = [];
    for (const entry of entries) {
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      // Hidden folders hold tool state (.git, .obsidian), and Claude Code's protected folders (agents/) no memories.
      if (entry.name.startsWith('.') || (entry.kind === 'directory' && isOutsideMemory(`${relative}/`))) continue;
      if (entry.nameNotUtf8) {
        // It cannot be opened by the name we hold; only a folder or a memory's name is worth saying so.
        if (entry.kind === 'directory' || isTrackedPath(relative)) skipped.push({ path: relative, reason: { kind: 'name-not-utf8' } });
        continue;
      }
      // A folder's files all sort as its name and a slash, against its neighbours' names.
      work.push({ relative, kind: entry.kind, key: entry.kind === 'directory' ? `${entry.name}/` : entry.name });
    }
    work.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const slots = slot.split(work.length);
    // A few entries in hand at a time, not the whole folder: each entry started waits as a chain of
    // promises in the limiter's queue, 45 MB of them for a folder of 20,000 files before one was read.
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < work.length) {
        const at = next++;
        await readEntry(work[at].relative, work[at].kind, slots[at]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
  };

  const readEntry = async (relative: RootPath, kind: EntryKind, slot: Slot<ReadFile>): Promise<void> => {
    try {
      if (kind === 'directory') {
        // Its memories are still read; only the index is missing, and saying so beats a silent empty index.
        if (relative === INDEX_FILE_NAME) skipped.push({ path: relative, reason: { kind: 'index-folder' } });
        return await visit(relative, slot);
      }
      if (kind === 'symlink') return await followLink(relative, full(relative), slot);
      if (!isTrackedPath(relative)) return;
      if (kind === 'file') return await readFile(relative, full(relative), slot);
      skipped.push({ path: relative, reason: { kind: 'not-regular' } });
    } finally {
      // Whatever gave no file (skipped, not ours, a folder that could not be listed) holds up nothing after it.
      slot.fill();
    }
  };

  const start = options.start ?? '';
  if (start === '') await visit('', order.first);
  else await readStart(start);
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { root, realRoot, skipped };

  /**
   * A path the caller named (a watcher event): a folder is walked, a file read, anything gone is
   * nothing. Each folder on the way is looked up in its parent, so a linked folder is not entered here either.
   */
  async function readStart(start: RootPath): Promise<void> {
    const segments = start.split('/');
    // Read as a folder's path too: a watcher event for `agents` itself must not walk it.
    if (segments.some((segment) => segment === '') || isOutsideMemory(`${start}/`)) return;
    let parent: RootPath = '';
    for (let i = 0; i < segments.length; i++) {
      let entries;
      try {
        entries = await limit(() => host.readDirectory(full(parent)));
      } catch {
        return;
      }
      const entry = entries.find((candidate) => candidate.name === segments[i]);
      const relative = parent ? `${parent}/${segments[i]}` : segments[i];
      if (!entry) return;
      if (i < segments.length - 1) {
        if (entry.kind !== 'directory') return;
        parent = relative;
        continue;
      }
      await readEntry(relative, entry.kind, order.first);
    }
  }
}
