import { findImports } from './sessionLoad/imports';
import type { TextEdit } from './types';

/**
 * Whether a CLAUDE.md's text imports `target`, a `/`-separated path relative to that CLAUDE.md's folder
 * (`memory/MEMORY.md`): written `@memory/MEMORY.md` or `@./memory/MEMORY.md`, outside code, as Claude
 * Code reads imports. Without such an import Claude Code never loads a project's memory folder.
 */
export function importsPath(text: string, target: string): boolean {
  const wanted = folded(target);
  return findImports(text).some((found) => folded(found.ref) === wanted);
}

/**
 * The project files that can import a memory folder's index, in the order they are looked at. An import
 * resolves from the folder of the file holding it, so `.claude/CLAUDE.md` names `memory/MEMORY.md` as
 * `@../memory/MEMORY.md`; its `@memory/MEMORY.md` would be `.claude/memory/MEMORY.md`.
 */
export const PROJECT_CLAUDE_FILES = ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md'] as const;

/** `indexPath` (relative to the project folder, `/`-separated) as an import written in `claudeFile` names it. */
export function importRefFrom(claudeFile: string, indexPath: string): string {
  const from = claudeFile.split('/').slice(0, -1);
  const to = indexPath.split('/');
  let shared = 0;
  while (shared < from.length && shared < to.length - 1 && from[shared] === to[shared]) shared++;
  return [...from.slice(shared).map(() => '..'), ...to.slice(shared)].join('/');
}

/**
 * Which of the project's CLAUDE.md files imports the index at `indexPath` (relative to the project
 * folder), given their texts (undefined for a file that is missing or was not read); undefined when none.
 */
export function indexImporter(texts: ReadonlyMap<string, string | undefined>, indexPath: string): string | undefined {
  return PROJECT_CLAUDE_FILES.find((name) => {
    const text = texts.get(name);
    return text !== undefined && importsPath(text, importRefFrom(name, indexPath));
  });
}

/** How CLAUDE.md changes to gain an import: a new file's content, or one insertion at its end. */
export type ImportEdit =
  | { readonly kind: 'create'; readonly content: string }
  | { readonly kind: 'edit'; readonly edits: readonly TextEdit[] };

/**
 * Appends the line `@target` to CLAUDE.md after a blank line; a missing file (`text` undefined) is
 * created holding just that line. Only the inserted bytes are new; the file's line ending is kept.
 */
export function planAddImport(text: string | undefined, target: string): ImportEdit {
  const line = `@${target}`;
  if (text === undefined) return { kind: 'create', content: `${line}\n` };
  if (text === '') return { kind: 'edit', edits: [insert(0, 0, `${line}\n`)] };
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r\n|\n|\r/);
  const last = lines.length - 1;
  // A text ending with a line break splits into a last empty string: one more break makes the blank line.
  const lead = lines[last] === '' ? (last > 0 && lines[last - 1].trim() === '' ? '' : eol) : eol + eol;
  return { kind: 'edit', edits: [insert(last, lines[last].length, `${lead}${line}${eol}`)] };
}

function insert(line: number, character: number, newText: string): TextEdit {
  const at = { line, character };
  return { range: { start: at, end: at }, newText };
}

/** `./a/../memory//MEMORY.md` as `memory/MEMORY.md`: the spellings that name one file from one folder. */
function folded(ref: string): string {
  const parts: string[] = [];
  for (const part of ref.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}
