import type * as vscode from 'vscode';
import type { FileEdit, IndexBudget, MemoryStore, Problem, RootPath, TypeSet } from '../../core';

/** A memory root as the index lens sees it. */
export interface IndexRoot {
  readonly uri: vscode.Uri;
  readonly store: MemoryStore;
  readonly info: { readonly label: string };
  uriOf(path: RootPath): vscode.Uri;
  /** The file time read with the file, for sorting by recency when the frontmatter has no date. */
  modifiedTime(path: RootPath): number | undefined;
}

export interface IndexLensSettings {
  readonly limits: IndexBudget;
  /** The configured types, in their order. */
  readonly typeSet: TypeSet;
  /** Whether whole-index commands open the refactor preview before changing anything. */
  readonly previewChanges: boolean;
  readonly codeLens: boolean;
}

export interface ApplyOptions {
  /** Shown in the refactor preview and the undo stack. */
  readonly label: string;
  readonly preview: boolean;
  /** Once applied, a notification saying this, with Undo. */
  readonly announce?: string;
}

/**
 * Everything the index lens takes from the rest of the extension. One small interface so that the
 * feature depends on services, never on another feature's internals.
 */
export interface IndexLensDeps {
  readonly roots: () => readonly IndexRoot[];
  /** The root holding `uri` and the path inside it. */
  readonly rootOf: (uri: vscode.Uri) => { readonly root: IndexRoot; readonly path: RootPath } | undefined;
  /** Fires when a root's files or the set of roots changed. */
  readonly onDidChange: vscode.Event<unknown>;
  /** Applies the text typed in an editor in the last moments to its store, so plans use what the user sees. */
  readonly flush: (document: vscode.TextDocument) => void;
  /** The problems core found in a file of a root, with their fixes. */
  readonly problemsFor: (root: IndexRoot, path: RootPath) => readonly Problem[];
  /** The one way edits reach the files: an undoable WorkspaceEdit, previewed when asked. */
  readonly applyEdits: (root: IndexRoot, edits: readonly FileEdit[], options: ApplyOptions) => Promise<boolean>;
  readonly settings: () => IndexLensSettings;
  readonly onDidChangeSettings: vscode.Event<void>;
  /** Selects the memory in the Memory Shelf tree; false when the tree does not show it. */
  readonly revealInTree: (root: IndexRoot, path: RootPath) => Promise<boolean>;
}
