import { INDEX_FILE_NAME, indexLinks, parseMemoryFile, parseMemoryIndex, type MemoryFile, type MemoryIndex, type MemoryLink, type MemoryStore, type RootPath } from '../core';

/**
 * A document of a root as its editor shows it now: the memory (or MEMORY.md) its text parses to and
 * the `[[links]]` in it. `R` is the door's root (the language server's session, the extension's root).
 */
export interface DocumentModel<R> {
  readonly root: R;
  readonly path: RootPath;
  /** The memory it is, unless it is MEMORY.md. */
  readonly memory: MemoryFile | undefined;
  /** MEMORY.md, when it is the index. */
  readonly index: MemoryIndex | undefined;
  /** The `[[links]]` written in it. */
  readonly links: readonly MemoryLink[];
}

/** What a model is read from: the root's store and the text it holds for a file. */
export interface HeldRoot {
  readonly store: MemoryStore;
  heldText(path: RootPath): string | undefined;
}

/**
 * The model of `path` shown as `text`: the store's own parse while the root holds that text (no second
 * parse), else the text parsed alone.
 */
export function documentModel<R extends HeldRoot>(root: R, path: RootPath, text: string): DocumentModel<R> {
  const held = root.heldText(path) === text;
  if (path === INDEX_FILE_NAME) {
    const index = held && root.store.index ? root.store.index : parseMemoryIndex(text);
    return { root, path, memory: undefined, index, links: indexLinks(index) };
  }
  const memory = held ? root.store.get(path) ?? parseMemoryFile(path, text) : parseMemoryFile(path, text);
  return { root, path, memory, index: undefined, links: memory.links };
}
