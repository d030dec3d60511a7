import { inferType } from '../operations/stub';
import { builtInTemplate, fillTemplate } from '../operations/templates';
import type { TypeLocation } from '../memoryFile';
import type { TypeSet } from '../memoryTypes';
import { fileStem } from '../rootPath';
import type { RootPath } from '../types';
import { yamlScalar } from './yamlScalar';
import { suggestSlug } from '../rules/names/slug';

/** What a new memory file is made from: its path and whatever words already describe it. */
export interface StubSource {
  readonly path: RootPath;
  readonly description: string | undefined;
}

/**
 * The text of a memory file an index entry points at but nobody wrote: frontmatter with a name from
 * the file stem, the description given, and the type the name's prefix announces, in the root's
 * majority shape, then the type's body template, as a stub made from a `[[link]]` has. A type that
 * cannot be inferred is left out rather than guessed, so the new file shows `type-missing` and its fixes.
 */
export function memoryStub(source: StubSource, typeSet: TypeSet, shape: TypeLocation, eol: '\n' | '\r\n'): string {
  const stem = fileStem(source.path);
  const name = suggestSlug(undefined, stem) ?? stem;
  const type = inferType(name, typeSet.types);
  const lines = ['---', `name: ${yamlScalar(name)}`];
  if (source.description) lines.push(`description: ${yamlScalar(source.description)}`);
  if (type) lines.push(...(shape === 'metadata' ? ['metadata:', `  type: ${yamlScalar(type)}`] : [`type: ${yamlScalar(type)}`]));
  lines.push('---');
  return lines.join(eol) + eol + fillTemplate(builtInTemplate(type), { name, type }, eol);
}
