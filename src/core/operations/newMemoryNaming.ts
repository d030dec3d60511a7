import { rootConventions } from '../conventions';
import { memoryFileName } from '../conventions';
import type { MemoryStore } from '../memoryStore';
import { isSlug, slugify } from '../slug';
import { typePrefixSeparator } from './typePrefixedFiles';

/** What a title becomes in a folder: the `name` [[links]] use and the file it is written to. */
export interface DerivedName {
  readonly name: string;
  readonly file: string;
}

/** A topic slug stays short, as Claude Code's own are (`review-style`, `commit-format`). */
const MAX_SLUG = 48;

/**
 * A slug that keeps the title's script: Hangul, kana and kanji stay as written, every run of spaces
 * and punctuation becomes one `-`, so `배포 동결 (목요일)` is `배포-동결-목요일`, never a file name
 * with spaces. Latin letters are lower-cased and lose their accents as {@link slugify} does.
 */
export function scriptSlug(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '').normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** A title's topic slug: ASCII where the title is in Latin letters, its own script otherwise; cut at a word. */
export function topicSlug(title: string): string {
  const latin = !/[^\p{Script=Latin}\p{N}\p{P}\p{Z}\p{S}]/u.test(title);
  const slug = (latin ? slugify(title) : '') || scriptSlug(title);
  if (slug.length <= MAX_SLUG) return slug;
  const cut = slug.slice(0, MAX_SLUG);
  const boundary = cut.lastIndexOf('-');
  return boundary > MAX_SLUG / 2 ? cut.slice(0, boundary) : cut;
}

/** How the folder's typed, named memories are named, counted once. */
interface NameHabits {
  readonly named: number;
  readonly titled: number;
  readonly slugs: number;
  /** Names that carry their type in front (`feedback-small-prs`). */
  readonly typed: number;
}

function habitsOf(store: MemoryStore): NameHabits {
  let named = 0;
  let titled = 0;
  let slugs = 0;
  let typed = 0;
  for (const memory of store.memories()) {
    if (!memory.name) continue;
    named++;
    if (isSlug(memory.name)) slugs++;
    else titled++;
    if (memory.type && memory.name.toLowerCase().startsWith(`${memory.type.toLowerCase()}-`)) typed++;
  }
  return { named, titled, slugs, typed };
}

/** Whether the folder has no memory to learn a habit from: a new memory follows Claude Code's own then. */
export function hasNoNamingHabit(store: MemoryStore): boolean {
  return habitsOf(store).named === 0;
}

/**
 * The name and file name a folder's habits give a title, so a new memory looks like its neighbours:
 * a folder naming memories by human titles (`name: 수식 표기`) keeps the title as the name; one of
 * slugs gets the title's topic slug (in its own script when it has no Latin letters), with the type in
 * front where its names carry it (`feedback-small-prs`); the file takes the `<type>_<topic>.md` prefix
 * where the folder's files carry it, and never a space. A folder with no named memory (an empty one)
 * follows Claude Code's own current habit: `name` the topic slug, file `<type>_<topic>.md`.
 */
export function deriveName(title: string, type: string | undefined, store: MemoryStore): DerivedName | undefined {
  const text = title.trim().replace(/\s+/g, ' ');
  if (text === '') return undefined;
  const topic = topicSlug(text);
  if (topic === '') return undefined;
  const habits = habitsOf(store);
  if (habits.named === 0) return { name: topic, file: type ? `${type}_${topic}.md` : `${topic}.md` };
  const byTitle = habits.titled > habits.slugs;
  let name = byTitle ? text : topic;
  if (!byTitle && type && habits.typed * 2 > habits.slugs && !name.startsWith(`${type}-`)) name = `${type}-${name}`;
  const prefix = typePrefixSeparator(store);
  // The file names the topic, never the title's spaces: `feedback_배포-동결.md`.
  const file = prefix && type ? `${type}${prefix}${byTitle ? topic : name}.md` : memoryFileName(byTitle ? topic : name, rootConventions(store).fileSeparator);
  return { name, file };
}
