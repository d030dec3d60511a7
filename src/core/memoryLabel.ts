import type { MemoryFile } from './memoryFile';

/**
 * What a person reads for a memory in lists: its MEMORY.md title, else its `name`, else its file stem
 * without Claude Code's `<type>_` prefix (the tree already groups by type, so `feedback_testing.md`
 * reads "testing" in the feedback group). Never the file name with its extension: an index title that
 * only repeats the file's name or path (`feedback_changelog-on-deploy.md`, with or without `.md`) is
 * no title.
 */
export function memoryLabel(memory: MemoryFile, indexTitle: string | undefined, types: readonly string[]): string {
  const title = indexTitle?.trim();
  if (title && !namesTheFile(title, memory)) return title;
  if (memory.name) return memory.name;
  return stemWithoutTypePrefix(memory.stem, [...(memory.type ? [memory.type] : []), ...types]);
}

function stemWithoutTypePrefix(stem: string, types: readonly string[]): string {
  const lower = stem.toLowerCase();
  for (const type of types) {
    const prefix = type.toLowerCase();
    if (lower.length > prefix.length + 1 && lower.startsWith(prefix) && (lower[prefix.length] === '_' || lower[prefix.length] === '-')) {
      return stem.slice(prefix.length + 1);
    }
  }
  return stem;
}

/** Whether a title is the file's name, stem or path, give or take `.md`, backticks, case and `_`/`-`. */
function namesTheFile(title: string, memory: MemoryFile): boolean {
  const fold = (text: string): string => text.replace(/^`|`$/g, '').replace(/\.md$/i, '').toLowerCase().replace(/_/g, '-');
  const folded = fold(title);
  return folded === fold(memory.stem) || folded === fold(memory.path) || folded === fold(`./${memory.path}`);
}
