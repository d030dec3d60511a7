import { groupByType, type TypeGroup } from './grouping';
import type { MemoryFile } from './memoryFile';
import { isLesson, isPinned } from './memoryShape';
import type { TypeSet } from './memoryTypes';

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

/**
 * The groups of a typed root: by type, and the durable lessons Claude Code wrote untyped before
 * 2.1.285 in their own groups after them, not under "Untyped / unknown" as if they were broken
 * (issue #40). A typed root without lessons shows no lesson group.
 */
export function typedRootGroups(memories: Iterable<MemoryFile>, typeSet: TypeSet): TypeGroup[] {
  const typed: MemoryFile[] = [];
  const lessons: MemoryFile[] = [];
  for (const memory of memories) (isLesson(memory) ? lessons : typed).push(memory);
  return [...groupByType(typed, typeSet), ...lessonGroups(lessons).filter((group) => group.memories.length > 0)];
}

/** The team group: memories of `team/`, indexed with the private ones. */
export function teamGroup(memories: readonly MemoryFile[]): TypeGroup {
  return { kind: 'team', type: '', memories };
}
