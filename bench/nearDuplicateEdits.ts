// `node scripts/benchNearDuplicates.mjs --edits`: the bench's edit figure alone (500 seeded edits at
// 20,000 memories of each corpus), for the near-duplicate index's incremental path.
import { CORPUS_KINDS, prepareCorpus } from './corpora';
import { measureEdits } from './edits';

for (const kind of CORPUS_KINDS) {
  const figures = measureEdits(prepareCorpus(kind, 20_000), 500);
  const ms = (value: number): string => value.toFixed(2);
  const kinds = Object.entries(figures.byKind).map(([name, { p50, p95 }]) => `${name} ${ms(p50)}/${ms(p95)}`).join(', ');
  console.log(`${kind}-20000 edits: p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms, max ${ms(figures.max)} ms (${kinds})`);
}
