import * as assert from 'node:assert/strict';
import { contentWords } from '../../../../src/core/recall/terms';

/** Each word as [term, surface, offset]. */
function read(text: string): [string, string, number][] {
  return contentWords(text).map((word) => [word.term, word.surface, word.at]);
}

describe('content words (the long-text word reader of the description hints)', () => {
  it('keeps identifiers with their dots, apostrophes, + and #, and drops stop words and single letters', () => {
    assert.deepEqual(read("Use console.log and maily.so, don't re-run c++ or C# in x.y. at 3 a"), [
      ['use', 'Use', 0], ['console.log', 'console.log', 4], ['maily.so', 'maily.so', 20], ["don't", "don't", 30], ['re', 're', 36],
      ['run', 'run', 39], ['c++', 'c++', 43], ['c#', 'C#', 50], ['x.y', 'x.y', 56], ['3', '3', 64],
    ]);
  });

  it('folds accents, and reads a text whose lower case is longer (İ) word by word at the same offsets', () => {
    assert.deepEqual(read('Kármán vortex, naïve café'), [['karman', 'Kármán', 0], ['vortex', 'vortex', 7], ['naive', 'naïve', 15], ['cafe', 'café', 21]]);
    assert.deepEqual(read('İstanbul deploy İzmir'), [['istanbul', 'İstanbul', 0], ['deploy', 'deploy', 9], ['izmir', 'İzmir', 16]]);
  });

  it('strips Korean endings, leaves out Korean stop words, and cuts Japanese at changes of script', () => {
    assert.deepEqual(read('파이프라인은 태그로 확인했어 것 수 전에'), [['파이프라인', '파이프라인은', 0], ['태그', '태그로', 7], ['확인', '확인했어', 11]]);
    assert.deepEqual(read('デプロイ手順のメモ、漢字々とカタカナー'), [['デプロイ', 'デプロイ', 0], ['手順', '手順', 4], ['メモ', 'メモ', 7], ['漢字々', '漢字々', 10], ['カタカナー', 'カタカナー', 14]]);
  });

  it('reads -, _ and / as spaces', () => {
    assert.deepEqual(read('foo-bar_baz/qux'), [['foo', 'foo', 0], ['bar', 'bar', 4], ['baz', 'baz', 8], ['qux', 'qux', 12]]);
  });
});
