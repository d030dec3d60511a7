import { spawnSync } from 'node:child_process';
import { prepareCorpus, type Corpus, type CorpusKind } from './corpora';
import { measureExtensionLoad, type ExtensionLoadFigures } from './extensionLoad';

/**
 * The extension's first load in a fresh process (`--cold-load KIND SIZE`): what a window opening on a
 * root does, where nothing has run before. The in-process figures come after every rule has run a few
 * times over the same corpus, with its code compiled and optimised and its regular expressions
 * compiled; in a fresh extension host the first memory with a relative date, the first secret and
 * the first near-duplicate pay for that, inside the check's slices.
 */
export async function coldLoadChild(kind: CorpusKind, memories: number): Promise<ExtensionLoadFigures> {
  return measureExtensionLoad(prepareCorpus(kind, memories), 1);
}

export function measureColdLoad(corpus: Corpus, benchScript: string): ExtensionLoadFigures {
  const child = spawnSync(process.execPath, [benchScript, '--cold-load', corpus.kind, String(corpus.memories)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`the cold load child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as ExtensionLoadFigures;
}
