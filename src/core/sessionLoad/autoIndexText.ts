/**
 * What Claude Code sends of an entrypoint index (the auto memory's MEMORY.md) once it has cut it:
 * neutralized, and followed by the warning it appends when the index was cut. Measured by running
 * Claude Code 2.1.328 against a local Messages API stand-in (`npm run conformance`): only this index is
 * treated so; a CLAUDE.md, a rule or an imported file reaches the model exactly as written.
 */

/** Line breaks Claude Code reads as one: each becomes `\n` before anything else. */
const LINE_BREAKS = /\r\n|\r|\u2028|\u2029/g;

/**
 * Characters removed from the index: controls but tab and line feed, format characters, private-use
 * and unassigned code points and default-ignorables (zero-width, bidi controls, tag characters,
 * variation selectors, Hangul fillers). ZWJ, ZWNJ and the two emoji presentation selectors stay, since
 * emoji and several scripts need them. Checked code point by code point over the BMP and the tag,
 * emoji and private-use planes against 2.1.328.
 */
const HIDDEN = /(?![\t\n\u200c\u200d\ufe0e\ufe0f])[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The tags of Claude Code's own channel that an index may not open or close: each is escaped with a
 * backslash after its `<` (`<\system-reminder>`, `<\/system-reminder>`), in any letter case and with
 * `_` for `-`. Found by offering every tag-like name in the 2.1.328 build to the index.
 */
export const CHANNEL_TAGS: readonly string[] = [
  'agent-message', 'bash-input', 'bash-stderr', 'bash-stdout', 'command-args', 'command-message', 'command-name',
  'cross-session-message', 'local-command-stderr', 'local-command-stdout', 'persisted-output', 'sandbox-violations',
  'slack-ping', 'system-reminder', 'task-notification', 'teammate-message', 'tool-use-error', 'total-tokens',
  'user-prompt-submit-hook',
];

const TAG_NAMES = CHANNEL_TAGS.map((name) => name.split('-').join('[-_]')).join('|');
/**
 * An opener (`<`, or the full-width `＜` that Claude Code also turns into `<\`), white space and a `/`
 * allowed before the name, and the name not running on into a longer one. `antml:` opens a tag of any name.
 * Claude Code also reads look-alike letters and invisible characters inside a name; the forms here are
 * the ones checked against the client.
 */
const CHANNEL_TAG = new RegExp(`([<\\uff1c])(?=\\s*\\/?\\s*(?:(?:${TAG_NAMES})(?![A-Za-z0-9_-])|antml:))`, 'giu');

/** The index text as Claude Code sends it, before any warning: line breaks unified, hidden characters removed, channel tags escaped. */
export function neutralizeIndexText(text: string): string {
  return text
    .replace(LINE_BREAKS, '\n')
    .replace(HIDDEN, '')
    .replace(CHANNEL_TAG, () => '<\\');
}

/** How an index was cut, in the terms of Claude Code's warning. */
export interface IndexCutFacts {
  /** The loaded content, trimmed, before the cut. */
  readonly whole: string;
  /** What is kept of it. */
  readonly kept: string;
  readonly maxLines: number;
  readonly maxChars: number;
}

/**
 * The line Claude Code appends to a cut index (2.1.328), word for word, so the preview shows what the
 * model reads: sizes as Claude Code formats them, the first line cut, then the advice.
 */
export function indexCutWarning(facts: IndexCutFacts): string {
  const { whole, kept, maxLines, maxChars } = facts;
  const lineCount = countLines(whole);
  const overLines = lineCount > maxLines;
  const overChars = whole.length > maxChars;
  const keptLines = whole[kept.length] === '\n' ? countLines(kept) : 0;
  const nextStart = kept.length + 1;
  const nextEnd = whole.indexOf('\n', nextStart);
  const nextLine = whole.slice(nextStart, nextEnd < 0 ? undefined : nextEnd).trim();
  const what =
    keptLines === 0
      ? `everything after the first ${kept.length} characters of line 1 was cut off`
      : `${lineCount - keptLines} of ${lineCount} lines were cut off, starting at line ${keptLines + 1}${nextLine ? ` ("${shorten(nextLine, 80)}")` : ''}`;
  const size = overChars && !overLines ? `${formatSize(whole.length)} (limit: ${formatSize(maxChars)}) \u2014 index entries are too long` : overLines && !overChars ? `${lineCount} lines (limit: ${maxLines})` : `${lineCount} lines and ${formatSize(whole.length)}`;
  return `> WARNING: MEMORY.md is ${size}. Only part of it was loaded: ${what}. Keep index entries to one line under ~200 chars; move detail into topic files.`;
}

function countLines(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** Claude Code's size wording: `31.1KB`, `24.4KB`, `26KB`; the size counts characters, not bytes. */
export function formatSize(chars: number): string {
  const kb = chars / 1024;
  if (kb < 1) return `${chars} bytes`;
  if (kb < 1024) return `${kb.toFixed(1).replace(/\.0$/, '')}KB`;
  return `${(kb / 1024).toFixed(1).replace(/\.0$/, '')}MB`;
}

/** Cut to `max` characters at a word where one falls in the second half, with an ellipsis, as Claude Code quotes a line. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = sliceWhole(text, max - 1);
  const space = head.search(/\s\S*$/);
  const atWord = space === -1 ? '' : head.slice(0, space).trimEnd();
  return `${atWord.length > max / 2 ? atWord : head.trimEnd()}\u2026`;
}

/** The first `length` UTF-16 units, one fewer where the last would split a surrogate pair. */
function sliceWhole(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return code >= 0xd800 && code <= 0xdbff ? text.slice(0, length - 1) : text.slice(0, length);
}
