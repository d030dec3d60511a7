import { stepFence } from './codeFence';
import type { MemoryFile } from './memoryFile';
import { columnsIn } from './textColumns';

/**
 * Where a memory's label came from: `description` means the row's description would only repeat it;
 * `file` is the file's topic, its stem put in words.
 */
export type LabelSource = 'index' | 'name' | 'heading' | 'description' | 'file';

export interface MemoryLabel {
  readonly text: string;
  readonly source: LabelSource;
}

/**
 * A description this short reads whole as a title (a CJK character counts two columns). A longer one is
 * never cut into a label: cut, it is no title, so the file's topic names the row and the description
 * stands whole beside it.
 */
const DESCRIPTION_TITLE_COLUMNS = 48;

/**
 * What a person reads for a memory in lists: its MEMORY.md title, else its `name`, else its body's H1
 * heading, else its description when it is short enough to read whole, else its file's topic: the stem
 * without Claude Code's `<type>_` prefix, in words (`feedback_ask-before-migration.md` reads "Ask before
 * migration"). A title that is only the file's
 * name (its stem or path, give or take `.md`, backticks, case, `_`/`-` and the `<type>_` prefix) is no
 * title: `name: feedback_ask-before-migration` reads as a file name among titles, so the next best is
 * taken.
 */
export function memoryLabelOf(memory: MemoryFile, indexTitle: string | undefined, types: readonly string[]): MemoryLabel {
  const prefixes = [...(memory.type ? [memory.type] : []), ...types];
  const isTitle = (text: string | undefined): text is string => text !== undefined && text !== '' && !namesTheFile(text, memory, prefixes);
  const title = indexTitle?.trim();
  if (isTitle(title)) return { text: title, source: 'index' };
  const name = memory.name?.trim();
  if (isTitle(name)) return { text: name, source: 'name' };
  const heading = firstHeading(memory);
  if (isTitle(heading)) return { text: heading, source: 'heading' };
  const description = memory.description?.trim();
  if (description && columnsIn(description) <= DESCRIPTION_TITLE_COLUMNS) return { text: description, source: 'description' };
  return { text: inWords(stemWithoutTypePrefix(memory.stem, prefixes)), source: 'file' };
}

/** The label's text alone: tree rows, dialogs, pickers, notifications and the form header all use it. */
export function memoryLabel(memory: MemoryFile, indexTitle: string | undefined, types: readonly string[]): string {
  return memoryLabelOf(memory, indexTitle, types).text;
}

/**
 * The title a new MEMORY.md line gets: the label, except one read from the description, which the
 * line's hook already says (`- [x](x.md) — x` would say it twice): then the file's topic in words.
 */
export function indexLineTitle(memory: MemoryFile, types: readonly string[]): string {
  const label = memoryLabelOf(memory, undefined, types);
  if (label.source !== 'description') return label.text;
  return inWords(stemWithoutTypePrefix(memory.stem, [...(memory.type ? [memory.type] : []), ...types]));
}

/** A slug in words: `ask-before-migration` -> "Ask before migration", `release_train` -> "Release train". */
function inWords(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (words === '') return slug;
  return /^[a-z]/.test(words) ? words[0].toUpperCase() + words.slice(1) : words;
}

function stemWithoutTypePrefix(stem: string, types: readonly string[]): string {
  const lower = stem.toLowerCase();
  for (const type of types) {
    const prefix = type.toLowerCase();
    if (lower.length > prefix.length + 1 && lower.startsWith(prefix) && (lower[prefix.length] === '_' || lower[prefix.length] === '-')) {
      return stem.slice(prefix.length + 1);
    }
  }
  return stem;
}

/**
 * Whether a title is the file's name, stem or path, give or take `.md`, backticks, case, `_`/`-` and the
 * type prefix. A title in words of Korean, Japanese or another script, with no `_` or `.md`, is a title
 * even when the file is named after it (New Memory names `feedback_ビルド結果は毎朝確認する.md` so).
 */
function namesTheFile(title: string, memory: MemoryFile, types: readonly string[]): boolean {
  if (/[^\x00-\x7f]/.test(title) && !/_|\.md$/i.test(title)) return false;
  const fold = (text: string): string => text.replace(/^`|`$/g, '').replace(/^\.\//, '').replace(/\.md$/i, '').toLowerCase().replace(/_/g, '-');
  const folded = fold(title);
  const bare = stemWithoutTypePrefix(memory.stem, types);
  return folded === fold(memory.stem) || folded === fold(memory.path) || (bare !== memory.stem && folded === fold(bare));
}

/** The body's first `# ` heading outside code, without closing hashes; undefined when there is none. */
function firstHeading(memory: MemoryFile): string | undefined {
  const body = memory.text.slice(memory.frontmatter.bodyStart);
  let fence: string | undefined;
  let start = 0;
  // A memory's body is short, but only its first heading matters: stop at the first H1.
  while (start <= body.length) {
    const end = body.indexOf('\n', start);
    const line = body.slice(start, end < 0 ? undefined : end).replace(/\r$/, '');
    const step = stepFence(line, fence);
    fence = step.fence;
    if (!step.isCode) {
      const text = headingText(line);
      if (text !== undefined) return text.trim() || undefined;
    }
    if (end < 0) break;
    start = end + 1;
  }
  return undefined;
}

/**
 * What `/^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/` captures of a line, found by reading the end of the
 * line once: the lazy capture tried the closing `#`s and blanks from every character, which a heading
 * with a long run of spaces inside made quadratic. Undefined where the pattern does not match.
 */
export function headingText(line: string): string | undefined {
  const open = /^ {0,3}#[ \t]+/.exec(line);
  if (!open) return undefined;
  const start = open[0].length;
  // `.` stops at these, and neither the text nor its closing may hold one.
  if (/[\n\r\u2028\u2029]/.test(line.slice(start))) return undefined;
  // Only blanks after the `#`: the capture is the last of them, given back by `[ \t]+`.
  if (start === line.length) return start - open[0].trimEnd().length >= 2 ? line.slice(-1) : undefined;
  let end = line.length;
  while (isBlank(line.charCodeAt(end - 1))) end--;
  // A closing run of `#` after a blank is left out with the blanks before it.
  let hashes = end;
  while (hashes > start && line.charCodeAt(hashes - 1) === 0x23) hashes--;
  if (hashes < end && hashes > start && isBlank(line.charCodeAt(hashes - 1))) {
    let blanks = hashes;
    while (isBlank(line.charCodeAt(blanks - 1))) blanks--;
    end = blanks;
  }
  return line.slice(start, end);
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09;
}
