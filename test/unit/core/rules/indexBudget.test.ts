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

  it('reports each line past line 200 over its whole length, the trailing newline not counting as a line', () => {
    const lines = Array.from({ length: 203 }, (_, i) => entry(i));
    const problems = overBudget(lines.join('\n') + '\n');
    assert.deepEqual(problems.map((p) => p.range), [200, 201, 202].map((line) => ({ start: { line, character: 0 }, end: { line, character: lines[line].length } })));
    assert.equal(problems[0].message, "Past Claude Code's 200-line limit for MEMORY.md: this line is never loaded.");
  });

  it('counts lines after trimming, as Claude Code does: leading blank lines do not use the budget', () => {
    const lines = ['', '', ...Array.from({ length: 201 }, (_, i) => entry(i))];
    assert.deepEqual(overBudget(lines.join('\n')).map((p) => p.range.start.line), [202]);
  });

  it('skips blank lines past the limit: nothing is lost there', () => {
    const lines = [...Array.from({ length: 200 }, (_, i) => entry(i)), '', entry(200), '   ', entry(201)];
    assert.deepEqual(overBudget(lines.join('\n')).map((p) => p.range.start.line), [201, 203]);
  });

  it('cuts at the last line break before 25,000 characters, counting JavaScript string length, not bytes', () => {
    // 100 lines of 300 Hangul syllables: 30,100 characters but 90,000 bytes and more in UTF-8.
    const line = '가'.repeat(300);
    const text = Array.from({ length: 100 }, () => line).join('\n');
    const problems = overBudget(text);
    // The last line break at or before 25,000 ends line 82 (at 82 * 301 + 300 = 24,982): line 83 on is cut.
    assert.equal(problems[0].range.start.line, 83);
    assert.equal(problems.length, 100 - 83);
    assert.equal(problems[0].message, "Past Claude Code's 25,000-character limit for MEMORY.md: this line is never loaded.");
  });

  it('counts CRLF line breaks as characters, as Claude Code splits on LF only', () => {
    const line = 'x'.repeat(99);
    // Each line is 99 + "\r\n" = 101 characters: the 248th line (index 247) ends at 247 * 101 + 100 = 25,047 > 25,000.
    const problems = overBudget(Array.from({ length: 260 }, () => line).join('\r\n'), { maxLines: 1000, maxChars: 25_000 });
    assert.equal(problems[0].range.start.line, 247);
  });

  it('reports the rest of a single line longer than the budget from where the cut falls', () => {
    const problems = overBudget(`  ${'a'.repeat(30)}`, { maxLines: 200, maxChars: 10 });
    assert.deepEqual(problems.map((p) => p.range), [{ start: { line: 0, character: 12 }, end: { line: 0, character: 32 } }]);
    assert.match(problems[0].message, /the rest of this line is never loaded/);
  });

  it('names the line limit for lines past it even when the characters run out too', () => {
    const problems = overBudget(Array.from({ length: 5 }, () => 'x'.repeat(10)).join('\n'), { maxLines: 2, maxChars: 15 });
    assert.deepEqual(problems.map((p) => [p.range.start.line, /2-line/.test(p.message)]), [[1, false], [2, true], [3, true], [4, true]]);
  });
});
