import { isSlug, memoryFileName, rootConventions, slugify, typePrefixSeparator, type MemoryStore } from '../../core';

/** What a title becomes in a folder: the `name` [[links]] use and the file it is written to. */
export interface DerivedName {
  readonly name: string;
  readonly file: string;
}

/**
 * The name and file name a folder's own habits give a title, so a new memory looks like its
 * neighbours: a folder naming memories by human titles (`name: 수식 표기`) keeps the title as the name;
 * one of slugs gets the title's slug, with the type in front where its names carry it
 * (`feedback-small-prs`), and the file the `<type>_<topic>.md` prefix where its files carry it.
 * A title in another script has no slug: it stays the name.
 */
export function deriveName(title: string, type: string | undefined, store: MemoryStore): DerivedName | undefined {
  const text = title.trim();
  if (text === '') return undefined;
  let titled = 0;
  let slugs = 0;
  let typed = 0;
  for (const memory of store.memories()) {
    if (!memory.name) continue;
    if (isSlug(memory.name)) slugs++;
    else titled++;
    if (memory.type && memory.name.toLowerCase().startsWith(`${memory.type.toLowerCase()}-`)) typed++;
  }
  const slug = slugify(text);
  const byTitle = titled > slugs || slug === '' || /[^\p{Script=Latin}\p{N}\p{P}\p{Z}\p{S}]/u.test(text);
  let name = byTitle ? text : slug;
  if (!byTitle && type && typed * 2 > slugs && !name.startsWith(`${type}-`)) name = `${type}-${name}`;
  const conventions = rootConventions(store);
  const prefix = typePrefixSeparator(store);
  const file = prefix && type ? `${type}${prefix}${name}.md` : memoryFileName(name, conventions.fileSeparator);
  return { name, file };
}
