/**
 * Text from memory files, their names and settings is written by strangers; wherever it meets Markdown
 * (tooltips, hovers, completion docs, the status bar) it goes through here and is shown as the text it
 * is: no image (a remote image is a beacon), no link, no `$(icon)`, no code block it can close.
 */

/** VS Code's icon syntax, `$(name)` or `$(name~spin)`. */
const ICON = /\$\([A-Za-z0-9-]+(?:~[A-Za-z]+)?\)/g;

/**
 * Every character Markdown gives a meaning to, backslash-escaped, and every `$(icon)` shown as text.
 * VS Code draws icons in the text Markdown has already rendered, unless a backslash precedes them
 * there: so, as VS Code's own `appendText` does, a backslash is put before the icon first and then
 * escaped with everything else (`$(x)` becomes `\\\$\(x\)`, which renders as the text `\$(x)`, which
 * VS Code shows as `$(x)`). Escaping only the brackets (`$\(x\)`) still renders an icon.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(ICON, '\\$&').replace(/[\\`*_{}[\]()#+\-.!|<>~$&:=]/g, '\\$&');
}

/** `$(icon)` shown as text in a plain label that draws icons (a CodeLens title), as VS Code's `escapeIcons` does. */
export function escapeIcons(text: string): string {
  return text.replace(ICON, '\\$&');
}

function longestRun(text: string, char: '`'): number {
  let longest = 0;
  for (const run of text.match(new RegExp(`${char}+`, 'g')) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * `text` as an inline code span, whatever backticks it holds: the fence is one backtick longer than
 * any run inside, padded with a space where the text starts or ends with one (CommonMark strips one
 * space from each side). Line breaks become spaces: a blank line would end the span.
 */
export function markdownCode(text: string): string {
  const flat = text.replace(/\r\n|\r|\n|\u2028|\u2029/g, ' ');
  const fence = '`'.repeat(longestRun(flat, '`') + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || /^ .* $/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * `text` as a fenced code block no line of it can close: the fence is longer than any run of
 * backticks anywhere in the text, an indented one included (VS Code's own `appendCodeblock` counts
 * only fences at the start of a line).
 */
export function markdownCodeBlock(text: string, language = ''): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return `${fence}${language.replace(/[^\w-]/g, '')}\n${text}\n${fence}`;
}

/** One line of plain text for the clipboard: line breaks and other control characters become a space. */
export function singleLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}
