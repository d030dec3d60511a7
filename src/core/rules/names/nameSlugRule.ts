import type { MemoryFile } from '../../memoryFile';
import { ProblemCode, titleOf, type Problem } from '../../problems';
import { msg } from '../../text';
import { fieldAnchor } from '../shared/problemAnchors';
import { makeProblem } from '../shared/makeProblem';
import { setFieldEdit } from '../../edits/frontmatterEdits';
import { isStemName, memoryNameStyle } from './nameConvention';
import { isSlug, suggestSlug } from '../../slug';

/**
 * `name-not-slug`: a name written as a title (`Lab Notes`, `사용자 프로필`) in a folder whose names are
 * mostly identifiers. A folder of titles is following its own convention and hears nothing; nor does
 * a name that is its file stem however it is spelled (`feedback_testing`, `Testing` in
 * `feedback_testing.md`), nor an identifier in another case or with `_`: links fold those. A title is
 * never also reported as `name-file-mismatch` (that rule reads identifiers only), so a line gets one code.
 *
 * `identifiersLead` is the folder's convention: more memories named by identifier than by title.
 */
export function checkNameSlug(memory: MemoryFile, identifiersLead: boolean): Problem[] {
  const { name, path, stem } = memory;
  if (!identifiersLead || name === undefined || memoryNameStyle(memory) !== 'title' || isSlug(name) || isStemName(name, stem)) return [];
  const slug = suggestSlug(name, stem);
  const edit = slug && slug !== name ? setFieldEdit(memory, 'name', slug) : undefined;
  const fix = edit ? { ...titleOf(msg('Change the name to {0}', slug!)), preferred: true, edits: [{ kind: 'edit' as const, path, edits: [edit] }] } : undefined;
  return [makeProblem(ProblemCode.NameNotSlug, path, fieldAnchor(memory, 'name'), msg('The name "{0}" is written as a title, while most memories here are named by a slug: [[links]] to it break more easily.', name), undefined, [fix])];
}
