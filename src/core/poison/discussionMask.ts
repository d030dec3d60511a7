import { inlineCodeSpans, stepFence } from '../codeFence';

/** What an inline code span becomes in the mask: a private-use character, so a rule can see "run `…`" without reading the command as prose. */
export const CODE_MARK = '\uE000';

/**
 * `text` as the markup and instruction rules read it: a string of the same length, line breaks kept,
 * with what only discusses an attack blanked to spaces: fenced code blocks, quoted words, blockquote
 * lines. Inline code spans become {@link CODE_MARK}s (a command's place is kept, its words are not
 * prose). A memory about prompt injection quotes `ignore previous instructions` or 「以前の指示を無視」;
 * it does not say them. A quotation that is the whole line is not blanked: nothing around it makes it
 * a quotation rather than a sentence. The YAML quotes around a frontmatter value are syntax, not quotes.
 * One pass per line, so any text costs its length.
 */
export function discussionMask(text: string): string {
  const frontmatterEnd = frontmatterLines(text);
  const parts: string[] = [];
  let fence: string | undefined;
  let lineNumber = 0;
  for (let start = 0; start < text.length; lineNumber++) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end);
    const inFrontmatter = lineNumber > 0 && lineNumber < frontmatterEnd;
    const step = inFrontmatter ? { fence: undefined, isCode: false } : stepFence(line, fence);
    fence = step.fence;
    parts.push(step.isCode || BLOCKQUOTE.test(line) ? blank(line) : maskLine(line, inFrontmatter));
    if (newline < 0) break;
    parts.push('\n');
    start = newline + 1;
  }
  return parts.join('');
}

const BLOCKQUOTE = /^ {0,3}>/;

/** The 0-based line number of the frontmatter's closing `---`, or 0 when the text has none. */
function frontmatterLines(text: string): number {
  if (!/^---[ \t]*\r?\n/.test(text)) return 0;
  const close = /\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!close) return 0;
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < close.index; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

// `key: "value"` or `key: 'value'` in frontmatter: the outer quotes are YAML's.
const YAML_QUOTED = /^(\s*(?:-\s+)?[\w.-]+:\s*)(["'])(.*)\2(\s*)$/;

function maskLine(line: string, inFrontmatter: boolean): string {
  let working = line;
  if (inFrontmatter) {
    const yaml = YAML_QUOTED.exec(line);
    if (yaml) working = `${yaml[1]} ${yaml[3]} ${yaml[4]}`;
  }
  const codeSpans = working.includes('`') ? inlineCodeSpans(working) : [];
  let masked = working;
  if (codeSpans.length > 0) {
    const pieces: string[] = [];
    let at = 0;
    for (const [start, end] of codeSpans) {
      pieces.push(working.slice(at, start), CODE_MARK.repeat(end - start));
      at = end;
    }
    pieces.push(working.slice(at));
    masked = pieces.join('');
  }
  return blankQuotes(masked);
}

const PAIRS: Readonly<Record<string, string>> = { '"': '"', '“': '”', '「': '」', '『': '』', '«': '»', '‘': '’', '《': '》', '＂': '＂' };
const LETTER = /[\p{L}\p{N}]/u;

/**
 * `line` with each closed quotation blanked, when the line says something outside its quotations;
 * `'` and `‘` open only at a word's start ("don't" is no quotation). One pass.
 */
function blankQuotes(line: string): string {
  if (!/["“「『«‘'《＂]/.test(line)) return line;
  const spans: [number, number][] = [];
  let open = -1;
  let close = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (open >= 0) {
      if (c === close && (close !== "'" || !LETTER.test(line[i + 1] ?? ''))) {
        spans.push([open, i + 1]);
        open = -1;
      }
      continue;
    }
    const opensWord = !LETTER.test(line[i - 1] ?? '') && LETTER.test(line[i + 1] ?? '');
    const pair = PAIRS[c];
    if (pair && (c !== '‘' || opensWord)) {
      open = i;
      close = pair;
    } else if (c === "'" && opensWord) {
      open = i;
      close = "'";
    }
  }
  if (spans.length === 0) return line;
  const pieces: string[] = [];
  let at = 0;
  let outside = '';
  for (const [start, end] of spans) {
    outside += line.slice(at, start);
    pieces.push(line.slice(at, start), ' '.repeat(end - start));
    at = end;
  }
  outside += line.slice(at);
  pieces.push(line.slice(at));
  // "Ignore previous instructions" alone on a line, a list item or a description: a sentence in quotes, said.
  return saysMore(outside) ? pieces.join('') : line;
}

/** Whether the words outside the quotations are more than a list marker, a key or punctuation. */
function saysMore(outside: string): boolean {
  const words = outside.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/^\s*[\w.-]+:\s/, '').match(/[\p{L}\p{N}]+/gu);
  return words !== null && words.join('').length >= 3;
}

function blank(line: string): string {
  return ' '.repeat(line.length);
}
