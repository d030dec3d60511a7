import type { MemoryFile } from '../../memoryFile';
import type { MemoryStore } from '../../memoryStore';
import type { FileEdit } from '../../problems';
import type { TextEdit } from '../../types';
import { LineIndex } from '../../lineIndex';
import { rootConventions } from '../../conventions';
import { planIndexEntry } from '../../edits/indexEntry';
import { indexLineTitle } from '../../memoryLabel';

/**
 * Promotes a `status: pending` candidate to a memory: the status line goes (top level or under
 * `metadata:`; nothing else in the frontmatter moves) and, when MEMORY.md does not list it yet, an
 * entry is added with the description as its hook.
 */
export function planApproveCandidate(store: MemoryStore, memory: MemoryFile, types: readonly string[]): FileEdit[] {
  const edits: FileEdit[] = [];
  const field = memory.frontmatter.fields.get('status') ?? memory.frontmatter.fields.get('metadata.status');
  if (field) edits.push({ kind: 'edit', path: memory.path, edits: [removeWholeLine(memory.text, field.keyRange.start.line)] });
  if (store.indexEntriesFor(memory.path).length === 0) {
    edits.push(planIndexEntry(store.index, memory.path, { title: indexLineTitle(memory, types), description: memory.description }, rootConventions(store)));
  }
  return edits;
}

function removeWholeLine(text: string, line: number): TextEdit {
  const lines = new LineIndex(text);
  const start = lines.offsetAt({ line, character: 0 });
  const next = lines.offsetAt({ line: line + 1, character: 0 });
  return { range: lines.rangeAt(start, next), newText: '' };
}
