import * as assert from 'node:assert/strict';
import { DEFAULT_INDEX_BUDGET, loadBudget, parseMemoryIndex } from '../../../../src/core';

const entry = (i: number): string => `- [Fact ${i}](project_fact_${i}.md) — 2026-07-${String((i % 28) + 1).padStart(2, '0')} measurement run ${i}`;

describe('MEMORY.md load budget', () => {
  it('counts lines and characters of the trimmed text and cuts nothing within both limits', () => {
    const text = `\n# Memory index\n\n${entry(1)}\n${entry(2)}\n\n`;
    const budget = loadBudget(parseMemoryIndex(text), DEFAULT_INDEX_BUDGET);
    assert.equal(budget.lines, 4);
    assert.equal(budget.characters, text.trim().length);
    assert.equal(budget.cutLine, undefined);
    assert.deepEqual(budget.cutEntries, []);
  });

  it('stops after line 200 of an index past 200 lines, listing the entries it does not load', () => {
    const lines = ['# Memory index', '', ...Array.from({ length: 210 }, (_, i) => entry(i))];
    const budget = loadBudget(parseMemoryIndex(lines.join('\n') + '\n'), DEFAULT_INDEX_BUDGET);
    assert.equal(budget.lines, 212);
    assert.equal(budget.cutLine, 200);
    assert.equal(budget.cutPartly, false);
    assert.equal(budget.cutBy, 'lines');
    assert.deepEqual(budget.cutEntries, Array.from({ length: 12 }, (_, i) => 200 + i));
    assert.equal(budget.usage, 212 / 200);
  });

  it('counts the lines of a CRLF index the same way, the carriage returns counting as characters', () => {
    const lines = Array.from({ length: 201 }, (_, i) => entry(i));
    const text = lines.join('\r\n') + '\r\n';
    const budget = loadBudget(parseMemoryIndex('\uFEFF' + text), DEFAULT_INDEX_BUDGET);
    assert.equal(budget.cutLine, 200);
    assert.equal(budget.characters, text.trim().length);
  });

  it('loads a Korean index under 25,000 characters whole although it is over 25 KB in UTF-8', () => {
    const line = (i: number): string => `- [실험 기록 ${i}](project_run_${i}.md) — 측정값이 없으면 표의 셀을 빈칸으로 남기고 캡션에 이유를 적는다 ${i}`;
    const lines = ['# 메모리 색인', ...Array.from({ length: 190 }, (_, i) => line(i))];
    const text = lines.join('\n');
    assert.ok(Buffer.byteLength(text) > 25_000 && text.length < 25_000, `${text.length} characters, ${Buffer.byteLength(text)} bytes`);
    const budget = loadBudget(parseMemoryIndex(text), DEFAULT_INDEX_BUDGET);
    assert.equal(budget.cutLine, undefined);
    assert.equal(budget.characters, text.length);
  });

  it('cuts a long-lined index at the last line break before 25,000 characters', () => {
    const line = '- [긴 메모](project_long.md) — ' + '가'.repeat(270);
    const text = Array.from({ length: 100 }, () => line).join('\n');
    const budget = loadBudget(parseMemoryIndex(text), DEFAULT_INDEX_BUDGET);
    const perLine = line.length + 1;
    assert.equal(budget.cutBy, 'characters');
    assert.equal(budget.cutLine, Math.floor(25_000 / perLine));
    assert.equal(budget.cutPartly, false);
  });

  it('cuts mid-line when one line alone is longer than the character limit', () => {
    const text = `# Index\n- [Huge](project_huge.md) — ${'x'.repeat(30_000)}`;
    const budget = loadBudget(parseMemoryIndex(text), DEFAULT_INDEX_BUDGET);
    assert.equal(budget.cutLine, 1);
    assert.equal(budget.cutPartly, false);
    const single = loadBudget(parseMemoryIndex(`- [Huge](project_huge.md) — ${'x '.repeat(15_000)}`), DEFAULT_INDEX_BUDGET);
    assert.equal(single.cutLine, 0);
    assert.equal(single.cutPartly, true);
  });
});
