import type { MemoryLanguage } from '../conventions';
import { labelledCursorLine } from '../bodyShape';
import { builtInTemplate, fillTemplate, TEMPLATE_HEADINGS } from '../templates';
import { inferType } from '../typeFromName';
import type { TypeLocation } from '../memoryFile';
import type { TypeSet } from '../memoryTypes';
import { fileStem } from '../rootPath';
import type { Position, RootPath } from '../types';
import { yamlScalar } from './yamlScalar';
import { suggestSlug } from '../slug';

/** What a new memory holds before anyone writes its body. */
export interface NewMemory {
  readonly name: string;
  /** Empty or undefined leaves `description: ` waiting for the cursor. */
  readonly description?: string;
  /** Undefined writes no `type` key, so the file shows `type-missing` and its fixes. */
  readonly type: string | undefined;
  /** The user's template for the type; the built-in one, in the root's language, when absent. */
  readonly template?: string;
  /** A body written already (text moved out of MEMORY.md), taken as it is instead of a template. */
  readonly body?: string;
  /**
   * For a durable lesson (a root whose memories carry no type): `metadata.pinned` as Claude Code writes
   * it, so the new memory reads as a lesson, not as a memory missing its type. Ignored with a type.
   */
  readonly pinned?: boolean;
}

/** How the root writes its files: the majority's frontmatter shape, line ending and language. */
export interface NewMemoryStyle {
  readonly typeLocation: TypeLocation;
  readonly eol: '\n' | '\r\n';
  /** For the built-in template's headings; English when not known. */
  readonly language?: MemoryLanguage;
}

/**
 * The one writer of new memory files (a stub a `[[link]]` asks for, a file an index entry points at, a
 * memory made from the UI): frontmatter in the root's shape, every value through {@link yamlScalar},
 * then the type's template with its headings in the root's language. The cursor waits in the empty
 * description, or, with a description given, in the body under the first section.
 */
export function newMemoryText(memory: NewMemory, style: NewMemoryStyle): { readonly content: string; readonly cursor: Position } {
  const { eol } = style;
  const description = memory.description?.trim() ?? '';
  const lines = ['---', `name: ${yamlScalar(memory.name)}`, `description: ${description ? yamlScalar(description) : ''}`];
  if (memory.type !== undefined) {
    if (style.typeLocation === 'metadata') lines.push('metadata:', `  type: ${yamlScalar(memory.type)}`);
    else lines.push(`type: ${yamlScalar(memory.type)}`);
  } else if (memory.pinned !== undefined) {
    lines.push('metadata:', `  pinned: ${memory.pinned ? 'true' : 'false'}`);
  }
  lines.push('---');
  const template = memory.template ?? builtInTemplate(memory.type, TEMPLATE_HEADINGS[style.language ?? 'en']);
  const body = memory.body ?? fillTemplate(template, { name: memory.name, type: memory.type }, eol);
  const cursor = description ? { line: lines.length + bodyCursorLine(body), character: 0 } : { line: 2, character: 'description: '.length };
  return { content: lines.join(eol) + eol + body, cursor };
}

/** The body line to start writing on: above a labelled body's first label, else after its first section heading, else after its title. */
function bodyCursorLine(body: string): number {
  const lines = body.split(/\r?\n/);
  // A body of labelled lines (the folder's `**Why:**`, `**How to apply:**`) starts with the fact above them.
  const labelled = labelledCursorLine(lines);
  if (labelled !== undefined && !lines.some((line) => /^##\s/.test(line))) return labelled;
  const section = lines.findIndex((line) => /^##\s/.test(line));
  const title = lines.findIndex((line) => /^#\s/.test(line));
  const heading = section >= 0 ? section : title;
  return heading >= 0 ? Math.min(heading + 1, lines.length - 1) : lines.length - 1;
}

/** What a new memory file is made from: its path and whatever words already describe it. */
export interface StubSource {
  readonly path: RootPath;
  readonly description: string | undefined;
}

/**
 * The text of a memory file an index entry points at but nobody wrote: a name from the file stem, the
 * entry's words as description (unescaped as the index writer escapes them), and the type the name's
 * prefix announces; a type that cannot be inferred is left out rather than guessed.
 */
export function memoryStub(source: StubSource, typeSet: TypeSet, style: NewMemoryStyle): string {
  const stem = fileStem(source.path);
  const name = suggestSlug(undefined, stem) ?? stem;
  const description = source.description?.replace(/\\([\\[\]])/g, '$1');
  return newMemoryText({ name, description, type: inferType(name, typeSet.types) }, style).content;
}
