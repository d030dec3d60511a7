import { foldName } from '../../rootPath';
import { slugify } from '../../slug';

/**
 * How a name is written: an `identifier` (one ASCII word or words joined by `-` or `_`, in any case:
 * `feedback-testing`, `feedback_testing`, `Testing`) or a `title` (words with spaces, punctuation or
 * letters outside ASCII: `Testing approach`, `사용자 프로필`). Real folders keep one style; a title in a
 * folder of identifiers is the odd one out, a folder of titles is a convention.
 */
export type NameStyle = 'identifier' | 'title';

const IDENTIFIER = /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/;

export function nameStyle(name: string): NameStyle {
  return IDENTIFIER.test(name) ? 'identifier' : 'title';
}

/**
 * Whether `name` is its file stem however it is spelled: the same with case and `_`/`-` folded, or
 * the stem without Claude Code's `<type>_` prefix (`feedback_testing.md` with `name: testing`), or the
 * name with such a prefix and the stem without it.
 */
export function isStemName(name: string, stem: string): boolean {
  const folded = foldName(name);
  const foldedStem = foldName(stem);
  return folded === foldedStem || withoutFirstWord(foldedStem) === folded || withoutFirstWord(folded) === foldedStem;
}

/**
 * Whether name and stem name one thing: {@link isStemName}, or the same words once formatting is
 * dropped (`Feedback Math` in `feedback_math.md`), or the same words in another order.
 */
export function namesFile(name: string, stem: string): boolean {
  if (isStemName(name, stem)) return true;
  const slug = slugify(name);
  if (slug === '') return false;
  const stemSlug = slugify(stem);
  if (slug === stemSlug || withoutFirstWord(stemSlug) === slug) return true;
  // The stem's words in another order: `book-writer-project` in `project_book-writer.md`.
  const words = sortedWords(slug);
  return words === sortedWords(stemSlug) || words === sortedWords(withoutFirstWord(stemSlug));
}

function sortedWords(slug: string | undefined): string | undefined {
  return slug?.split('-').sort().join('-');
}

function withoutFirstWord(folded: string): string | undefined {
  const dash = folded.indexOf('-');
  return dash > 0 && dash < folded.length - 1 ? folded.slice(dash + 1) : undefined;
}
