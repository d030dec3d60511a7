/**
 * The clause holding [start, end) of `prose`, as offsets: from the break before it to the break after
 * it, within its line and at most `reach` characters either way (a one-line file of thousands of dates
 * must not be read whole for each).
 */
export function clauseAround(prose: string, start: number, end: number, breaks: RegExp, reach = 120): { readonly before: string; readonly after: string } {
  const head = prose.slice(Math.max(0, start - reach), start);
  const tail = prose.slice(end, end + reach);
  let from = head.length;
  while (from > 0 && !breaks.test(head[from - 1])) from--;
  let to = 0;
  while (to < tail.length && !breaks.test(tail[to])) to++;
  return { before: head.slice(from), after: tail.slice(0, to) };
}

/** The line holding [start, end) of `prose`, at most `reach` characters either way. */
export function lineAround(prose: string, start: number, end: number, reach = 200): string {
  const { before, after } = clauseAround(prose, start, end, /[\n\r]/, reach);
  return before + prose.slice(start, end) + after;
}
