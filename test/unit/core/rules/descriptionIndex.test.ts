import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { areAlike, DescriptionIndex } from '../../../../src/core/rules/descriptions/descriptionIndex';
import { descriptionTerms } from '../../../../src/core/rules/descriptions/descriptionWords';

const WORDS = ['deploy', 'staging', '배포', 'デプロイ'];

describe('the index of a root\'s description words', () => {
  it('finds exactly the alike descriptions that comparing every pair finds, and counts words right, through any sequence of changes', () => {
    const change = fc.tuple(fc.nat(11), fc.option(fc.uniqueArray(fc.constantFrom(...WORDS.slice(0, 4)), { maxLength: 3 }), { nil: undefined }));
    fc.assert(fc.property(fc.array(change, { minLength: 1, maxLength: 40 }), (changes) => {
      const index = new DescriptionIndex();
      const held = new Map<string, readonly string[]>();
      for (const [at, terms] of changes) {
        const path = `m${at}.md`;
        index.set(path, terms);
        if (terms === undefined) held.delete(path);
        else held.set(path, terms);
      }
      for (const [path, terms] of held) {
        const expected = [...held].filter(([other, otherTerms]) => other !== path && areAlike(terms, otherTerms)).map(([other]) => other).sort();
        assert.deepEqual(index.alike(path), expected, path);
      }
      for (const word of WORDS) assert.equal(index.frequency(word), [...held.values()].filter((terms) => terms.includes(word)).length, word);
    }), { numRuns: 200 });
  });

  it('calls alike only descriptions holding the same words, two or more', () => {
    assert.equal(areAlike(['phase', '3', 'model'], ['model', 'phase', '3']), true);
    // The one word more or other is what tells them apart.
    assert.equal(areAlike(['deploy', 'step', 'web', 'app'], ['deploy', 'step', 'web', 'app', 'staging']), false);
    assert.equal(areAlike(['deploy', 'staging', 'pnpm', 'script'], ['deploy', 'production', 'pnpm', 'script']), false);
    assert.equal(areAlike(['model'], ['model']), false);
  });

  it('says which words became common as descriptions come and go', () => {
    const index = new DescriptionIndex();
    index.set('a.md', ['awoo', 'deploy']);
    index.set('b.md', ['awoo', 'font']);
    assert.equal(index.isCommon('awoo'), false);
    const flipped = index.set('c.md', ['awoo', 'seo']);
    assert.deepEqual(flipped, new Set(['awoo']));
    assert.equal(index.isCommon('awoo'), true);
    assert.deepEqual(index.set('c.md', undefined), new Set(['awoo']));
  });

  it('reads description words as the recall check folds them, generic ones left out', () => {
    assert.deepEqual(descriptionTerms('Deploy steps for the web app'), ['deploy', 'step', 'web', 'app']);
    assert.deepEqual(descriptionTerms('API 키 발급 방법 정리'), ['api', '발급', '방법']);
    assert.deepEqual(descriptionTerms('デプロイ手順のメモ'), ['デプロイ', '手順']);
  });
});
