/**
 * MEMORY.md is gated line by line: an agent may add index lines (its new memories need them), but an
 * approved line still in the index may not be changed or taken away, since Claude Code loads every
 * line of it at each session's start.
 * Returns the approved lines `next` no longer holds; lines already gone from `current` are not counted again.
 */
export function removedApprovedLines(approved: string, current: string, next: string): string[] {
  const left = new Map<string, number>();
  for (const line of lines(next)) left.set(line, (left.get(line) ?? 0) + 1);
  const present = new Set(lines(current));
  const removed: string[] = [];
  for (const line of lines(approved)) {
    if (!present.has(line)) continue;
    const count = left.get(line) ?? 0;
    if (count > 0) left.set(line, count - 1);
    else removed.push(line);
  }
  return removed;
}

function lines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
}

/** The index lines `current` adds to and takes from `approved`, each in its order: what a person reviews of a changed MEMORY.md. */
export function indexLineChanges(approved: string, current: string): { readonly added: string[]; readonly removed: string[] } {
  const count = (items: readonly string[]): Map<string, number> => {
    const out = new Map<string, number>();
    for (const item of items) out.set(item, (out.get(item) ?? 0) + 1);
    return out;
  };
  const before = lines(approved);
  const after = lines(current);
  const take = (items: readonly string[], other: Map<string, number>): string[] =>
    items.filter((line) => {
      const left = other.get(line) ?? 0;
      if (left > 0) other.set(line, left - 1);
      return left === 0;
    });
  return { added: take(after, count(before)), removed: take(before, count(after)) };
}
