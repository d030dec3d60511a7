import type { MemoryFile } from './memoryFile';
import type { MemoryStore } from './memoryStore';

/** Memories read to learn a folder's body shape: New Memory stays quick in a folder of 20,000. */
const SAMPLE = 200;
/** How much of a body is read for its labelled lines. */
const BODY_SAMPLE = 4000;
/** Fewer memories of the type than this, and the whole folder's shape is taken. */
const MIN_OF_TYPE = 2;

// Claude Code's own body lines: `**Why:** ...`, `**How to apply:** ...` (also `**Why**: ...`), at a line's start.
const LABEL = /^[ \t]*\*\*([^*\r\n]{1,40}?)(?::\*\*|\*\*[ \t]*:)/u;

/**
 * The body template a new memory of `type` takes from its neighbours, when they follow Claude Code's
 * shape of a rule or fact followed by labelled lines (`**Why:**`, `**How to apply:**`, written in the
 * folder's own words): a blank line for the fact, then the labels the folder uses most, in its order,
 * under a `# {{name}}` title only when most neighbours have one. Undefined when fewer than half of the
 * neighbours (of the type, or of the folder when the type has fewer than two) use labelled lines:
 * the built-in template's sections are kept then.
 */
export function folderTemplate(store: MemoryStore, type: string | undefined): string | undefined {
  const sample = neighbours(store, type);
  if (sample.length < MIN_OF_TYPE) return undefined;
  const sequences = new Map<string, number>();
  let labelled = 0;
  let titled = 0;
  for (const memory of sample) {
    const { labels, title } = bodyLayout(memory);
    if (title) titled++;
    if (labels.length === 0) continue;
    labelled++;
    const key = labels.join('\n');
    sequences.set(key, (sequences.get(key) ?? 0) + 1);
  }
  if (labelled < MIN_OF_TYPE || labelled * 2 < sample.length) return undefined;
  const [labels] = [...sequences].reduce((best, next) => (next[1] > best[1] ? next : best));
  const lines = [...(titled * 2 > sample.length ? ['# {{name}}'] : []), '', '', ''];
  labels.split('\n').forEach((label, i) => lines.push(...(i > 0 ? [''] : []), `**${label}:**`));
  return lines.join('\n') + '\n';
}

/** The line of a body made from {@link folderTemplate} where the fact is written: two lines above the first label. */
export function labelledCursorLine(lines: readonly string[]): number | undefined {
  const first = lines.findIndex((line) => LABEL.test(line));
  return first < 0 ? undefined : Math.max(0, first - 2);
}

function neighbours(store: MemoryStore, type: string | undefined): MemoryFile[] {
  const ofType: MemoryFile[] = [];
  const all: MemoryFile[] = [];
  for (const memory of store.memories()) {
    if (memory.frontmatter.status !== 'ok') continue;
    if (type !== undefined && memory.type === type && ofType.length < SAMPLE) ofType.push(memory);
    if (all.length < SAMPLE) all.push(memory);
    if (ofType.length >= SAMPLE) break;
  }
  return ofType.length >= MIN_OF_TYPE ? ofType : all;
}

/** A body's labels in order (each once) and whether it opens with a `# ` title. */
function bodyLayout(memory: MemoryFile): { readonly labels: readonly string[]; readonly title: boolean } {
  const body = memory.text.slice(memory.frontmatter.bodyStart, memory.frontmatter.bodyStart + BODY_SAMPLE);
  const labels: string[] = [];
  let title: boolean | undefined;
  let fence = false;
  for (const line of body.split(/\r\n|\n|\r/)) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    if (title === undefined && line.trim() !== '') title = /^#\s/.test(line);
    const label = LABEL.exec(line)?.[1].trim();
    if (label && !labels.includes(label)) labels.push(label);
  }
  return { labels, title: title === true };
}
