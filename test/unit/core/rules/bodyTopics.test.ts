import * as assert from 'node:assert/strict';
import { parseMemoryFile } from '../../../../src/core';
import { bodyTopics, readBody } from '../../../../src/core/rules/descriptions/bodyTopics';

const memory = parseMemoryFile(
  'feedback_cache.md',
  [
    '---',
    'name: cache',
    'description: How the cache is warmed',
    '---',
    '# Redis warmup',
    'Redis keys expire hourly; the warmup job refills redis keys.',
    'Warmup runs after deploys. Keys are sharded; shards rebalance nightly.',
    'See [[other-memory]] and https://example.com/redis for more.',
    '```',
    'redis-cli keys "*" redis redis redis',
    '```',
    '',
  ].join('\n'),
);

describe('body topics (what a memory body keeps coming back to)', () => {
  it('weighs the heading and first line double, leaving out code, links and addresses', () => {
    const { topics, words } = bodyTopics(memory);
    assert.equal(words, 22);
    assert.deepEqual(topics.slice(0, 4).map((topic) => [topic.term, topic.surface, topic.weight]), [
      ['redi', 'Redis', 6], ['warmup', 'warmup', 5], ['key', 'keys', 5], ['expire', 'expire', 2],
    ]);
  });

  it('picks the heaviest few as a stable sort of every word would, ties in order of first use', () => {
    const all = bodyTopics(memory).topics;
    const reading = readBody(memory);
    for (const count of [1, 2, 3, 4, 6, all.length]) assert.deepEqual(reading.heaviest(count), all.slice(0, count));
  });
});
