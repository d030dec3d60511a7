// `node scripts/benchNearDuplicates.mjs FOLDER...`: the near-duplicate index alone over a root: time to
// index and to ask every memory's near-duplicates, candidate pairs compared, and pairs found.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NearDuplicateIndex, parseMemoryFile } from '../src/core';
import { similarityText } from '../src/core/rules/nearDuplicate/nearDuplicateRule';

for (const folder of process.argv.slice(2)) {
  const memories = readdirSync(folder)
    .filter((file) => file.endsWith('.md') && file !== 'MEMORY.md')
    .sort()
    .map((file) => parseMemoryFile(file, readFileSync(join(folder, file), 'utf8')));
  const started = process.hrtime.bigint();
  const index = new NearDuplicateIndex({}, memories.length);
  for (const memory of memories) index.add(memory.path, similarityText(memory));
  const indexed = process.hrtime.bigint();
  let pairs = 0;
  let withNeighbors = 0;
  for (const memory of memories) {
    const found = index.neighbors(memory.path).length;
    pairs += found;
    if (found > 0) withNeighbors++;
  }
  const searched = process.hrtime.bigint();
  const ms = (from: bigint, to: bigint): string => (Number(to - from) / 1e6).toFixed(0);
  console.log(`${folder}: ${memories.length} memories; index ${ms(started, indexed)} ms, search ${ms(indexed, searched)} ms; candidates compared ${index.candidatesCompared}; near-duplicate pairs ${pairs / 2} (${withNeighbors} memories); heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
}
