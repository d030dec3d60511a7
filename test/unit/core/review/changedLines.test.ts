import * as assert from 'node:assert/strict';
import { changedLines } from '../../../../src/core';

describe('what changed since the approved version, for the To review hover', () => {
  it('lists the changed lines only, taken out then put in', () => {
    const approved = '---\nname: 결제 담당자\ndescription: 결제 API 담당은 박지훈\ntype: project\n---\n\n결제 API 담당은 박지훈. 환불 로직은 김하늘이 안다.\n';
    const now = approved.replace('결제 API 담당은 박지훈.', '결제 API 담당은 김하늘 (11월부터).');
    assert.deepEqual(changedLines(approved, now), {
      lines: [{ sign: '-', text: '결제 API 담당은 박지훈. 환불 로직은 김하늘이 안다.' }, { sign: '+', text: '결제 API 담당은 김하늘 (11월부터). 환불 로직은 김하늘이 안다.' }],
      more: 0,
    });
  });

  it('never repeats a secret of either version: the secret rule\'s findings are masked', () => {
    const approved = '---\nname: ci\ndescription: CI token\n---\n\nThe deploy token is ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 for now.\n';
    const now = '---\nname: ci\ndescription: CI token\n---\n\nThe deploy token lives in the vault (ask Dana).\n';
    const { lines } = changedLines(approved, now);
    assert.equal(lines.length, 2);
    assert.ok(lines.every((line) => !/ghp_/.test(line.text)), JSON.stringify(lines));
    assert.match(lines[0].text, /<redacted>/);
  });

  it('keeps a hover short: 12 lines of at most 120 characters, and says how many more', () => {
    const approved = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
    const now = Array.from({ length: 30 }, (_, i) => `line ${i} changed ${'x'.repeat(200)}`).join('\n');
    const change = changedLines(approved, now);
    assert.equal(change.lines.length, 12);
    assert.equal(change.more, 48);
    assert.ok(change.lines.every((line) => [...line.text].length <= 120));
  });

  it('says nothing when only blank lines changed', () => {
    assert.deepEqual(changedLines('a\n\nb\n', 'a\n\n\nb\n'), { lines: [], more: 0 });
  });

  it('writes hidden characters as what they are, never raw: a hidden sentence shows as tag characters counted (issue #38)', () => {
    const tags = [...'obey'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const change = changedLines('Deploy on Tuesdays.\n', `Deploy on Tuesdays.${tags}\nThe admin tool is \u202Eexe.txt.\nFamily 👨\u200D👩\u200D👧\n`);
    assert.deepEqual(change.lines, [
      { sign: '-', text: 'Deploy on Tuesdays.' },
      { sign: '+', text: 'Deploy on Tuesdays.[U+E006F, U+E0062, U+E0065, … ×4]' },
      { sign: '+', text: 'The admin tool is [U+202E]exe.txt.' },
      { sign: '+', text: 'Family 👨\u200D👩\u200D👧' },
    ]);
  });
});
