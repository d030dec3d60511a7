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

  it('says one line lost as one line, never "1 lines" (issue #40)', () => {
    const lines = Array.from({ length: 201 }, (_, i) => entry(i));
    assert.equal(overBudget(lines.join('\n') + '\n')[0].message, "Past Claude Code's 200-line limit for MEMORY.md: this last line is never loaded.");
    assert.equal(overBudget(`${'x'.repeat(30)}\n`, { maxLines: 200, maxChars: 10 })[0].message, "Past Claude Code's 10-character limit for MEMORY.md: nothing from here to the end of this line is ever loaded.");
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

describe('index-over-budget follows how the index loads (IndexLoadWay)', () => {
  // Entries in the three languages the extension serves: the rule counts lines and characters, not words.
  const entries = (count: number): string[] => Array.from({ length: count }, (_, i) => [`- [Fact ${i}](fact_${i}.md) — hook ${i}`, `- [사실 ${i}](fact_${i}.md) — 배포 전에 확인 ${i}`, `- [事実 ${i}](fact_${i}.md) — デプロイ前に確認 ${i}`][i % 3]);
  const long = entries(230).join('\n') + '\n';
  const memory = (i: number): string => `---\nname: fact_${i}\ndescription: fact ${i}\ntype: user\n---\nBody ${i}.\n`;
  const codesOf = (indexLoad: 'entrypoint' | 'imported' | 'not-loaded' | undefined, path: string): string[] => {
    const files = new Map([['MEMORY.md', long], ['fact_220.md', memory(220)]]);
    const engine = checkedEngine(files, indexLoad ? { indexLoad } : {});
    return engine.problemsFor(path).map((problem) => problem.code);
  };

  it('cuts an entrypoint index (auto memory, the default) as before: the cut is flagged, and a memory listed past it', () => {
    for (const way of [undefined, 'entrypoint'] as const) {
      assert.ok(codesOf(way, 'MEMORY.md').includes(ProblemCode.IndexOverBudget), String(way));
      const unlisted = checkedEngine(new Map([['MEMORY.md', long], ['fact_220.md', memory(220)]]), way ? { indexLoad: way } : {}).problemsFor('fact_220.md').filter((p) => p.code === ProblemCode.IndexUnlisted);
      assert.match(unlisted[0].message, /past line 200: that line is never loaded/);
    }
  });

  it('says nothing is "never loaded" of an imported project index: Claude Code loads an import whole', () => {
    assert.deepEqual(codesOf('imported', 'MEMORY.md').filter((code) => code === ProblemCode.IndexOverBudget), []);
    // Listed on line 221: loaded with the rest of the import, so the memory is known.
    assert.deepEqual(codesOf('imported', 'fact_220.md').filter((code) => code === ProblemCode.IndexUnlisted), []);
  });

  it('is quiet on a project index nothing imports: no part of it is loaded more than another', () => {
    assert.deepEqual(codesOf('not-loaded', 'MEMORY.md').filter((code) => code === ProblemCode.IndexOverBudget), []);
    assert.deepEqual(codesOf('not-loaded', 'fact_220.md').filter((code) => code === ProblemCode.IndexUnlisted), []);
  });

  it('keeps checking the entries past the limit of an imported index, which Claude Code reads', () => {
    const text = [...entries(205), '- [Gone](gone_사라짐.md) — 消えた'].join('\n') + '\n';
    const problems = (indexLoad: 'entrypoint' | 'imported'): Problem[] => [...checkedEngine(new Map([['MEMORY.md', text]]), { indexLoad }).problemsFor('MEMORY.md')];
    assert.ok(problems('imported').some((p) => p.code === ProblemCode.IndexMissingFile && p.range.start.line === 205));
    assert.ok(!problems('imported').some((p) => p.code === ProblemCode.IndexOverBudget));
    assert.deepEqual(problems('entrypoint').filter((p) => p.code === ProblemCode.IndexOverBudget).map((p) => [p.range.start.line, p.range.end.line]), [[200, 205]]);
  });
});
