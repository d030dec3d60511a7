import { oneLine } from '../../edits/indexEntry';
import type { MemoryFile } from '../../memoryFile';
import type { TextEdit } from '../../types';

/** The heading rules promoted from memory go under; English in every language, so it is found again. */
export const PROMOTED_HEADING = '## Promoted from memory';

/** What a memory says as a rule: the fact, and why, when the memory says why. */
export interface RuleText {
  readonly fact: string;
  readonly reason: string | undefined;
  /** The word the memory put before its reason (`Why`, `이유`, `理由`), as written; none for a reason taken from the first paragraph. */
  readonly reasonLabel?: string;
}

/**
 * How CLAUDE.md changes: a new file's content, or text edits of the existing one (positions in its
 * text after any BOM, as an editor counts them). Either way only bytes at the insertion point are new.
 */
export type RuleEdit =
  | { readonly kind: 'create'; readonly content: string }
  | { readonly kind: 'edit'; readonly edits: readonly TextEdit[] };

// `Why:` as Claude Code writes it (`**Why:**`), a Korean `이유:` or a Japanese `理由:`, bold or not, a
// full-width colon too, at the start of a line (a bullet allowed): the line that says why the fact holds.
const REASON_LINE = /^\s{0,3}(?:[-*+]\s+)?(?:\*\*|__)?(why|reason|이유|理由)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*)$/iu;
// Another labelled line (`**How to apply:**`, `적용:`) ends the reason even without a blank line before it.
const LABEL_LINE = /^\s{0,3}(?:[-*+]\s+)?(?:(?:\*\*|__)[^*_]{1,40}(?:\*\*|__)?\s*[:：]|[\p{L}\p{M} ]{1,24}[:：]\s)/u;
const FENCE = /^\s{0,3}(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}(\s|$)/;

/**
 * The rule a memory makes: its description as the fact (its first paragraph when it has none), and
 * as the reason its "Why:" line with the rest of that paragraph (`이유:`, `理由:`), else its first
 * paragraph when that says more than the description. Each one line, white space folded.
 */
export function ruleTextOf(memory: MemoryFile): RuleText {
  const blocks = bodyBlocks(memory.text.slice(memory.frontmatter.bodyStart));
  const description = memory.description === undefined ? undefined : oneLine(memory.description);
  let reason: string | undefined;
  let reasonLabel: string | undefined;
  search: for (const block of blocks) {
    for (let i = 0; i < block.length; i++) {
      const match = REASON_LINE.exec(block[i]);
      if (!match) continue;
      const rest = block.slice(i + 1);
      const stop = rest.findIndex((line) => LABEL_LINE.test(line));
      const text = oneLine([match[2], ...(stop < 0 ? rest : rest.slice(0, stop))].join(' '));
      if (!text) continue;
      reason = text;
      reasonLabel = match[1];
      break search;
    }
  }
  // The first paragraph up to a labelled line: Claude Code often writes the fact, then `**Why:**`, in one block.
  const firstBlock = blocks[0] ?? [];
  // A label on the paragraph's own first line (`Dashboards: https://…`) is part of it; only the reason's is not.
  const cut = firstBlock.findIndex((line, i) => REASON_LINE.test(line) || (i > 0 && LABEL_LINE.test(line)));
  const firstLines = cut < 0 ? firstBlock : firstBlock.slice(0, cut);
  const firstParagraph = firstLines.length > 0 ? oneLine(firstLines.join(' ')) : undefined;
  const fact = description || firstParagraph || oneLine(memory.name ?? memory.stem);
  if (!reason && description && firstParagraph && fold(firstParagraph) !== fold(description)) return { fact, reason: firstParagraph };
  return reason && fold(reason) !== fold(fact) ? { fact, reason, reasonLabel } : { fact, reason: undefined };
}

/** The bullet a rule is written as, one line: `- fact — Why: reason`, in the words and label the memory used. */
export function ruleBullet(rule: RuleText): string {
  if (!rule.reason) return `- ${rule.fact}`;
  return `- ${rule.fact} — ${rule.reasonLabel ? `${rule.reasonLabel}: ` : ''}${rule.reason}`;
}

/**
 * Appends `bullet` to CLAUDE.md under {@link PROMOTED_HEADING}: after the last line of that section
 * when it is there, else in a new section at the end; a missing file (`text` undefined) is created
 * holding just the section. The file's line ending is kept (CRLF stays CRLF), and whether it ends
 * with a line break.
 */
export function planPromoteToRule(text: string | undefined, bullet: string): RuleEdit {
  if (text === undefined || text === '') {
    const content = `${PROMOTED_HEADING}\n\n${bullet}\n`;
    return text === undefined ? { kind: 'create', content } : { kind: 'edit', edits: [insertAt({ line: 0, character: 0 }, content)] };
  }
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r\n|\n|\r/);
  const heading = findHeading(lines);
  if (heading === undefined) {
    const last = lines.length - 1;
    const end = { line: last, character: lines[last].length };
    // A file ending with a line break has an empty last "line": one more break makes the blank line before the heading.
    const lead = lines[last] === '' ? (last > 0 && lines[last - 1].trim() === '' ? '' : eol) : eol + eol;
    return { kind: 'edit', edits: [insertAt(end, `${lead}${PROMOTED_HEADING}${eol}${eol}${bullet}${eol}`)] };
  }
  const sectionEnd = endOfSection(lines, heading);
  let lastLine = sectionEnd - 1;
  while (lastLine > heading && lines[lastLine].trim() === '') lastLine--;
  const end = { line: lastLine, character: lines[lastLine].length };
  // Right under the heading, a blank line first, as the section would be written by hand.
  return { kind: 'edit', edits: [insertAt(end, lastLine === heading ? `${eol}${eol}${bullet}` : `${eol}${bullet}`)] };
}

function insertAt(position: { line: number; character: number }, newText: string): TextEdit {
  return { range: { start: position, end: position }, newText };
}

/** The line of the promoted-rules heading (any level, case and trailing `#`s aside), outside code fences. */
function findHeading(lines: readonly string[]): number | undefined {
  const wanted = PROMOTED_HEADING.replace(/^#+\s*/, '').toLowerCase();
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    if (FENCE.test(lines[i])) inFence = !inFence;
    if (inFence || !HEADING.test(lines[i])) continue;
    if (lines[i].trim().replace(/^#+\s*/, '').replace(/\s+#+\s*$/, '').trim().toLowerCase() === wanted) return i;
  }
  return undefined;
}

/** The line after the section: the next heading of the same level or above, outside code fences; else past the end. */
function endOfSection(lines: readonly string[], heading: number): number {
  const level = /^\s*(#+)/.exec(lines[heading])![1].length;
  let inFence = false;
  for (let i = heading + 1; i < lines.length; i++) {
    if (FENCE.test(lines[i])) inFence = !inFence;
    const match = !inFence && HEADING.test(lines[i]) ? /^\s*(#+)/.exec(lines[i]) : null;
    if (match && match[1].length <= level) return i;
  }
  // A text ending with a line break splits into a last empty string, which is no line to append after.
  return lines.length;
}

/** The body's blank-line separated blocks, as lines; headings and fenced code are no paragraph of the fact. */
function bodyBlocks(body: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] = [];
  let inFence = false;
  const flush = (): void => {
    if (current.length > 0) blocks.push(current);
    current = [];
  };
  for (const line of body.split(/\r\n|\n|\r/)) {
    if (FENCE.test(line)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (line.trim() === '' || HEADING.test(line)) flush();
    else current.push(line.trim());
  }
  flush();
  return blocks;
}

function fold(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}
