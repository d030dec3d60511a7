const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Whether `name` is a kebab-case slug. ASCII only: a Korean or Japanese name is not a slug, since
 * file names, URLs and `[[links]]` typed on another keyboard all handle it less well.
 */
export function isSlug(name: string): boolean {
  return SLUG.test(name);
}

/**
 * A slug for `text`: accents dropped, camelCase split when there are no separators, every run of
 * other characters made one `-`. Empty when nothing of the text is ASCII letters or digits.
 */
export function slugify(text: string): string {
  let words = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  // Only a name written as one camelCase word is split: in "LaTeX notes" the case is not a word break.
  if (!/[\s_\-.]/.test(words.trim())) words = words.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2');
  return words.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/**
 * The slug to offer for a memory's name. A name in another script would lose its meaning (only its
 * ASCII scraps would remain), so it falls back to the file stem, which Claude Code writes in ASCII.
 * Undefined when neither gives a slug.
 */
export function suggestSlug(name: string | undefined, stem: string): string | undefined {
  const fromName = name !== undefined && !hasNonLatinLetters(name) ? slugify(name) : '';
  const slug = fromName || slugify(stem);
  return slug || undefined;
}

/** Letters that NFKD cannot bring back to ASCII: Hangul, kana, kanji, Cyrillic and the like. */
function hasNonLatinLetters(text: string): boolean {
  return /[^\u0000-\u024f\u0300-\u036f\u1e00-\u1eff\s\p{P}\p{S}\p{N}]/u.test(text);
}

/** Whether a `[[link]]` can spell `name`: brackets end a link's target, `|` starts its label, `#` its heading. */
export function isLinkableName(name: string): boolean {
  return !/[[\]|#]/u.test(name);
}
