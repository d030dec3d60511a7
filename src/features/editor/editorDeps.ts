import type * as vscode from 'vscode';
import type { MemoryFile, MemoryStore, Problem, RootPath, TypeSet } from '../../core';

/** The memory a document is, with its root when it lies in one. */
export interface EditorMemory {
  /** Parsed from exactly the text the document holds now. */
  readonly memory: MemoryFile;
  readonly root?: {
    readonly store: MemoryStore;
    /** The store's copy of this memory (for backlinks by identity), when it holds one. */
    readonly held: MemoryFile | undefined;
    uriOf(path: RootPath): vscode.Uri;
  };
}

/**
 * Everything the memory editor needs from the rest of the extension, in one place, so that the
 * editor does not know how roots, problems or renames are implemented.
 */
export interface MemoryEditorDeps {
  /** The extension's folder: the webview loads its bundle from there and from nowhere else. */
  readonly extensionUri: vscode.Uri;
  memoryFor(document: vscode.TextDocument): EditorMemory;
  /** The problems core found in the document, with their fixes. */
  problemsFor(document: vscode.TextDocument): readonly Problem[];
  typeSet(): TypeSet;
  /** Fires when any root's memories or problems may have changed (another file's link, the index). */
  readonly onDidChange: vscode.Event<unknown>;
  /** The rename that updates every link and the index; resolves once applied or refused. */
  rename(document: vscode.TextDocument, newName: string): Promise<void>;
  /** Applies the form's change to the document through the extension's one edit path. */
  applyEdit(edit: vscode.WorkspaceEdit): Thenable<boolean>;
  /** Follows a `[[link]]` written in the document, as Ctrl+click does (a stub for a reservation). */
  openLink(document: vscode.TextDocument, target: string): Promise<void>;
}
