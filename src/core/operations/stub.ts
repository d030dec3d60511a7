import type { MemoryIndex } from '../memoryIndex';
import type { MemoryStore } from '../memoryStore';
import type { FileEdit } from '../problems';
import { INDEX_FILE_NAME, joinRootPath } from '../rootPath';
import type { Position, RootPath } from '../types';
import { memoryFileName, rootConventions, type RootConventions } from './conventions';
import { oneLine, planIndexEntry } from '../edits/indexEntry';
import { checkMemoryName, type NameCheck } from './nameSafety';
import { builtInTemplate, fillTemplate, type TemplateHeadings } from './templates';
import { yamlScalar } from '../edits/yamlScalar';

export interface StubRequest {
  /** The link target, which becomes the `name`. */
  readonly name: string;
  /** Inferred from the name or chosen by the user; undefined writes no `type` key. */
  readonly type: string | undefined;
  /** The user's template for the type; the built-in one when absent. */
  readonly template?: string;
  /** What the memory is for, written as its description and, shortened, as its index line's hook. */
  readonly description?: string;
  /** The file's stem when it is not the name itself: Claude Code's `<type>_<topic>.md` for a `name: topic`. */
  readonly fileStem?: string;
  /** Translated section headings for the built-in templates. */
  readonly headings?: TemplateHeadings;
}

export type StubPlan =
  | {
      readonly ok: true;
      readonly path: RootPath;
      readonly content: string;
      /** The new file, then the MEMORY.md entry (an edit, or a new index). */
      readonly edits: readonly FileEdit[];
      /** Where the empty description waits to be written, in the new file. */
      readonly cursor: Position;
    }
  | { readonly ok: false; readonly reason: 'unsafe-name'; readonly check: Extract<NameCheck, { ok: false }> }
  | { readonly ok: false; readonly reason: 'exists'; readonly path: RootPath };

/**
 * The type a name announces with its prefix: `feedback-report-writing` -> `feedback`, among the
 * configured types, the longest prefix winning. A bare type name announces nothing.
 */
export function inferType(name: string, types: readonly string[]): string | undefined {
  const folded = name.trim().toLowerCase();
  let best: string | undefined;
  for (const type of types) {
    const prefix = type.toLowerCase();
    if (folded.length > prefix.length + 1 && folded.startsWith(prefix) && /[-_ ]/.test(folded[prefix.length])) {
      if (!best || type.length > best.length) best = type;
    }
  }
  return best;
}

/**
 * Plans the memory a dangling `[[name]]` asks for: a file at the top of the root named in the root's
 * convention, frontmatter in the root's majority shape with `name` filled in and `description` empty,
 * a body from the type's template, and its MEMORY.md entry. Nothing outside the root can come of it:
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

  const eol = conventions.eol;
  const description = request.description?.trim() || undefined;
  const frontmatter = ['---', `name: ${yamlScalar(name)}`, description ? `description: ${yamlScalar(oneLine(description))}` : 'description: '];
  let cursor: Position = { line: 2, character: 'description: '.length };
  if (request.type !== undefined) {
    if (conventions.typeLocation === 'metadata') frontmatter.push('metadata:', `  type: ${yamlScalar(request.type)}`);
    else frontmatter.push(`type: ${yamlScalar(request.type)}`);
  }
  frontmatter.push('---');
  const body = fillTemplate(request.template ?? builtInTemplate(request.type, request.headings), { name, type: request.type }, eol);
  const content = frontmatter.join(eol) + eol + body;
  // With the description given, what is left to write is the body: the cursor goes past the template's first heading.
  if (description) cursor = bodyCursor(frontmatter.length, body, eol);
  return {
    ok: true,
    path,
    content,
    cursor,
    edits: [{ kind: 'create', path, content }, planIndexEntry(options.index ?? store.index, path, { title: name, description }, conventions)],
  };
}

/** The first line of the body after its heading and blank lines, or the body's first line. */
function bodyCursor(frontmatterLines: number, body: string, eol: string): Position {
  const lines = body.split(eol);
  let line = 0;
  while (line < lines.length - 1 && (/^\s*#/.test(lines[line]) || lines[line].trim() === '')) line++;
  return { line: frontmatterLines + line, character: lines[line]?.length ?? 0 };
}
