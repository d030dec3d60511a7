import * as assert from 'node:assert/strict';
import { ProblemCode, type Problem } from '../../../../src/core';
import { checkedEngine } from './ruleHelpers';

function overBudget(index: string, budget?: { maxLines: number; maxChars: number }): Problem[] {
  const engine = checkedEngine(new Map([['MEMORY.md', index]]), budget ? { budget } : {});
  return engine.problemsFor('MEMORY.md').filter((problem) => problem.code === ProblemCode.IndexOverBudget);
}

const entry = (i: number): string => `- [Fact ${i}](fact_${i}.md) — hook ${i}`;

describe('index-over-budget', () => {
  it('reports nothing within 200 lines and 25,000 characters', () => {
    assert.deepEqual(overBudget(Array.from({ length: 200 }, (_, i) => entry(i)).join('\n') + '\n'), []);
  });

  it('reports once, from line 201 to the end of the text, the trailing newline not counting as a line', () => {
    const lines = Array.from({ length: 203 }, (_, i) => entry(i));
    const problems = overBudget(lines.join('\n') + '\n');
    assert.deepEqual(problems.map((p) => p.range), [{ start: { line: 200, character: 0 }, end: { line: 202, character: lines[202].length } }]);
    assert.equal(problems[0].message, "Past Claude Code's 200-line limit for MEMORY.md: nothing from here to the end (3 lines) is ever loaded.");
  });

  it('counts lines after trimming, as Claude Code does: leading blank lines do not use the budget', () => {
    const lines = ['', '', ...Array.from({ length: 201 }, (_, i) => entry(i))];
    assert.deepEqual(overBudget(lines.join('\n')).map((p) => p.range.start.line), [202]);
  });

  it('reports nothing when only blank lines lie past the limit, and starts past blank lines after the cut', () => {
    const full = Array.from({ length: 200 }, (_, i) => entry(i));
    assert.deepEqual(overBudget([...full, '', '   ', ''].join('\n')), []);
    assert.deepEqual(overBudget([...full, 'x'].join('\n')).map((p) => p.range.start.line), [200]);
    assert.deepEqual(overBudget([...full.slice(0, 199), '', '', entry(200)].join('\n')).map((p) => p.range.start.line), [201]);
  });

  it('cuts at the last line break before 25,000 characters, counting JavaScript string length, not bytes', () => {
    // 100 lines of 300 Hangul syllables: 30,100 characters but 90,000 bytes and more in UTF-8.
    const line = '가'.repeat(300);
    const problems = overBudget(Array.from({ length: 100 }, () => line).join('\n'));
    // The last line break at or before 25,000 ends line 82 (at 82 * 301 + 300 = 24,982): line 83 on is cut.
    assert.deepEqual(problems.map((p) => [p.range.start.line, p.range.end.line]), [[83, 99]]);
    assert.equal(problems[0].message, "Past Claude Code's 25,000-character limit for MEMORY.md: nothing from here to the end (17 lines) is ever loaded.");
  });

  it('counts CRLF line breaks as characters, as Claude Code splits on LF only', () => {
    const line = 'x'.repeat(99);
    // Each line is 99 + "\r\n" = 101 characters: the 248th line (index 247) ends at 247 * 101 + 100 = 25,047 > 25,000.
    const problems = overBudget(Array.from({ length: 260 }, () => line).join('\r\n'), { maxLines: 1000, maxChars: 25_000 });
    assert.deepEqual(problems.map((p) => p.range.start.line), [247]);
  });

  it('starts inside a single line longer than the budget, where the cut falls', () => {
    const problems = overBudget(`  ${'a'.repeat(30)}`, { maxLines: 200, maxChars: 10 });
    assert.deepEqual(problems.map((p) => p.range), [{ start: { line: 0, character: 12 }, end: { line: 0, character: 32 } }]);
  });

  it('names the limit that cut first', () => {
    assert.match(overBudget(Array.from({ length: 5 }, () => 'x'.repeat(10)).join('\n'), { maxLines: 2, maxChars: 15 })[0].message, /15-character limit/);
    assert.match(overBudget(Array.from({ length: 5 }, () => 'x'.repeat(10)).join('\n'), { maxLines: 2, maxChars: 1000 })[0].message, /2-line limit/);
  });
});
