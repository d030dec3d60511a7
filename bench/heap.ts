import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryStore, ProblemEngine } from '../src/core';
import type { Corpus } from './corpora';
import { EVERY_RULE } from './engineOptions';

/** Bytes of heap per memory: the texts themselves, and what the store and the store with its problems hold beyond them. */
export interface HeapFigures {
  readonly texts: number;
  readonly store: number;
  readonly storeAndProblems: number;
}

declare const gc: (() => void) | undefined;

function heapAfterGc(): number {
  // Twice: the first pass can leave objects that only a second one finds unreachable (weak references, finalizers).
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

/**
 * Runs in a child of its own (`--heap FOLDER`), started with --expose-gc, so nothing the other
 * measurements left behind is counted. The texts stay referenced throughout, so the store's and the
 * engine's figures are what they hold beyond the texts.
 */
export function heapChild(folder: string, files: readonly string[]): HeapFigures {
  const memories = files.length;
  // Cold, as the CLI and the extension load: nothing runs before the store is built. One-time costs
  // (compiled code, the rules' tables) are counted too; they weigh at 200 memories only. A warm-up run
  // of the rules on 50 files first made the store's figure at 20,000 fall from 4.0 KB to 0.5 KB, which
  // is V8's doing, not what the store holds.
  const empty = heapAfterGc();
  const texts = files.map((file) => [file, readFileSync(join(folder, file), 'utf8')] as const);
  const withTexts = heapAfterGc();
  const store = new MemoryStore();
  for (const [file, text] of texts) store.update(file, text);
  const withStore = heapAfterGc();
  const engine = new ProblemEngine(store, EVERY_RULE);
  engine.checkAll();
  const withProblems = heapAfterGc();
  // Used after the last measurement, so neither is collected before it.
  if (store.size + (store.index ? 1 : 0) !== texts.length || engine.problemsFor(texts[0][0]) === undefined) throw new Error('the store lost files');
  return { texts: (withTexts - empty) / memories, store: (withStore - withTexts) / memories, storeAndProblems: (withProblems - withTexts) / memories };
}

export function measureHeap(corpus: Corpus, benchScript: string): HeapFigures {
  const child = spawnSync(process.execPath, ['--expose-gc', benchScript, '--heap', corpus.folder], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`the heap child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as HeapFigures;
}
