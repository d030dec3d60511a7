import { displayName, type MemoryFile } from './memoryFile';
import type { TypeSet } from './memoryTypes';

/** One group of the sidebar: a configured type, or the memories with no or an unknown type. */
export interface TypeGroup {
  /** `pinned` and `lessons` group an untyped root's durable lessons; `team` holds `team/` memories. */
  readonly kind: 'type' | 'unknown' | 'pinned' | 'lessons' | 'team';
  /** The type name; for the unknown group, the empty string. */
  readonly type: string;
  readonly memories: readonly MemoryFile[];
}

/**
 * Groups memories by type in the configured order. Every configured type gets a group, empty ones too
 * ({@link shownGroups} decides which a folder shows); memories outside the set are gathered in one
 * `unknown` group, never dropped.
 */
export function groupByType(memories: Iterable<MemoryFile>, typeSet: TypeSet): TypeGroup[] {
  const buckets = new Map<string, MemoryFile[]>(typeSet.types.map((type) => [type, []]));
  const unknown: MemoryFile[] = [];
  for (const memory of memories) {
    const bucket = memory.type !== undefined ? buckets.get(memory.type) : undefined;
    (bucket ?? unknown).push(memory);
  }
  const groups: TypeGroup[] = typeSet.types.map((type) => ({ kind: 'type', type, memories: sortMemories(buckets.get(type)!) }));
  if (unknown.length > 0) groups.push({ kind: 'unknown', type: '', memories: sortMemories(unknown) });
  return groups;
}

function sortMemories(memories: MemoryFile[]): MemoryFile[] {
  return memories.sort((a, b) => displayName(a).localeCompare(displayName(b)) || a.path.localeCompare(b.path));
}

/**
 * The groups a folder shows. An empty group is kept only in a folder with no memory at all, where the
 * configured types say where the first memory will go; once memories are there, a group the last of
 * its memories left (the agent deleted it) reads as something still there. `hideEmpty` hides them
 * even in an empty folder.
 */
export function shownGroups<G extends TypeGroup>(groups: readonly G[], hideEmpty: boolean): G[] {
  const folderEmpty = groups.every((group) => group.memories.length === 0);
  return groups.filter((group) => group.memories.length > 0 || (folderEmpty && !hideEmpty));
}
