import * as assert from 'node:assert/strict';
import { onlyComments } from '../../../../src/core/indexLoad';
import { headingText } from '../../../../src/core/memoryLabel';

/**
 * Scanners that replaced backtracking patterns give what those patterns gave: each is checked against
 * the pattern it replaced, kept here as the oracle, on random lines of the characters that matter to it.
 */

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function samples(seed: number, pieces: readonly string[], count: number, longest: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    let text = '';
    for (let n = Math.floor(next() * (longest + 1)); n > 0; n--) text += pieces[Math.floor(next() * pieces.length)];
    return text;
  });
}

describe('scanners agree with the patterns they replaced', () => {
  it('a heading line\'s text', () => {
    const HEADING = /^ {0,3}#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
    for (const line of samples(5, ['#', ' ', '\t', 'a', '##', ' #', 'x y', '\u2028', '\r', '   ', '\u00a0', 'b#', '# '], 50_000, 9)) {
      assert.equal(headingText(line), HEADING.exec(line)?.[1], JSON.stringify(line));
    }
  });

  it('a line blank but for comments', () => {
    for (const text of samples(9, ['<!--', '-->', '<!-->', '--', '>', '<!', 'a', ' ', '\n', '\t', '-'], 50_000, 9)) {
      assert.equal(onlyComments(text), text.replace(/<!--[\s\S]*?-->/g, '').trim() === '', JSON.stringify(text));
    }
  });
});
