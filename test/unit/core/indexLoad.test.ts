import * as assert from 'node:assert/strict';
import { loadBudget, loadedContent, measureIndexLoad, parseMemoryIndex, ProblemCode } from '../../../src/core';
import { checkedEngine } from './rules/ruleHelpers';

const LIMITS = { maxLines: 200, maxChars: 25_000 };
const entry = (i: number): string => `- [사실 ${i}](fact_${i}.md) — 한국어 설명 ${i}`;

/** 150 entries with a long HTML comment between every two: over 200 lines and 25,000 characters as written. */
function commentedIndex(): string {
  const note = '<!--\n' + '編集メモ: この行は読み込まれません。'.repeat(20) + '\n' + 'maintainer note\n'.repeat(3) + '-->';
  const lines: string[] = [];
  for (let i = 0; i < 150; i++) {
    lines.push(entry(i));
    if (i % 2 === 1) lines.push(note);
  }
  return lines.join('\n') + '\n';
}

describe('index load as Claude Code counts it (2.1.211: loaded content, no frontmatter, no HTML comments)', () => {
  it('an index whose HTML comments push a naive count past both limits loads whole', () => {
    const text = commentedIndex();
    const naiveLines = text.trim().split('\n').length;
    assert.ok(naiveLines > 200, `naive lines ${naiveLines}`);
    assert.ok(text.trim().length > 25_000, `naive chars ${text.trim().length}`);
    const load = measureIndexLoad(text, LIMITS);
    assert.equal(load.lines, 150);
    assert.equal(load.cut, undefined);
    const engine = checkedEngine(new Map([['MEMORY.md', text]]));
    assert.deepEqual(engine.problemsFor('MEMORY.md').filter((p) => p.code === ProblemCode.IndexOverBudget), []);
    const budget = loadBudget(parseMemoryIndex(text), LIMITS);
    assert.equal(budget.cutLine, undefined);
    assert.equal(budget.lines, 150);
    assert.equal(budget.characters, Array.from({ length: 150 }, (_, i) => entry(i)).join('\n').length);
  });

  it('counts lines of loaded content: 201 entries with comments between them are cut at the 201st entry', () => {
    const lines: string[] = [];
    for (let i = 0; i < 201; i++) lines.push(entry(i), '<!-- note -->');
    const text = lines.join('\n');
    const budget = loadBudget(parseMemoryIndex(text), LIMITS);
    assert.equal(budget.lines, 201);
    assert.equal(budget.cutBy, 'lines');
    // Entry 200 (the 201st) is on source line 400.
    assert.equal(budget.cutLine, 400);
    assert.deepEqual(budget.cutEntries, [400]);
    const problems = checkedEngine(new Map([['MEMORY.md', text]])).problemsFor('MEMORY.md').filter((p) => p.code === ProblemCode.IndexOverBudget);
    assert.deepEqual(problems.map((p) => p.range.start.line), [400]);
  });

  it('cuts by characters at whole lines, in UTF-16 units, the comments not counted', () => {
    // 100 lines of 300 Hangul syllables with a comment line of 500 characters after each.
    const line = '가'.repeat(300);
    const comment = `<!-- ${'x'.repeat(490)} -->`;
    const text = Array.from({ length: 100 }, () => `${line}\n${comment}`).join('\n');
    const budget = loadBudget(parseMemoryIndex(text), LIMITS);
    assert.equal(budget.cutBy, 'characters');
    // Loaded: lines of 301 with the break; the last break at or before 25,000 ends loaded line 82, so loaded line 83 is cut: source line 166.
    assert.equal(budget.cutLine, 166);
    assert.equal(budget.cutPartly, false);
  });

  it('leaves frontmatter out, keeps a comment that never closes, and keeps comments inside code fences', () => {
    assert.equal(loadedContent('---\ntitle: x\n---\n- [a](a.md) — b\n').text, '- [a](a.md) — b\n');
    assert.equal(loadedContent('- [a](a.md)\n<!-- open\nstill text\n').text, '- [a](a.md)\n<!-- open\nstill text\n');
    assert.equal(loadedContent('```\n<!-- shown -->\n```\n').text, '```\n<!-- shown -->\n```\n');
    assert.equal(loadedContent('<!-- a -->\n- [a](a.md)\n  <!-- b\nc -->\n').text, '- [a](a.md)\n');
    // What follows the comment on its closing line is loaded.
    assert.equal(loadedContent('<!-- a --> kept\n').text, ' kept\n');
    // A comment inside a line of prose is not a block comment.
    assert.equal(loadedContent('text <!-- inline -->\n').text, 'text <!-- inline -->\n');
  });

  it('maps the cut back to the source with CRLF line ends', () => {
    const lines: string[] = [];
    for (let i = 0; i < 202; i++) lines.push(`- [x${i}](x${i}.md) — y`, '<!-- z -->');
    const text = lines.join('\r\n');
    const budget = loadBudget(parseMemoryIndex(text), LIMITS);
    assert.equal(budget.cutLine, 400);
    assert.equal(budget.cutPartly, false);
  });
});
