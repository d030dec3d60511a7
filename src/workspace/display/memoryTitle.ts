import { memoryLabel, type MemoryFile } from '../../core';
import type { MemoryRoot } from '../roots/memoryRoot';

/**
 * A memory as the tree names it (its index title, else its name, else its file stem without the type
 * prefix), for dialogs, pickers and notifications: a person who reads "Math notation" in the sidebar
 * should not be asked about "feedback-math-notation".
 */
export function memoryTitle(root: MemoryRoot, memory: MemoryFile): string {
  return memoryLabel(memory, root.store.indexEntriesFor(memory.path)[0]?.title, []);
}
