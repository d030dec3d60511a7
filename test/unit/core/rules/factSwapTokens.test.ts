import * as assert from 'node:assert/strict';
import { tokenize, tokenizeByPattern } from '../../../../src/core/rules/shared/factSwap';

/** A seeded generator, so a failure names a string that fails again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('fact swap tokens', () => {
  it('reads by hand the tokens the pattern finds, in sentences of the three languages', () => {
    for (const text of [
      'The weekly sync moved to Thursday 09:30; ask Dana, not Priya.',
      "Don't deploy v1.5.2 before 2026-12-07 — it's frozen’s week.",
      '결제 API 담당은 박지훈이다. 캐시는 60분으로 둔다!',
      'まず田中さんに聞く。ログの保存期間は々30日、レビュアーが2人必要',
      'ＡＰＩは１０時に止まる（ﾃｽﾄ）: ①②, x²',
      '*emphasis* `code` #tag > quote ~ tilde _under_ ½ Ⅻ Straße ÀÉ',
    ]) {
      assert.deepEqual(tokenize(text), tokenizeByPattern(text.normalize('NFKC')), text);
    }
  });

  it('reads every character as the pattern does, beside letters, digits and joiners', () => {
    const failed: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      const text = `a${char}1${char}x'${char}2-${char}`;
      if (JSON.stringify(tokenize(text)) !== JSON.stringify(tokenizeByPattern(text.normalize('NFKC')))) failed.push(code.toString(16));
    }
    assert.deepEqual(failed, []);
  });

  it('reads random mixes of scripts, joiners and marks as the pattern does', () => {
    const alphabet = [..."aZé'’:./-09 \t\n*_`#>~!?;,가각ㄱあアーン漢字々、。？！ßΣДـ٣①ⅫＡ·・゠ゝ\u00a0\u3000\u0301😀𠀋"];
    const next = random(23);
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      const length = 1 + Math.floor(next() * 12);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      assert.deepEqual(tokenize(text), tokenizeByPattern(text.normalize('NFKC')), JSON.stringify(text));
    }
  });
});
