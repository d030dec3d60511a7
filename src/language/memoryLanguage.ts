import type { Position, Problem, RootPath } from '../core';
import { codeActionList, type CodeActionAnswer } from './codeActions';
import { linkCompletionList, type LinkCompletionList } from './completion';
import { documentModel, type DocumentModel } from './documentModel';
import { linkHover, type LinkHover } from './hover';
import type { RootSession } from './rootSession';

/**
 * The answers about a root's documents, as functions of the session, a file and a position (or its
 * problems), in core's types and translatable text: each door (the language server, the extension)
 * converts them to its API's types and adds what is its own (command links, icons, pickers).
 */
export interface MemoryLanguage {
  documentModel(session: RootSession, path: RootPath, text: string): DocumentModel<RootSession>;
  hover(session: RootSession, path: RootPath, text: string, position: Position): LinkHover | undefined;
  /** `line` is the cursor's line as the editor shows it. */
  completion(session: RootSession, path: RootPath, line: string, position: Position): LinkCompletionList | undefined;
  /** The fixes of `asked`, problems of `path` held as `text`. */
  codeActions(session: RootSession, path: RootPath, text: string, asked: readonly Problem[]): CodeActionAnswer[];
}

export function createMemoryLanguage(): MemoryLanguage {
  return {
    documentModel,
    hover: (session, path, text, position) => linkHover(session.store, documentModel(session, path, text).links, position),
    completion: (session, path, line, position) => linkCompletionList(session.store, path, line, position, session.ruleContext().typeSet.types),
    codeActions: (session, path, text, asked) => codeActionList({ path, text, links: documentModel(session, path, text).links, context: session.ruleContext() }, asked, session.problemsFor(path)),
  };
}
