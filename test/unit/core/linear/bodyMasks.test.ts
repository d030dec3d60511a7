import * as assert from 'node:assert/strict';
import { blankElsewhere, withoutFencedCode } from '../../../../src/core/rules/descriptions/bodyMasks';

// The expressions the scanners replaced, kept as the oracle: the scanners must give what they gave.
const FENCE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[ \t]*$/gm;
const ELSEWHERE = /\[\[[^\]\n]*\]\]|\]\([^)\n]*\)|\b[a-z][a-z\d+.-]{1,15}:\/\/\S+/g;

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function text(next: () => number, pieces: readonly string[], length: number): string {
  let out = '';
  while (out.length < length) out += pieces[Math.floor(next() * pieces.length)];
  return out;
}

const FENCE_PIECES = ['```', '````', '~~~', '~~~~', '`', '~', ' ', '   ', '    ', '\n', '\r\n', '\r', '\u2028', '\t', 'a', 'js', '```\n', '\n```\n', '\n~~~\n', '\n````\n'];
const LINK_PIECES = ['[[', ']]', '[', ']', '](', '(', ')', '\n', ' ', '\u00a0', 'a', 'x', 'http', '://', 's3://', 'postgres://', 'db.x', '_', '-', '+', '.', 'é', '1', 'A'];

describe('body masks give what the expressions they replaced gave', () => {
  it('fenced code', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const sample = text(random(seed), FENCE_PIECES, 1 + (seed % 60));
      assert.equal(withoutFencedCode(sample), sample.replace(FENCE, ''), `seed ${seed}: ${JSON.stringify(sample)}`);
    }
  });

  it('links and addresses', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const sample = text(random(seed), LINK_PIECES, 1 + (seed % 60));
      assert.equal(blankElsewhere(sample), sample.replace(ELSEWHERE, ' '), `seed ${seed}: ${JSON.stringify(sample)}`);
    }
  });
});
