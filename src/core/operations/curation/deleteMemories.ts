import { LineIndex } from '../../lineIndex';
import type { MemoryFile } from '../../memoryFile';
import type { MemoryIndex } from '../../memoryIndex';
import type { MemoryStore } from '../../memoryStore';
import type { FileEdit } from '../../problems';
import { INDEX_FILE_NAME } from '../../rootPath';
import type { RootPath, TextEdit } from '../../types';
import { IndexText } from '../../indexText';
import { linksTo } from '../references';
import { plainTextOfLink } from './linkText';

/** What happens to `[[links]]` that pointed at a deleted memory. */
export type BacklinkHandling = 'keep' | 'unlink';

export interface DeletePlan {
  readonly edits: readonly FileEdit[];
  /** What the confirmation tells the person: files deleted, index lines removed, links kept or unlinked. */
  readonly summary: { readonly files: number; readonly indexLines: number; readonly links: number; readonly linkingFiles: number };
}

/**
 * Deletes memories with their MEMORY.md entries. Their backlinks either stay, as reservations of the
 * deleted name (the default: the fact may be written again), or become the plain text they showed.
 * Links inside the deleted files themselves are left alone: those files go.
 */
export function planDeleteMemories(store: MemoryStore, memories: readonly MemoryFile[], backlinks: BacklinkHandling): DeletePlan {
  const deleted = new Set<RootPath>(memories.map((memory) => memory.path));
  const editsByPath = new Map<RootPath, TextEdit[]>();
  const add = (path: RootPath, edit: TextEdit): void => {
    const list = editsByPath.get(path) ?? [];
    list.push(edit);
    editsByPath.set(path, list);
  };

  const index = store.index;
  const indexLines = new Set<number>();
  for (const memory of memories) {
    for (const entry of store.indexEntriesFor(memory.path)) indexLines.add(entry.line);
    for (const link of store.indexLinksFor(memory.path)) if (index && isListingOnly(index, link.line, deleted)) indexLines.add(link.line);
  }
  if (index && indexLines.size > 0) {
    const lines = new IndexText(index);
    for (const line of [...indexLines].sort((a, b) => a - b)) add(INDEX_FILE_NAME, lines.removeLine(line));
  }

  let links = 0;
  const linkingFiles = new Set<RootPath>();
  for (const memory of memories) {
    for (const occurrence of linksTo(store, memory, { uniqueOnly: true })) {
      if (deleted.has(occurrence.path)) continue;
      links++;
      linkingFiles.add(occurrence.path);
      if (backlinks === 'keep') continue;
      const source = occurrence.path === INDEX_FILE_NAME ? index!.text : store.get(occurrence.path)!.text;
      const lineIndex = new LineIndex(source);
      add(occurrence.path, { range: occurrence.link.range, newText: plainTextOfLink(source, occurrence.link, (position) => lineIndex.offsetAt(position)) });
    }
  }

  const edits: FileEdit[] = [];
  for (const [path, textEdits] of editsByPath) edits.push({ kind: 'edit', path, edits: textEdits });
  // Text edits first, deletions last, so no edit lands in a file already gone.
  for (const memory of memories) edits.push({ kind: 'delete', path: memory.path });
  return { edits, summary: { files: memories.length, indexLines: indexLines.size, links, linkingFiles: linkingFiles.size } };
}

/**
 * A list item of MEMORY.md that lists only memories being deleted, in whatever shape it takes
 * (`- **Release** — [project_release.md](project_release.md): freeze on Thursdays`): the line goes with
 * them. A link inside prose, or an item that also lists a memory that stays, keeps its line.
 */
function isListingOnly(index: MemoryIndex, line: number, deleted: ReadonlySet<RootPath>): boolean {
  if (!/^\s*(?:[-*+]|\d{1,9}[.)])\s/.test(index.lines[line]?.text ?? '')) return false;
  return index.links.every((link) => link.line !== line || (link.target !== undefined && deleted.has(link.target)));
}
