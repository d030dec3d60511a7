import type { MemoryIndex } from '../memoryIndex';
import type { MemoryStore } from '../memoryStore';
import type { TypeLocation } from '../memoryFile';
import { baseName, fileStem } from '../rootPath';
import type { RootPath } from '../types';

/** How a root writes things, so a new file looks like its neighbours. */
export interface RootConventions {
  /** The word separator in file names: `feedback_math.md` or `feedback-math.md`. */
  readonly fileSeparator: '_' | '-';
  /** Where `type` goes in the frontmatter. */
  readonly typeLocation: TypeLocation;
  readonly eol: '\n' | '\r\n';
  /** The dash between an index entry's link and its hook. */
  readonly indexDash: '—' | '–' | '-';
}

/**
 * The majority of the root's files decides; ties and empty roots take Claude Code's own habits
 * (`feedback_math.md`, `metadata.type`, `\n`, `—`).
 */
export function rootConventions(store: MemoryStore): RootConventions {
  let underscore = 0;
  let hyphen = 0;
  let metadata = 0;
  let topLevel = 0;
  let crlf = 0;
  let lf = 0;
  for (const memory of store.memories()) {
    if (memory.stem.includes('_')) underscore++;
    else if (memory.stem.includes('-')) hyphen++;
    if (memory.typeLocation === 'metadata') metadata++;
    else if (memory.typeLocation === 'top-level') topLevel++;
    if (memory.lineCount > 1) {
      if (memory.eol === '\r\n') crlf++;
      else lf++;
    }
  }
  return {
    fileSeparator: hyphen > underscore ? '-' : '_',
    typeLocation: topLevel > metadata ? 'top-level' : 'metadata',
    eol: crlf > lf ? '\r\n' : '\n',
    indexDash: indexDash(store.index),
  };
}

/** The dash most of MEMORY.md's entries put before their hook; `—` when none has one. */
export function indexDash(index: MemoryIndex | undefined): RootConventions['indexDash'] {
  const counts = new Map<string, number>();
  for (const entry of index?.entries ?? []) {
    if (!entry.hookRange) continue;
    const between = entry.text.slice(entry.hrefRange.end.character, entry.hookRange.start.character);
    const dash = /[—–-]/.exec(between)?.[0];
    if (dash) counts.set(dash, (counts.get(dash) ?? 0) + 1);
  }
  let best: RootConventions['indexDash'] = '—';
  let bestCount = 0;
  for (const dash of ['—', '–', '-'] as const) {
    const count = counts.get(dash) ?? 0;
    if (count > bestCount) [best, bestCount] = [dash, count];
  }
  return best;
}

/**
 * The file name for a memory called `name`: its words joined the way the root joins them, so the
 * stem still folds to the name (`[[feedback-report-writing]]` -> `feedback_report_writing.md`).
 */
export function memoryFileName(name: string, separator: '_' | '-'): string {
  const stem = name.trim().replace(/\s+/g, separator).replace(separator === '_' ? /-/g : /_/g, separator);
  return `${stem}.md`;
}

/** The separator a file name already uses, or undefined when it has none. */
export function separatorOf(path: RootPath): '_' | '-' | undefined {
  const stem = fileStem(baseName(path));
  if (stem.includes('_')) return '_';
  if (stem.includes('-')) return '-';
  return undefined;
}
