import { stepFence } from '../../codeFence';
import { newMemoryText } from '../../edits/memoryStub';
import { shorten } from '../../edits/shorten';
import type { TypeLocation } from '../../memoryFile';
import type { MemoryIndex } from '../../memoryIndex';
import type { MemoryStore } from '../../memoryStore';
import type { TypeSet } from '../../memoryTypes';
import { indexDash } from '../../conventions';
import { inferType } from '../../typeFromName';
import { indexEntryLine } from '../../edits/indexEntry';
import { ProblemCode, titleOf, type Problem, type ProblemFix } from '../../problems';
import { INDEX_FILE_NAME, isMemoryPath } from '../../rootPath';
import { msg, type Text } from '../../text';
import type { RootPath } from '../../types';
import { makeProblem } from '../shared/makeProblem';
import type { LoadCut } from './indexBudget';
import type { IndexLoadWay } from '../../indexLoad';
import { IndexText } from '../../indexText';
import { suggestSlug } from '../../slug';

/** What the content rule needs besides MEMORY.md and the store. */
export interface IndexContentOptions {
  readonly typeSet: TypeSet;
  /** Where new memory files keep their type: the root's majority shape. */
  readonly stubShape: TypeLocation;
  readonly cut: LoadCut | undefined;
  /** How the root's MEMORY.md loads: one nothing loads is not "loaded in every session" (issue #40). */
  readonly way?: IndexLoadWay;
}

/**
 * A run of lines is facts rather than a note once it has three lines, or two that say much, or one
 * long paragraph: Claude Code's own guidance keeps MEMORY.md to one line per memory, so a short note
 * ("Newest first.") or a heading's one-line intro stays quiet. Lengths are weighed, not counted: a
 * Hangul syllable or a kanji says about what two Latin letters do, so a Korean or Japanese paragraph
 * is as long as its English twin.
 */
const MIN_LINES = 3;
const MIN_CHARS_TWO_LINES = 160;
const MIN_CHARS_ONE_LINE = 240;
/**
 * Where the index itself shows the lines are a memory's content, a sentence is enough: a section of
 * its own (a `##` heading, no link to any memory under it: "## Commit messages" then the rule), a line
 * right under a pointer to a memory ("Details: [x](x.md)" then a rule the memory was meant to hold), and
 * list items beside the entries ("- Vercel MCP is not used; CLI only.", two of them or more).
 */
const MIN_CHARS_OWN_SECTION = 40;
const MIN_CHARS_UNDER_POINTER = 40;
const MIN_CHARS_LIST = 80;

interface Block {
  readonly first: number;
  readonly last: number;
  readonly chars: number;
  /** The nearest heading above, the block's title. */
  readonly heading: string | undefined;
  /** Whether the block stands under a `##` (or deeper) heading whose section links to no memory. */
  readonly ownSection: boolean;
  /** Whether the line right above the block is prose pointing at a memory (not an entry). */
  readonly underPointer: boolean;
  /** Whether a line of the block is a list item. */
  readonly listed: boolean;
  /** Whether the block speaks of the index itself ("Entries are one line each"): a note, however placed. */
  readonly aboutIndex: boolean;
  /** Whether the block tells what day it is ("Today is 2026-03-14"), under a date heading or in so many words. */
  readonly statesToday: boolean;
}

/**
 * A written date: ISO-like, Korean, Japanese, or an English month and day. What a "Today is …" line
 * must carry to claim the day (a bare "today is the freeze" claims nothing).
 */
const WRITTEN_DATE = String.raw`(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{4}\s*년\s*\d{1,2}\s*월|\d{1,2}\s*월\s*\d{1,2}\s*일|\d{4}\s*年\s*\d{1,2}\s*月|\d{1,2}\s*月\s*\d{1,2}\s*日|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)`;
/**
 * "Today is …", "Current date: …", "오늘은 …", "今日は …", and the labels "**Today:**", "오늘:", "本日：" (round-2
 * probe, issue #23: 2 of 2 labelled dates missed), then (a weekday at most between) a written date.
 */
const TODAY_IS = new RegExp(String.raw`(?:\btoday is|\btoday's date(?: is)?|\bcurrent date(?: is)?|\bthe date today is|\btoday(?=[*_]*[ \t]*[:：])|오늘은|오늘 날짜(?:는)?|현재 날짜(?:는)?|오늘(?=[*_]*[ \t]*[:：])|今日は|本日は|(?:今日|本日)(?=[*_]*[ \t]*[:：])|今日の日付(?:は)?|現在の日付(?:は)?)[\s:：*_]*(?:[A-Za-z]+day,?\s*|\(?[월화수목금토일]요일\)?,?\s*|[月火水木金土日]曜日,?\s*)?${WRITTEN_DATE}`, 'i');
/** A heading that names the day ("## Current date", "## 오늘 날짜", "## 今日の日付"), over a line that starts with a date. */
const TODAY_HEADING = /\b(?:current date|today(?:'s date)?|date today)\b|오늘|현재 날짜|今日|本日|現在の日付/i;
const STARTS_WITH_DATE = new RegExp(String.raw`^[\s>*_-]*${WRITTEN_DATE}`, 'i');

/**
 * `index-inline-memory`: paragraphs and lists of facts (or of links to pages outside the root) written
 * into MEMORY.md itself, which cost the
 * load budget on every session and which the sidebar never shows. One problem per block of such lines,
 * not one per line. Lines that link to a memory (an entry, `Details: [infra.md](./infra.md)`), headings,
 * blank lines, HTML comments, rules (`---`), lines already reported as malformed and short notes stay
 * quiet; so do blocks past the load limit, where index-over-budget speaks.
 *
 * The fix "Move to a new memory" creates the memory (frontmatter in the root's shape: a name from the
 * heading above, a description from the first line, the type that name announces) holding the block,
 * and leaves one entry line in the block's place. A person decides what the fact is: never `--fix`.
 */
export function checkIndexContent(index: MemoryIndex, store: MemoryStore, options: IndexContentOptions): Problem[] {
  const text = new IndexText(index);
  const problems: Problem[] = [];
  for (const block of contentBlocks(index, store)) {
    if (options.cut && text.lineStart(block.first) >= options.cut.offset) break;
    const lineCount = block.last - block.first + 1;
    const range = { start: { line: block.first, character: 0 }, end: { line: block.last, character: index.lines[block.last].text.length } };
    if (block.statesToday) {
      // Loaded at every session start, the day it names is right on one day only; Claude Code tells the model the date itself.
      problems.push(makeProblem(ProblemCode.IndexInlineMemory, INDEX_FILE_NAME, range,
        options.way === 'not-loaded'
          ? msg('MEMORY.md says what day it is today: on any other day that date is wrong, and once a CLAUDE.md imports this index every session would read it. Remove it: Claude Code gives the current date itself.')
          : msg('MEMORY.md says what day it is today: it is loaded in every session, and on any other day that date is wrong. Remove it: Claude Code gives the current date itself.'),
        undefined, [removeTodayFix(index, block)]));
      continue;
    }
    if (!holdsFacts(block, lineCount)) continue;
    const message = options.way === 'not-loaded' ? notLoadedMessage(lineCount) : lineCount === 1
      ? msg('A paragraph of facts written into MEMORY.md: it is loaded in every session and the sidebar never shows it. Move it into a memory of its own and leave one line here.')
      : msg('{0} lines of facts written into MEMORY.md: they are loaded in every session and the sidebar never shows them. Move them into a memory of their own and leave one line here.', lineCount);
    problems.push(makeProblem(ProblemCode.IndexInlineMemory, INDEX_FILE_NAME, range, message, undefined, [moveFix(index, store, block, options)]));
  }
  return problems;
}

/** Facts in an index nothing loads yet: they cost nothing today, but would load whole once it is imported. */
function notLoadedMessage(lineCount: number): Text {
  return lineCount === 1
    ? msg('A paragraph of facts written into MEMORY.md: the sidebar never shows it, and once a CLAUDE.md imports this index it would load in every session. Move it into a memory of its own and leave one line here.')
    : msg('{0} lines of facts written into MEMORY.md: the sidebar never shows them, and once a CLAUDE.md imports this index they would load in every session. Move them into a memory of their own and leave one line here.', lineCount);
}

function holdsFacts(block: Block, lineCount: number): boolean {
  if (lineCount >= MIN_LINES) return true;
  if (block.aboutIndex) return lineCount === 2 ? block.chars >= MIN_CHARS_TWO_LINES : block.chars >= MIN_CHARS_ONE_LINE;
  if (block.ownSection && block.chars >= MIN_CHARS_OWN_SECTION) return true;
  if (block.underPointer && block.chars >= MIN_CHARS_UNDER_POINTER) return true;
  if (block.listed && lineCount === 2 && block.chars >= MIN_CHARS_LIST) return true;
  return lineCount === 2 ? block.chars >= MIN_CHARS_TWO_LINES : block.chars >= MIN_CHARS_ONE_LINE;
}

/** Words of a note on the index itself: its entries, lines, files, this index. */
const ABOUT_INDEX = /\b(?:entr(?:y|ies)|index|this file|memory files?|memories|one line)\b|항목|인덱스|색인|목록|메모리 파일|한 줄|エントリ|索引|インデックス|目次|メモリファイル|1行/i;

const LIST_ITEM = /^\s*(?:[-*+]|\d{1,3}[.)])\s+\S/;
const SECTION_HEADING = /^ {0,3}#{2,6}(?:\s|$)/;

/**
 * For each line, whether it stands under a `##` (or deeper) heading whose section (to the next heading
 * of any level) holds no link to a memory.
 */
function ownSections(index: MemoryIndex, linkedLines: ReadonlySet<number>): boolean[] {
  const own = new Array<boolean>(index.lines.length).fill(false);
  let start = -1;
  let linked = false;
  const end = (stop: number): void => {
    if (start >= 0 && !linked) own.fill(true, start, stop);
  };
  for (const line of index.lines) {
    if (line.kind === 'heading') {
      end(line.line);
      start = SECTION_HEADING.test(line.text) ? line.line + 1 : -1;
      linked = false;
    } else if (linkedLines.has(line.line)) {
      linked = true;
    }
  }
  end(index.lines.length);
  return own;
}

/** The runs of content lines, each with the heading it sits under. */
function contentBlocks(index: MemoryIndex, store: MemoryStore): Block[] {
  const linkedLines = new Set<number>();
  for (const link of index.links) {
    // A file named in passing ("see README.md") is prose; one naming a memory of this root points at it.
    if (link.target !== undefined && isMemoryPath(link.target) && (!link.mention || store.get(link.target))) linkedLines.add(link.line);
  }
  const own = ownSections(index, linkedLines);
  const blocks: Block[] = [];
  let fence: string | undefined;
  let inComment = false;
  let heading: string | undefined;
  let open: { first: number; last: number; chars: number; listed: boolean; aboutIndex: boolean; statesToday: boolean } | undefined;
  const close = (): void => {
    if (open) {
      const above = index.lines[open.first - 1];
      const underPointer = above !== undefined && above.kind === 'text' && linkedLines.has(above.line) && !LIST_ITEM.test(above.text);
      const underTodayHeading = heading !== undefined && own[open.first] && TODAY_HEADING.test(heading) && STARTS_WITH_DATE.test(index.lines[open.first].text);
      blocks.push({ ...open, statesToday: open.statesToday || underTodayHeading, heading, ownSection: own[open.first], underPointer });
    }
    open = undefined;
  };
  for (const line of index.lines) {
    const step = stepFence(line.text, fence);
    fence = step.fence;
    const trimmed = line.text.trim();
    let content: boolean;
    if (step.isCode) content = true;
    else if (inComment || trimmed.startsWith('<!--')) {
      inComment = !trimmed.includes('-->');
      content = false;
    } else {
      // An entry to a URL is reference material kept in the index, as a list of links is.
      const prose = line.kind === 'text' || line.kind === 'entry';
      content = prose && !linkedLines.has(line.line) && !/^(?:[-*_]\s*){3,}$/.test(trimmed);
    }
    if (!content) {
      close();
      // Closing `#`s are looked for from the start of a run of blanks only: from each of its blanks, a long run not followed by them was quadratic.
      if (line.kind === 'heading') heading = trimmed.replace(/^#+\s*/, '').replace(/(?<!\s)\s+#+$/, '');
      continue;
    }
    const listed = !step.isCode && LIST_ITEM.test(line.text);
    const aboutIndex = !step.isCode && ABOUT_INDEX.test(trimmed);
    const statesToday = !step.isCode && TODAY_IS.test(trimmed);
    if (open) {
      open.last = line.line;
      open.chars += weighedLength(trimmed);
      open.listed ||= listed;
      open.aboutIndex ||= aboutIndex;
      open.statesToday ||= statesToday;
    } else {
      open = { first: line.line, last: line.line, chars: weighedLength(trimmed), listed, aboutIndex, statesToday };
    }
  }
  close();
  return blocks;
}

function moveFix(index: MemoryIndex, store: MemoryStore, block: Block, options: IndexContentOptions): ProblemFix {
  const eol = index.eol;
  const lines = index.lines.slice(block.first, block.last + 1).map((line) => line.text);
  const indent = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length));
  const body = lines.map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)));
  const firstLine = plainText(body.find((line) => plainText(line) !== '') ?? '');
  const title = block.heading && block.heading.trim() !== '' ? block.heading.trim() : shorten(firstLine, 60);
  const name = suggestSlug(title, '') ?? `index-notes-${block.first + 1}`;
  const type = inferType(name, options.typeSet.types);
  const path = freePath(store, name.replace(/-/g, '_'));
  const description = shorten(firstLine, 150);
  const moved = [...(block.heading ? [`# ${block.heading.trim()}`, ''] : []), ...body].join(eol) + eol;
  const { content } = newMemoryText({ name, description, type, body: moved }, { typeLocation: options.stubShape, eol });
  // The entry line exactly as every other writer of index entries makes it.
  const entryLine = indexEntryLine(path, { title, description }, indexDash(index));
  const range = { start: { line: block.first, character: 0 }, end: { line: block.last, character: index.lines[block.last].text.length } };
  return {
    ...titleOf(msg('Move to a new memory')),
    edits: [
      { kind: 'create', path, content },
      { kind: 'edit', path: INDEX_FILE_NAME, edits: [{ range, newText: ' '.repeat(indent) + entryLine }] },
    ],
  };
}

/**
 * Deletes the block, and its heading too when the heading's section holds nothing else (a "## Current
 * date" left with no date under it would only puzzle), with the blank line before it.
 */
function removeTodayFix(index: MemoryIndex, block: Block): ProblemFix {
  const lines = index.lines;
  let first = block.first;
  let after = block.last + 1;
  while (after < lines.length && lines[after].text.trim() === '') after++;
  const sectionEnds = after >= lines.length || lines[after].kind === 'heading';
  let above = first - 1;
  while (above >= 0 && lines[above].text.trim() === '') above--;
  if (sectionEnds && above >= 0 && lines[above].kind === 'heading' && block.ownSection) first = above;
  // Take the line break before the removed lines when they run to the end, so no blank tail is left.
  const toEnd = after >= lines.length;
  let start = { line: first, character: 0 };
  if (toEnd) {
    let keep = first - 1;
    while (keep >= 0 && lines[keep].text.trim() === '') keep--;
    start = keep >= 0 ? { line: keep, character: lines[keep].text.length } : start;
  }
  const last = lines.length - 1;
  const end = toEnd ? { line: last, character: lines[last].text.length } : { line: after, character: 0 };
  // A file that ended with a line break still does.
  const newText = toEnd && start.line < first && lines[last].text === '' ? index.eol : '';
  return { ...titleOf(msg('Remove the stated date')), edits: [{ kind: 'edit', path: INDEX_FILE_NAME, edits: [{ range: { start, end }, newText }] }] };
}

/** The length with each character from Hangul Jamo (U+1100) up counted twice: CJK scripts are dense. */
function weighedLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x1100) length++;
  return length;
}

/**
 * A line without its Markdown markers (bullets, quotes, emphasis), for a description. White space is
 * collapsed before the table bars are read: `\s*\|` tried from every space of a long run with no bar.
 */
function plainText(line: string): string {
  return line.replace(/^\s*(?:[-*+>]\s+|\d+[.)]\s+|\|)*/, '').replace(/\*\*|__|`/g, '').replace(/\s+/g, ' ').replace(/\s*\|\s*/g, ' — ').replace(/\s+/g, ' ').trim();
}

/** `<stem>.md`, or `<stem>_2.md` and on when the root already has a file of that name (case ignored). */
function freePath(store: MemoryStore, stem: string): RootPath {
  const taken = new Set([...store.memories()].map((memory) => memory.path.toLowerCase()));
  let path = `${stem}.md`;
  for (let n = 2; taken.has(path.toLowerCase()) || path.toLowerCase() === INDEX_FILE_NAME.toLowerCase(); n++) path = `${stem}_${n}.md`;
  return path;
}
