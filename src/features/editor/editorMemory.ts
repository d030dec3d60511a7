import type * as vscode from 'vscode';
import { parseMemoryFile, type MemoryFile } from '../../core';
import type { MemoryRoot } from '../../workspace/roots/memoryRoot';
import type { Services } from '../../workspace/services';

/** The memory a document is, with its root when it lies in one. */
export interface EditorMemory {
  /** Parsed from exactly the text the document holds now. */
  readonly memory: MemoryFile;
  readonly root?: MemoryRoot;
  /** The store's copy of this memory (for backlinks by identity), when it holds one. */
  readonly held?: MemoryFile;
}

/** Any Markdown file opens in the form; only one inside a root has backlinks, link states and problems. */
export function editorMemory(services: Services, document: vscode.TextDocument): EditorMemory {
  const model = services.documents.current(document);
  if (!model?.memory) return { memory: parseMemoryFile(document.uri.path.split('/').pop() ?? 'memory.md', document.getText()) };
  return { memory: model.memory, root: model.root, held: model.root.store.get(model.path) };
}
