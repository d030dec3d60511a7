import * as assert from 'node:assert/strict';
import { applyTextEdits } from '../../../src/core';

const at = (line: number, character: number) => ({ line, character });

describe('applyTextEdits', () => {
  it('applies several edits by position, keeping CRLF and untouched bytes', () => {
    const text = '---\r\nname: a\r\ntype: fedback\r\n---\r\nbody\r\n';
    const result = applyTextEdits(text, [
      { range: { start: at(2, 6), end: at(2, 13) }, newText: 'feedback' },
      { range: { start: at(1, 6), end: at(1, 7) }, newText: 'alpha' },
      { range: { start: at(5, 0), end: at(5, 0) }, newText: 'tail\r\n' },
    ]);
    assert.equal(result, '---\r\nname: alpha\r\ntype: feedback\r\n---\r\nbody\r\ntail\r\n');
  });

  it('counts characters as UTF-16 units, as VS Code does, in Korean text', () => {
    assert.equal(applyTextEdits('어제 회의', [{ range: { start: at(0, 0), end: at(0, 2) }, newText: '2026-07-29' }]), '2026-07-29 회의');
  });

  it('refuses overlapping edits rather than guessing', () => {
    assert.throws(() => applyTextEdits('abcdef', [
      { range: { start: at(0, 0), end: at(0, 3) }, newText: 'x' },
      { range: { start: at(0, 2), end: at(0, 4) }, newText: 'y' },
    ]), /overlapping/);
  });
});
