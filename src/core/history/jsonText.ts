/**
 * Where each value of a JSON text lies, so a settings file can be changed by inserting and removing
 * text rather than by printing it again: every byte not ours stays as its author wrote it.
 * Only for text `JSON.parse` has already accepted.
 */

export interface Span {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
}

export interface Member {
  readonly key: string;
  readonly keySpan: Span;
  readonly value: Span;
}

/** The span of the value starting at or after `from` (whitespace skipped). */
export function valueSpan(text: string, from: number): Span {
  const start = skipSpace(text, from);
  const char = text[start];
  if (char === '{' || char === '[') return { start, end: closeOf(text, start) + 1 };
  if (char === '"') return { start, end: stringEnd(text, start) };
  let end = start;
  while (end < text.length && !/[\s,\]}]/.test(text[end])) end++;
  return { start, end };
}

/** The members of the object whose `{` is at `open`. */
export function objectMembers(text: string, open: number): Member[] {
  const members: Member[] = [];
  let at = skipSpace(text, open + 1);
  while (text[at] === '"') {
    const keyEnd = stringEnd(text, at);
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    const colon = skipSpace(text, keyEnd);
    const value = valueSpan(text, colon + 1);
    members.push({ key, keySpan: { start: at, end: keyEnd }, value });
    at = skipSpace(text, value.end);
    if (text[at] === ',') at = skipSpace(text, at + 1);
  }
  return members;
}

/** The elements of the array whose `[` is at `open`. */
export function arrayElements(text: string, open: number): Span[] {
  const elements: Span[] = [];
  let at = skipSpace(text, open + 1);
  while (at < text.length && text[at] !== ']') {
    const value = valueSpan(text, at);
    elements.push(value);
    at = skipSpace(text, value.end);
    if (text[at] === ',') at = skipSpace(text, at + 1);
  }
  return elements;
}

/** The index of the `}` or `]` closing the bracket at `open`. */
export function closeOf(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (char === '"') i = stringEnd(text, i) - 1;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return text.length - 1;
}

export function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at++;
  return at;
}

function stringEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/**
 * The first key that appears twice in one object of `text`, with its path (`hooks.PreToolUse`), or
 * undefined. `JSON.parse` keeps the last of such keys, and so does Claude Code; an edit made by
 * position would land in the one nobody reads.
 */
export function duplicateKey(text: string): string | undefined {
  const stack: { readonly open: number; readonly path: string }[] = [{ open: skipSpace(text, 0), path: '' }];
  while (stack.length > 0) {
    const { open, path } = stack.pop()!;
    if (text[open] === '{') {
      const seen = new Set<string>();
      for (const member of objectMembers(text, open)) {
        const at = path ? `${path}.${member.key}` : member.key;
        if (seen.has(member.key)) return at;
        seen.add(member.key);
        stack.push({ open: member.value.start, path: at });
      }
    } else if (text[open] === '[') {
      arrayElements(text, open).forEach((element, i) => stack.push({ open: element.start, path: `${path}[${i}]` }));
    }
  }
  return undefined;
}
