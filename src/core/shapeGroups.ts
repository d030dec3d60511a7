import type { TypeGroup } from './grouping';
import type { MemoryFile } from './memoryFile';
import { isPinned } from './memoryShape';

/** Claude Code's shared team memory lives in `team/` of a memory folder. */
export function isTeamMemoryPath(path: string): boolean {
  return path.startsWith('team/');
}

/**
 * The groups of an untyped root of durable lessons: the pinned ones (applied to every session, at most
 * 4) first, then the rest. Empty groups are made, as empty type groups are: {@link shownGroups} decides.
 */
export function lessonGroups(memories: Iterable<MemoryFile>): TypeGroup[] {
  const pinned: MemoryFile[] = [];
  const lessons: MemoryFile[] = [];
  for (const memory of memories) (isPinned(memory) ? pinned : lessons).push(memory);
  const byName = (a: MemoryFile, b: MemoryFile): number => (a.name ?? a.stem).localeCompare(b.name ?? b.stem);
  return [
    { kind: 'pinned', type: '', memories: pinned.sort(byName) },
    { kind: 'lessons', type: '', memories: lessons.sort(byName) },
  ];
}

/** The team group: memories of `team/`, indexed with the private ones. */
export function teamGroup(memories: readonly MemoryFile[]): TypeGroup {
  return { kind: 'team', type: '', memories };
}
