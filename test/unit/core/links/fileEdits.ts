import { applyTextEdits, MemoryStore, type FileEdit } from '../../../../src/core';

/** Applies file edits to an in-memory root (path -> text), as the adapters do to the real one. */
export function applyFileEdits(files: Map<string, string>, edits: readonly FileEdit[]): Map<string, string> {
  const result = new Map(files);
  for (const edit of edits) {
    switch (edit.kind) {
      case 'create':
        if (result.has(edit.path)) throw new Error(`${edit.path} exists`);
        result.set(edit.path, edit.content);
        break;
      case 'edit': {
        const text = result.get(edit.path);
        if (text === undefined) throw new Error(`${edit.path} is missing`);
        const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
        result.set(edit.path, bom + applyTextEdits(text.slice(bom.length), edit.edits));
        break;
      }
      case 'rename': {
        const text = result.get(edit.path);
        if (text === undefined || result.has(edit.newPath)) throw new Error(`cannot rename ${edit.path}`);
        result.delete(edit.path);
        result.set(edit.newPath, text);
        break;
      }
      case 'delete':
        result.delete(edit.path);
        break;
    }
  }
  return result;
}

export function storeOf(files: Map<string, string>): MemoryStore {
  const store = new MemoryStore();
  for (const [path, text] of files) store.update(path, text);
  return store;
}
