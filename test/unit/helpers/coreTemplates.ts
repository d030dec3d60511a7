import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPO = join(__dirname, '..', '..', '..', '..');

const CALL = /\bmsg\(/g;
// A template is a string literal in any quote; a `${...}` would make it vary, so backquotes without one.
const LITERAL_CALL = /\bmsg\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`)\s*[,)]/g;

/** The `.ts` files under `dir`, as absolute paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => join(dir, file));
}

/**
 * The templates of core's user-facing sentences, read from the `msg(...)` calls of src/core (and of
 * src/reader, whose skip findings core's adapters show alike), and the
 * calls whose template is not a literal (which would escape translation).
 */
export function coreTemplates(): { templates: Set<string>; notLiteral: string[] } {
  const templates = new Set<string>();
  const notLiteral: string[] = [];
  for (const file of [...sourceFiles(join(REPO, 'src', 'core')), ...sourceFiles(join(REPO, 'src', 'reader'))]) {
    const source = readFileSync(file, 'utf8').replace(/export function msg\(/, '');
    const literal = [...source.matchAll(LITERAL_CALL)];
    for (const match of literal) templates.add((match[1] ?? match[2] ?? match[3]).replace(/\\(.)/g, '$1'));
    const calls = [...source.matchAll(CALL)].length;
    if (calls !== literal.length) notLiteral.push(`${file}: ${calls - literal.length} of ${calls} calls`);
  }
  return { templates, notLiteral };
}
