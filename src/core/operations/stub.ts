import type { MemoryIndex } from '../memoryIndex';
import type { MemoryStore } from '../memoryStore';
import type { FileEdit } from '../problems';
import { INDEX_FILE_NAME, joinRootPath } from '../rootPath';
import type { Position, RootPath } from '../types';
import { memoryFileName, rootConventions, type RootConventions } from '../conventions';
import { planIndexEntry } from '../edits/indexEntry';
import { checkMemoryName, type NameCheck } from './nameSafety';
import { newMemoryText } from '../edits/memoryStub';
import { folderTemplate } from '../bodyShape';
import { claudeCodeTemplate } from '../templates';
import { hasNoNamingHabit } from './newMemoryNaming';

export interface StubRequest {
  /** The link target, which becomes the `name`. */
  readonly name: string;
  /** Inferred from the name or chosen by the user; undefined writes no `type` key. */
  readonly type: string | undefined;
  /** The user's template for the type; the built-in one, in the root's language, when absent. */
  readonly template?: string;
  /** What the memory is for, written as its description and, shortened, as its index line's hook. */
  readonly description?: string;
  /** The file's stem when it is not the name itself: Claude Code's `<type>_<topic>.md` for a `name: topic`. */
  readonly fileStem?: string;
  /** The index entry's title, when a person gave one; the name otherwise. */
  readonly title?: string;
  /** A durable lesson's pin, for a root whose memories carry no type (see NewMemory.pinned). */
  readonly pinned?: boolean;
  /**
   * False for a root whose index Claude Code generates from the descriptions: it keeps no MEMORY.md,
   * and writing one would change how the folder is read. True (the default) adds the entry.
   */
  readonly indexEntry?: boolean;
}

export type StubPlan =
  | {
      readonly ok: true;
      readonly path: RootPath;
      readonly content: string;
      /** The new file, then the MEMORY.md entry (an edit, or a new index). */
      readonly edits: readonly FileEdit[];
      /** Where writing goes on in the new file: the empty description, or the body when one was given. */
      readonly cursor: Position;
    }
  | { readonly ok: false; readonly reason: 'unsafe-name'; readonly check: Extract<NameCheck, { ok: false }> }
  | { readonly ok: false; readonly reason: 'exists'; readonly path: RootPath };

/**
 * Plans the memory a dangling `[[name]]` asks for: a file at the top of the root named in the root's
 * convention, frontmatter in the root's majority shape with `name` and the description given (empty
 * without one), a body from the type's template in the root's language, and its MEMORY.md entry. Nothing outside the root can come of it:
 * the name passes {@link checkMemoryName} or nothing is planned. `index` is MEMORY.md as the edit will
 * find it (an open editor's text), when that differs from the store's.
 */
export function planStub(
  store: MemoryStore,
  request: StubRequest,
  options: { readonly conventions?: RootConventions; readonly index?: MemoryIndex } = {},
): StubPlan {
  const conventions = options.conventions ?? rootConventions(store);
  const name = request.name.trim();
  const check = checkMemoryName(name);
  if (!check.ok) return { ok: false, reason: 'unsafe-name', check };
  // A given stem is taken as written: `feedback_claude-md-minimal` mixes separators on purpose.
  const path = request.fileStem !== undefined ? `${request.fileStem}.md` : memoryFileName(name, conventions.fileSeparator);
  // The name check already rules out separators and `..`; this keeps the guarantee local and obvious.
  if (joinRootPath('', path) !== path || path.includes('/')) {
    return { ok: false, reason: 'unsafe-name', check: { ok: false, reason: 'separator', message: `"${name}" does not make a file name inside the memory folder.` } };
  }
  const taken = [...store.memories()].find((memory) => memory.path.toLowerCase() === path.toLowerCase());
  if (taken || path.toLowerCase() === INDEX_FILE_NAME.toLowerCase()) return { ok: false, reason: 'exists', path: taken?.path ?? path };

  const description = request.description?.trim() || undefined;
  // The folder's own body shape (its `**Why:**` lines) before the built-in sections; a person's template before both.
  // An empty folder has no shape to follow: its first memory takes Claude Code's own (labelled lines, no title).
  const template = request.template ?? folderTemplate(store, request.type) ?? (hasNoNamingHabit(store) ? claudeCodeTemplate(request.type) : undefined);
  const { content, cursor } = newMemoryText({ name, description, type: request.type, template, ...(request.pinned !== undefined ? { pinned: request.pinned } : {}) }, conventions);
  const create: FileEdit = { kind: 'create', path, content };
  return {
    ok: true,
    path,
    content,
    cursor,
    edits: request.indexEntry === false ? [create] : [create, planIndexEntry(options.index ?? store.index, path, { title: request.title?.trim() || name, description }, conventions)],
  };
}
