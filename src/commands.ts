/** Every command id in one table; ids starting with `_` are internal and hidden from the palette. */
export const Commands = {
  refresh: 'memoryShelf.refresh',
  createMemoryFolder: 'memoryShelf.createMemoryFolder',
  openMemory: 'memoryShelf.openMemory',
  openEditor: 'memoryShelf.openEditor',
  applyFileEdits: '_memoryShelf.applyFileEdits',
  createReservedMemory: 'memoryShelf.createReservedMemory',
  linkReservation: 'memoryShelf.linkReservation',
  /** A reservation clicked in the tree or hover: link to the memory probably meant, or create it. */
  resolveReservation: '_memoryShelf.resolveReservation',
  newMemory: 'memoryShelf.newMemory',
  openToSide: 'memoryShelf.openToSide',
  revealInExplorer: 'memoryShelf.revealInExplorer',
  revealInOS: 'memoryShelf.revealInOS',
  copyName: 'memoryShelf.copyName',
  copyLink: 'memoryShelf.copyLink',
  renameMemory: 'memoryShelf.renameMemory',
  showBacklinks: 'memoryShelf.showBacklinks',
  deleteMemory: 'memoryShelf.deleteMemory',
  mergeMemories: 'memoryShelf.mergeMemories',
  undoLastChange: 'memoryShelf.undoLastChange',
  promoteToProject: 'memoryShelf.promoteToProject',
  promoteToRule: 'memoryShelf.promoteToRule',
  changeType: 'memoryShelf.changeType',
  openLink: '_memoryShelf.openLink',
  openBacklink: '_memoryShelf.openBacklink',
  /** Selects a memory (its file URI) in the Memory Shelf tree; resolves to whether the tree shows it. */
  revealInTree: '_memoryShelf.revealInTree',
  indexAddUnlisted: 'memoryShelf.index.addUnlisted',
  indexRemoveMissing: 'memoryShelf.index.removeMissing',
  indexUpdateHooks: 'memoryShelf.index.updateHooks',
  indexSort: 'memoryShelf.index.sort',
  indexRebuild: 'memoryShelf.index.rebuild',
  indexCreate: 'memoryShelf.index.create',
  indexOpen: 'memoryShelf.index.open',
  indexRemoveLines: '_memoryShelf.index.removeLines',
  indexCreateMissing: '_memoryShelf.index.createMissing',
  indexRevealMemory: '_memoryShelf.index.revealMemory',
  indexEditMemory: '_memoryShelf.index.editMemory',
  indexBudgetStatus: '_memoryShelf.index.budgetStatus',
} as const;

/** Context keys the manifest's `when` clauses read. */
export const ContextKeys = {
  ready: 'memoryShelf.ready',
  hasRoots: 'memoryShelf.hasRoots',
  /** Root URIs (strings) that have no MEMORY.md, for the tree's "create MEMORY.md" action. */
  rootsWithoutIndex: 'memoryShelf.rootsWithoutIndex',
} as const;
