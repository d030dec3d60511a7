import { performance } from 'node:perf_hooks';
import { INDEX_FILE_NAME } from '../src/core';
import type { Corpus } from './corpora';
import { checkEveryRule, loadStore } from './inProcess';
import { percentile } from './measure';
import { seeded } from './random';

export interface EditFigures {
  readonly edits: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  /** p50 and p95 of each kind of edit, to tell which one is slow. */
  readonly byKind: Record<EditKind, { readonly p50: number; readonly p95: number }>;
}

const EDIT_KINDS = ['sentence', 'description', 'link'] as const;
type EditKind = (typeof EDIT_KINDS)[number];

// Enough edits first for the engine's code to be compiled: the first ones at any size are the JIT's, not the rules'.
const WARM_UP = 100;

/**
 * One keystroke's worth of work, `count` times: a random memory changes (a sentence added, the
 * description reworded, a link added) and the engine re-checks what depends on it. The edits pile
 * up, as a person's do; the same seeded edits at every size, so p95 at 200 and 20,000 compare.
 */
export function measureEdits(corpus: Corpus, count: number): EditFigures {
  const store = loadStore(corpus);
  const engine = checkEveryRule(store);
  const random = seeded(7);
  const paths = corpus.files.filter((file) => file !== INDEX_FILE_NAME);
  const names = [...store.memories()].map((memory) => memory.name).filter((name): name is string => name !== undefined);
  const times: number[] = [];
  const byKind = new Map<EditKind, number[]>(EDIT_KINDS.map((kind) => [kind, []]));
  for (let i = 0; i < WARM_UP + count; i++) {
    const path = random.pick(paths);
    const text = store.get(path)?.text ?? '';
    const kind = random.below(3);
    const edited = kind === 0 ? `${text}Checked again on 2026-07-${String(1 + random.below(28)).padStart(2, '0')}.\n`
      : kind === 1 ? text.replace(/^description: .*$/m, (line) => `${line} (${i})`)
        : `${text}\nSee [[${random.pick(names)}]].\n`;
    const start = performance.now();
    engine.applyChange(store.update(path, edited));
    const time = performance.now() - start;
    if (i < WARM_UP) continue;
    times.push(time);
    byKind.get(EDIT_KINDS[kind])!.push(time);
  }
  const kinds = Object.fromEntries([...byKind].map(([kind, list]) => [kind, { p50: percentile(list, 0.5), p95: percentile(list, 0.95) }])) as EditFigures['byKind'];
  return { edits: count, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: percentile(times, 1), byKind: kinds };
}
