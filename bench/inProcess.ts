import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryStore, ProblemEngine } from '../src/core';
import { nodeReaderHost, readRoot } from '../src/reader';
import type { Corpus } from './corpora';
import { EVERY_RULE } from './engineOptions';
import { medianTime } from './measure';

/** Figures of the pieces measured inside this process, in ms (medians). */
export interface InProcessFigures {
  readonly floor: number;
  readonly readRoot: number;
  readonly store: number;
  readonly storeAndRules: number;
  readonly problems: Record<string, number>;
}

/** Keeps what a measurement computed reachable, so the optimiser cannot drop the work. */
let sink = 0;
export const consumed = (): number => sink;

/**
 * The floor every ratio is taken to: read every file and split off its frontmatter, nothing more.
 * A memory tool cannot do less than this.
 */
export function readFloor(corpus: Corpus): void {
  for (const file of corpus.files) {
    const text = readFileSync(join(corpus.folder, file), 'utf8');
    const end = text.startsWith('---') ? text.indexOf('\n---', 3) : -1;
    const yaml = end < 0 ? '' : text.slice(4, end);
    const body = end < 0 ? text : text.slice(end + 4);
    sink += yaml.length + body.length;
  }
}

export function loadStore(corpus: Corpus): MemoryStore {
  const store = new MemoryStore();
  for (const file of corpus.files) store.update(file, readFileSync(join(corpus.folder, file), 'utf8'));
  return store;
}

export function checkEveryRule(store: MemoryStore): ProblemEngine {
  const engine = new ProblemEngine(store, EVERY_RULE);
  engine.checkAll();
  return engine;
}

export async function measureInProcess(corpus: Corpus, runs: number): Promise<InProcessFigures> {
  const floor = await medianTime(runs, () => readFloor(corpus));
  const reader = await medianTime(runs, async () => {
    sink += (await readRoot(nodeReaderHost, corpus.folder)).files.size;
  });
  const store = await medianTime(runs, () => {
    sink += loadStore(corpus).size;
  });
  let engine: ProblemEngine | undefined;
  const storeAndRules = await medianTime(runs, () => {
    engine = checkEveryRule(loadStore(corpus));
  });
  const problems: Record<string, number> = {};
  for (const problem of engine!.allProblems()) problems[problem.code] = (problems[problem.code] ?? 0) + 1;
  return { floor, readRoot: reader, store, storeAndRules, problems };
}
