/** Every command id in one table; ids starting with `_` are internal and hidden from the palette. */
export const Commands = {
  refresh: 'memoryShelf.refresh',
  createMemoryFolder: 'memoryShelf.createMemoryFolder',
  /** Says where Claude Code keeps the project's auto memory, there or not yet. */
  showAutoMemoryPath: 'memoryShelf.showAutoMemoryPath',
  openMemory: 'memoryShelf.openMemory',
  openEditor: 'memoryShelf.openEditor',
  applyFileEdits: '_memoryShelf.applyFileEdits',
  /** The secret rule's fix: applies it, then offers to take the secret out of the memory's history too. */
  redactSecret: '_memoryShelf.redactSecret',
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
  /** The retype notification's offer: rename files whose type prefix no longer matches (root URI, paths with their old type, new type). */
  renameAfterRetype: '_memoryShelf.renameAfterRetype',
  reviewApprove: 'memoryShelf.review.approve',
  reviewEdit: 'memoryShelf.review.edit',
  reviewReject: 'memoryShelf.review.reject',
  reviewShowChanges: 'memoryShelf.review.showChanges',
  reviewArchive: 'memoryShelf.review.archive',
  reviewRestore: 'memoryShelf.review.restore',
  reviewForget: 'memoryShelf.review.forget',
  reviewApproveGroup: 'memoryShelf.review.approveGroup',
  reviewRejectGroup: 'memoryShelf.review.rejectGroup',
  /** The first-run question's answers, on its row in the tree (a root's node), and its row clicked. */
  reviewFirstRunYes: 'memoryShelf.review.firstRunYes',
  reviewFirstRunNo: 'memoryShelf.review.firstRunNo',
  reviewFirstRun: '_memoryShelf.review.firstRun',
  /** Adds the import of a project memory folder's index to CLAUDE.md, so Claude Code loads it. */
  importIndex: 'memoryShelf.importIndex',
  /** New Memory from the view's title bar: with several roots, asks which, the focused row's first. */
  newMemoryInView: 'memoryShelf.newMemoryInView',
  historyShow: 'memoryShelf.history.show',
  historyRestoreVersion: 'memoryShelf.history.restoreVersion',
  historyOpenVersion: '_memoryShelf.history.openVersion',
  /** Restore on a history diff's title bar: the version shown on its left (or alone). */
  historyRestoreShown: 'memoryShelf.history.restoreShown',
  openLink: '_memoryShelf.openLink',
  /** Selects a memory (its file URI) in the Memory Shelf tree; resolves to whether the tree shows it. */
  revealInTree: '_memoryShelf.revealInTree',
  indexAddUnlisted: 'memoryShelf.index.addUnlisted',
  indexRemoveMissing: 'memoryShelf.index.removeMissing',
  indexUpdateHooks: 'memoryShelf.index.updateHooks',
  indexSort: 'memoryShelf.index.sort',
  indexRebuild: 'memoryShelf.index.rebuild',
  indexCreate: 'memoryShelf.index.create',
  indexOpen: 'memoryShelf.index.open',
  /** The walkthrough's "check in CI" step: copies the GitHub Actions workflow. */
  copyActionSnippet: '_memoryShelf.copyActionSnippet',
  indexRemoveLines: '_memoryShelf.index.removeLines',
  indexCreateMissing: '_memoryShelf.index.createMissing',
  indexRevealMemory: '_memoryShelf.index.revealMemory',
  indexEditMemory: '_memoryShelf.index.editMemory',
  indexBudgetStatus: '_memoryShelf.index.budgetStatus',
  sessionPreview: 'memoryShelf.sessionPreview',
  sessionPreviewMarkdown: 'memoryShelf.sessionPreviewMarkdown',
  recallCheck: 'memoryShelf.recallCheck',
} as const;

/** Views the commands focus or reveal (VS Code adds `<view>.focus` for each). */
export const Views = {
  memories: 'memoryShelf.memories',
  backlinks: 'memoryShelf.backlinks',
  /** The memory editor's custom editor view type. */
  editor: 'memoryShelf.editor',
} as const;

/** Context keys the manifest's `when` clauses read. */
export const ContextKeys = {
  ready: 'memoryShelf.ready',
  hasRoots: 'memoryShelf.hasRoots',
  /** Root URIs (strings) that have no MEMORY.md, for the tree's "create MEMORY.md" action. */
  rootsWithoutIndex: 'memoryShelf.rootsWithoutIndex',
  /**
   * Whether some root has no MEMORY.md: a `when` clause takes an empty list for true, so the menus that
   * offer "Create MEMORY.md from the Files" ask this, not the list (issue #40: offered where one exists).
   */
  anyRootWithoutIndex: 'memoryShelf.anyRootWithoutIndex',
  /** Paths of files whose history diff is the active editor of its group: their title bar gets Restore. */
  historyDiffs: 'memoryShelf.historyDiffs',
} as const;
