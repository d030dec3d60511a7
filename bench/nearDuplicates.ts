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
  const started = process.cpuUsage();
  const index = new NearDuplicateIndex({}, memories.length);
  for (const memory of memories) index.add(memory.path, similarityText(memory));
  const indexed = process.cpuUsage();
  let pairs = 0;
  let withNeighbors = 0;
  for (const memory of memories) {
    const found = index.neighbors(memory.path).length;
    pairs += found;
    if (found > 0) withNeighbors++;
  }
  const searched = process.cpuUsage();
  // CPU time, not elapsed: the machine the bench runs on is shared.
  const ms = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage): string => ((to.user - from.user) / 1000).toFixed(0);
  console.log(`${folder}: ${memories.length} memories; CPU: index ${ms(started, indexed)} ms, search ${ms(indexed, searched)} ms; candidates compared ${index.candidatesCompared}; near-duplicate pairs ${pairs / 2} (${withNeighbors} memories); heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
}
