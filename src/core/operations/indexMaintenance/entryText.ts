import type { MemoryFile } from '../../memoryFile';
import type { IndexEntry } from '../../memoryIndex';
import { indexHookText } from '../../edits/indexEntry';

/** The hook of `memory`, or undefined when it has no description. */
export function memoryHook(memory: MemoryFile): string | undefined {
  return memory.description ? indexHookText(memory.description) : undefined;
}

/** The hook as a reader sees it: escapes undone. */
export function readHook(entry: IndexEntry): string | undefined {
  return entry.hook?.replace(/\\([\\[\]*_`])/g, '$1');
}
