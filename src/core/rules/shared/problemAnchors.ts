import { fieldLocation, type MemoryFile } from '../../memoryFile';
import type { Range } from '../../types';

/** The file's first line up to its end (`---` when there is frontmatter), or an empty range at the start. */
export function firstLineRange(memory: MemoryFile): Range {
  const text = memory.text;
  let end = 0;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
  return { start: { line: 0, character: 0 }, end: { line: 0, character: end } };
}

/** Where to point at a memory from elsewhere (a duplicate, a link candidate): its name, else its first line. */
export function memoryAnchor(memory: MemoryFile): Range {
  return fieldAnchor(memory, 'name');
}

/** The value of `key` where it has one, else the key, else the file's first line. */
export function fieldAnchor(memory: MemoryFile, key: string): Range {
  const field = fieldLocation(memory, key);
  if (!field) return firstLineRange(memory);
  const { start, end } = field.valueRange;
  return start.line === end.line && start.character === end.character ? field.keyRange : field.valueRange;
}
