/** Every command id in one table; ids starting with `_` are internal and hidden from the palette. */
export const Commands = {
  refresh: 'memoryShelf.refresh',
  createMemoryFolder: 'memoryShelf.createMemoryFolder',
  openMemory: 'memoryShelf.openMemory',
  openEditor: 'memoryShelf.openEditor',
  applyFileEdits: '_memoryShelf.applyFileEdits',
  createReservedMemory: 'memoryShelf.createReservedMemory',
  openLink: '_memoryShelf.openLink',
} as const;

/** Context keys the manifest's `when` clauses read. */
export const ContextKeys = {
  ready: 'memoryShelf.ready',
  hasRoots: 'memoryShelf.hasRoots',
} as const;
