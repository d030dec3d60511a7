import type { MemoryFile } from '../../memoryFile';
import { ProblemCode, titleOf, type Problem } from '../../problems';
import { msg } from '../../text';
import { fieldAnchor } from '../shared/problemAnchors';
import { makeProblem } from '../shared/makeProblem';
import { setFieldEdit } from '../../edits/frontmatterEdits';
import { isLinkableName } from '../../slug';

/**
 * `name-not-slug`: a name no `[[link]]` can spell (`Q&A | notes`, `C# style`), since `[`, `]`, `|` and
 * `#` end a link's target. A human title (`Lab Notes`, `사용자 프로필`, `ビルド結果は毎朝確認する`)
 * is a name Claude Code writes and links to as it is (DESIGN.md section 1: folders named by titles are
 * not wrong; the real folders labelled every title finding debatable), so it is never asked to become a
 * slug; nor is an identifier in another case or with `_`: links fold those. The fix takes the characters
 * out, keeping the rest of the name as it was written.
 */
export function checkNameSlug(memory: MemoryFile): Problem[] {
  const { name, path } = memory;
  if (memory.frontmatter.status !== 'ok' || name === undefined || isLinkableName(name)) return [];
  const linkable = linkableName(name);
  const edit = linkable ? setFieldEdit(memory, 'name', linkable) : undefined;
  const fix = edit ? { ...titleOf(msg('Change the name to {0}', linkable!)), preferred: true, edits: [{ kind: 'edit' as const, path, edits: [edit] }] } : undefined;
  return [makeProblem(ProblemCode.NameNotSlug, path, fieldAnchor(memory, 'name'), msg('The name "{0}" holds [, ], | or #, which end a [[link]]: no link can name this memory.', name), undefined, [fix])];
}

/**
 * The name without the characters a link cannot carry: a space where the name has spaces, else a hyphen.
 * A run of spaces (or hyphens) is tried only from its start, `(?<!\s)`: tried from each of its
 * characters, a long run with no bracket after it, or not at the end, took time quadratic in its length.
 */
export function linkableName(name: string): string | undefined {
  const spaced = /\s/u.test(name);
  const cleaned = name.replace(spaced ? /(?:(?<!\s)\s+)?[[\]|#]+\s*/gu : /(?:(?<!-)-+)?[[\]|#]+-*/gu, spaced ? ' ' : '-').replace(/^[\s-]+|(?<![\s-])[\s-]+$/gu, '');
  return cleaned === '' ? undefined : cleaned;
}
