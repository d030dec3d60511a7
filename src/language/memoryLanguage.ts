import type { FileEdit, MemoryFile, Position, Problem, RootPath, RuleContext } from '../core';
import { codeActionList, type CodeActionOptions, type ListedAction } from './codeActions';
import { linkCompletionList, type LinkCompletionList } from './completion';
import { documentModel, type DocumentModel, type HeldRoot } from './documentModel';
import { indexEditsForMoves, type RootMove } from './fileMoves';
import { linkHover, type LinkHover } from './hover';
import { indexLenses, type IndexLens } from './lenses';
import { definitionAt, referencesAt, resolvedLinks, unresolvedLinks, type LinkTargets, type RootLocation, type UnresolvedLink } from './navigation';
import { renameEdits, renamesFileUnasked, renameStart, type RenameAnswer, type RenameStart } from './rename';
import type { RootSession, SessionPlace } from './rootSession';
import { budgetOf, type Settings } from './settings';

/**
 * What MEMORY.md's lenses read of a root besides its texts: whether they are shown, the index budget,
 * and how Claude Code loads the index. A language server's {@link RootSession} is one; the extension
 * makes one of its root and its settings.
 */
export interface LensRoot extends HeldRoot {
  readonly settings: Pick<Settings, 'indexCodeLens' | 'indexMaxLines' | 'indexMaxCharacters'>;
  readonly place: Pick<SessionPlace, 'indexLoad'>;
}

/** What the quick fixes read of a root besides its texts: what its rules read, and the problems found in a file. */
export interface CheckedRoot extends HeldRoot {
  ruleContext(): RuleContext;
  problemsFor(path: RootPath): readonly Problem[];
}

/**
 * The answers about a root's documents, as functions of the root, a file (its path and the text its
 * editor shows) and a position (or its problems), in core's types and translatable text: each door
 * (the language server, the extension) converts them to its API's types and adds what is its own
 * (command links, icons, pickers). Most need of a root only its store and the texts it holds
 * ({@link HeldRoot}), so the extension's roots answer as the language server's sessions do.
 */
export interface MemoryLanguage {
  documentModel<R extends HeldRoot>(root: R, path: RootPath, text: string): DocumentModel<R>;
  hover(root: HeldRoot, path: RootPath, text: string, position: Position): LinkHover | undefined;
  /** `line` is the cursor's line as the editor shows it; `types` the memory types the root accepts. */
  completion(root: HeldRoot, path: RootPath, line: string, position: Position, types: readonly string[]): LinkCompletionList | undefined;
  /** Where a `[[link]]` or a MEMORY.md entry leads. */
  definition(root: HeldRoot, path: RootPath, text: string, position: Position): LinkTargets | undefined;
  /** The links of a document that lead to one memory. */
  documentLinks(root: HeldRoot, path: RootPath, text: string): RootLocation[];
  /** The `[[links]]` of a document that lead to no one memory (a door that can create memories or ask offers to). */
  unresolvedLinks(root: HeldRoot, path: RootPath, text: string): UnresolvedLink[];
  references(root: HeldRoot, path: RootPath, text: string, position: Position, includeDeclaration: boolean): RootLocation[] | undefined;
  prepareRename(root: HeldRoot, path: RootPath, text: string, position: Position): RenameStart | undefined;
  /** `renameFile` says whether the memory's file is renamed with it (a door may ask its person). */
  rename(root: HeldRoot, path: RootPath, text: string, position: Position, newName: string, renameFile: (memory: MemoryFile) => boolean): RenameAnswer;
  /** The rename of a session, the file renamed as its `rename.renameFile` setting says with no one to ask. */
  renameUnasked(session: RootSession, path: RootPath, text: string, position: Position, newName: string): RenameAnswer;
  /** MEMORY.md's edits for files moved inside their roots. */
  fileMoves<R extends HeldRoot>(moves: readonly RootMove<R>[]): { root: R; edit: FileEdit }[];
  /** MEMORY.md's lenses, when the root's `indexCodeLens` is on. */
  lenses(root: LensRoot, path: RootPath, text: string): IndexLens[];
  /** The fixes of `asked`, problems of `path` held as `text`, with what a door adds (see {@link CodeActionOptions}). */
  codeActions<X = never>(root: CheckedRoot, path: RootPath, text: string, asked: readonly Problem[], options?: CodeActionOptions<X>): ListedAction<X>[];
}

export function createMemoryLanguage(): MemoryLanguage {
  return {
    documentModel,
    hover: (root, path, text, position) => linkHover(root.store, documentModel(root, path, text).links, position),
    completion: (root, path, line, position, types) => linkCompletionList(root.store, path, line, position, types),
    definition: (root, path, text, position) => definitionAt(documentModel(root, path, text), position),
    documentLinks: (root, path, text) => resolvedLinks(documentModel(root, path, text)),
    unresolvedLinks: (root, path, text) => unresolvedLinks(documentModel(root, path, text)),
    references: (root, path, text, position, declaration) => referencesAt(documentModel(root, path, text), position, declaration),
    prepareRename: (root, path, text, position) => renameStart(documentModel(root, path, text), position),
    rename: (root, path, text, position, newName, renameFile) => renameEdits(documentModel(root, path, text), position, newName, renameFile),
    renameUnasked: (session, path, text, position, newName) => {
      const model = documentModel(session, path, text);
      return renameEdits(model, position, newName, (memory) => renamesFileUnasked(model, memory, newName, session.settings.renameFile));
    },
    fileMoves: indexEditsForMoves,
    lenses: (root, path, text) => (root.settings.indexCodeLens ? indexLenses(documentModel(root, path, text), budgetOf(root.settings), root.place.indexLoad) : []),
    codeActions: (root, path, text, asked, options = {}) => codeActionList({ path, text, links: documentModel(root, path, text).links, context: root.ruleContext() }, asked, root.problemsFor(path), options),
  };
}
