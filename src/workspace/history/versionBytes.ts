import { createHash } from 'node:crypto';
import { INDEX_FILE_NAME, type MemoryFile, type MemoryIndex } from '../../core';
import type { MemoryRoot } from '../roots/memoryRoot';
import type { VersionToRecord } from './historyPort';

const encoder = new TextEncoder();

/** The bytes a store's text stands for: the reader keeps a BOM out of the text and notes it. */
export function bytesOf(file: MemoryFile | MemoryIndex): Uint8Array {
  return encoder.encode(file.hasBom ? `\uFEFF${file.text}` : file.text);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A store's file is never changed in place (a change is a new object), so its hash is worked out once. */
const hashes = new WeakMap<MemoryFile | MemoryIndex, string>();

/** sha256 of the bytes the store's text stands for (its BOM put back): the history's and the approvals' hash. */
export function hashOf(file: MemoryFile | MemoryIndex): string {
  let hash = hashes.get(file);
  if (hash === undefined) hashes.set(file, (hash = sha256(bytesOf(file))));
  return hash;
}

/** Whether the root's store holds the version now: the same bytes, or nothing for a deletion. */
export function storeHolds(root: MemoryRoot, version: VersionToRecord): boolean {
  const held = version.path === INDEX_FILE_NAME ? root.store.index : root.store.get(version.path);
  if (version.bytes === null) return held === undefined;
  return held !== undefined && hashOf(held) === sha256(version.bytes);
}
