import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateRealistic } from './generateRealistic';
import { generateRoot } from './generateRoot';

export type CorpusKind = 'stress' | 'realistic';
export const CORPUS_KINDS: readonly CorpusKind[] = ['stress', 'realistic'];

/** Bumped whenever a generator changes, so a corpus left in the temp folder by an older bench is made again. */
const GENERATOR_VERSION = 'stress-1 realistic-1';
const MARKER = '.bench-corpus';

/** A generated memory root in the temp folder (never inside the repository), and what it holds. */
export interface Corpus {
  readonly kind: CorpusKind;
  readonly memories: number;
  readonly folder: string;
  /** Every .md file, MEMORY.md included. */
  readonly files: readonly string[];
  readonly bytes: number;
}

export function prepareCorpus(kind: CorpusKind, memories: number): Corpus {
  const folder = join(tmpdir(), 'memory-shelf-bench', `${kind}-${memories}`);
  const marker = join(folder, MARKER);
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== GENERATOR_VERSION) {
    rmSync(folder, { recursive: true, force: true });
    if (kind === 'stress') generateRoot(folder, memories);
    else generateRealistic(folder, memories);
    // Hidden, so neither the reader nor the floor reads it.
    writeFileSync(marker, GENERATOR_VERSION);
  }
  const files = readdirSync(folder).filter((file) => file.endsWith('.md')).sort();
  const bytes = files.reduce((sum, file) => sum + statSync(join(folder, file)).size, 0);
  return { kind, memories, folder, files, bytes };
}
