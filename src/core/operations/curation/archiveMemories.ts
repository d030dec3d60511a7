import type { MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import type { FileEdit } from '../../problems';
import { baseName, dirName } from '../../rootPath';
import type { RootPath } from '../../types';
import { planDeleteMemories } from './deleteMemories';

export interface ArchivePlan {
  /** The edits inside the root: MEMORY.md lines removed. The files themselves leave the root, which core edits cannot say. */
  readonly edits: readonly FileEdit[];
  /** The memories' paths, to be moved out of the root by the adapter. */
  readonly moves: readonly RootPath[];
  /** What the confirmation tells the person; backlinks always stay, as reservations. */
  readonly summary: { readonly files: number; readonly indexLines: number; readonly links: number; readonly linkingFiles: number };
}

/**
 * Archives memories: like a delete that keeps every backlink as a reservation (the fact was never
 * approved, so nothing that links to it is rewritten), except that the files are kept somewhere else.
 */
export function planArchiveMemories(store: MemoryStore, memories: readonly MemoryFile[]): ArchivePlan {
  const deleted = planDeleteMemories(store, memories, 'keep');
  return {
    edits: deleted.edits.filter((edit) => edit.kind !== 'delete'),
    moves: memories.map((memory) => memory.path),
    summary: deleted.summary,
  };
}

/**
 * The folder under the archive that holds one root's memories: its label as one safe path segment
 * (`docs/memory` -> `docs-memory`), so archives of two roots never mix and the folder reads as its root.
 */
export function archiveFolderName(label: string): string {
  const safe = label.normalize('NFC').replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[-.]+|-+$/g, '');
  return safe.slice(0, 100) || 'memory';
}

/**
 * Where `path` goes in its root's archive folder: the same relative path, or, when that is taken by an
 * earlier archive, `stem~2.md`, `stem~3.md`, … in the same folder, so nothing archived is overwritten.
 */
export function archivedPath(path: RootPath, taken: (candidate: RootPath) => boolean): RootPath {
  if (!taken(path)) return path;
  const folder = dirName(path);
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; ; n++) {
    const candidate = `${folder ? `${folder}/` : ''}${stem}~${n}${extension}`;
    if (!taken(candidate)) return candidate;
  }
}
