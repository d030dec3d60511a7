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

/**
 * What is held after two collections: the JS heap and the ArrayBuffers' backing stores. A typed array
 * larger than 64 bytes keeps its contents outside the JS heap, where `heapUsed` does not see them: at
 * 20,000 memories that once hid 2 MB of the store's field tables and 80 MB of the near-duplicate rule's
 * signatures and band tables (4 KB a memory; 1.2-1.5 KB now, mostly the signatures and bucket links).
 */
function heapAfterGc(): number {
  // Twice: the first pass can leave objects that only a second one finds unreachable (weak references, finalizers).
  gc!();
  gc!();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * Runs in a child of its own (`--heap FOLDER`), started with --expose-gc, so nothing the other
 * measurements left behind is counted. The texts stay referenced throughout, so the store's and the
 * engine's figures are what they hold beyond the texts.
 */
export function heapChild(folder: string, files: readonly string[]): HeapFigures {
  const memories = files.length;
  // Cold, as the CLI and the extension load: nothing runs before the store is built. One-time costs
  // are counted too (compiled code, by heap snapshots at 20,000: 0.3 MB with the store, 4 MB once the
  // rules ran, 0.2 KB a memory there); they weigh at 200 memories only. A warm-up on "the first 50 files" once made the store's figure 0 KB or less: the
  // sorted list starts with MEMORY.md, so the warm-up held the whole 20,000-line index and some 19,500
  // index-unlisted problems (45 MB), still referenced from this frame while the baselines were taken
  // and released during the store's loop (a heap snapshot there found 18.7 MB of the warm-up's index
  // gone), which subtracted them from the store. Nothing made here may outlive its own measurement,
  // and everything measured stays referenced until the last one.
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
