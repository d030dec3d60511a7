import * as assert from 'node:assert/strict';
import { blankInlineCode, inlineCodeSpans } from '../../../../src/core/codeFence';
import { MemoryStore } from '../../../../src/core/memoryStore';
import { resolveTypeSet } from '../../../../src/core/memoryTypes';
import { findRelativeDates } from '../../../../src/core/rules/relativeDate/relativeDateRule';
import { proseOf } from '../../../../src/core/rules/relativeDate/proseMask';
import { RefusalCheck } from '../../../../src/core/rules/relativeDate/refusals';
import { sectionDays } from '../../../../src/core/rules/relativeDate/sectionDates';
import { findEventMentions } from '../../../../src/core/rules/relativeDate/eventMentions';
import { DEFAULT_INDEX_BUDGET, type RuleContext } from '../../../../src/core/rules/shared/ruleContext';
import { assertLinearTime as assertLinearTimeOnce } from '../../helpers/linearTime';

const THURSDAY = Date.UTC(2026, 6, 30, 12);
const context: RuleContext = { store: new MemoryStore(), typeSet: resolveTypeSet('claude-code', []), budget: DEFAULT_INDEX_BUDGET, modifiedTime: () => THURSDAY };

/**
 * {@link assertLinearTimeOnce} made steady on a shared, loaded machine: each measured run repeats the
 * scan until it lasts long enough for a preemption to weigh little (the same work each time, so the
 * ratio between the sizes is kept), and a ratio past the bound is measured again, up to three times.
 * A quadratic scanner takes 16x every time; a stray pause does not come back three times.
 */
function assertLinearTime(name: string, makeInput: (size: number) => string, run: (input: string) => unknown): void {
  const probe = makeInput(250_000);
  const started = process.hrtime.bigint();
  run(probe);
  const once = Math.max(Number(process.hrtime.bigint() - started) / 1e6, 0.01);
  const times = Math.min(20, Math.max(1, Math.ceil(10 / once)));
  const repeatedRun = (input: string): void => {
    for (let i = 0; i < times; i++) run(input);
  };
  for (let attempt = 1; ; attempt++) {
    try {
      assertLinearTimeOnce(name, makeInput, repeatedRun);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** `unit` repeated to `size` characters. */
const repeated = (unit: string) => (size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Backtick runs of every length from 1 to 60 in turn, each unmatched until the cycle comes round, beside links and dates. */
function growingTicks(size: number): string {
  let out = '';
  for (let length = 1; out.length < size; length = (length % 60) + 1) out += '`'.repeat(length) + ' [a](b) 2026-07-30 next week ';
  return out.slice(0, size);
}

// The worst shapes known for each scanner: what made a backtracking pattern rescan the rest of the
// line (or the file) from every opener, or a per-line list be searched from every mention. Each is one
// line, as an agent's runaway output would be.
const CODE_SHAPES: [string, (size: number) => string][] = [
  ['one run of backticks', repeated('`')],
  ['backtick runs of growing length beside links and dates', growingTicks],
  ['a single backtick, then pairs', (size) => '`' + repeated(' ``')(size - 1)],
];
const NAME_SHAPES: [string, (size: number) => string][] = [
  ['`](` with no closing parenthesis', repeated('](a')],
  ['`<!--` with no closing', repeated('<!--')],
  ['`[[` with no closing', repeated('[[a')],
  ['URLs glued to words', repeated('xhttp://a')],
  ['one date word, then `](` x n', (size) => 'yesterday ' + repeated('](')(size - 10)],
  ['one date word, then `<!--` x n', (size) => 'yesterday ' + repeated('<!-- ')(size - 10)],
];
// Thousands of mentions on one line, each looked up in that line's quotes, emphasis and idioms.
const DENSE_SHAPES: [string, (size: number) => string, RegExp][] = [
  ['quotes that never close', repeated('"today '), /today/g],
  ['quoted dates', repeated('"today" '), /today/g],
  ['short emphasis', repeated('**today** '), /today/g],
  ['idioms', repeated('what you learn today pays off tomorrow '), /today|tomorrow/g],
  ['dates next to absolute dates', repeated('2026-07-30 tomorrow, '), /tomorrow/g],
];

describe('relative-date scanners take time linear in their input (1 MB against 250 KB)', function () {
  // Each case times megabytes several times over; on a machine shared by many processes that takes a while.
  this.timeout(180_000);

  it('the inline-code scanner', () => {
    for (const [name, make] of CODE_SHAPES) assertLinearTime(`inline code: ${name}`, make, blankInlineCode);
  });

  it('the prose mask', () => {
    for (const [name, make] of [...CODE_SHAPES, ...NAME_SHAPES]) assertLinearTime(`prose mask: ${name}`, make, (text) => proseOf(text, undefined));
  });

  it('the refusal checks, at every mention of a line', () => {
    for (const [name, make, words] of DENSE_SHAPES) {
      assertLinearTime(`refusals: ${name}`, make, (text) => {
        const check = new RefusalCheck(text);
        for (const match of text.matchAll(words)) check.refusal({ start: match.index, end: match.index + match[0].length });
      });
    }
  });

  it('the section dates', () => {
    assertLinearTime('sections: a dated heading over every line', repeated('## 2026-07-30\nnext week\n'), sectionDays);
    assertLinearTime('sections: dated labels', repeated('**2026-07-30**\nnext week\n\n'), sectionDays);
    assertLinearTime('sections: one long heading', (size) => '# ' + repeated('2026-07-30 ')(size - 2), sectionDays);
  });

  it('the weekday and countdown finders', () => {
    for (const unit of ['interview Monday 10:30 ', '마감까지 3일 ', '月曜10時 ', 'Monday ']) {
      assertLinearTime(`events: ${JSON.stringify(unit)}`, repeated(unit), (text) => findEventMentions(text, { year: 2026, month: 7, day: 30 }));
    }
  });

  it('the whole rule, on what its scanners mask', () => {
    for (const [name, make] of [...CODE_SHAPES, ...NAME_SHAPES]) assertLinearTime(`rule: ${name}`, make, (text) => findRelativeDates({ path: 'MEMORY.md', text }, context));
  });
});

describe('inline code spans', () => {
  const cases: [string, [number, number][]][] = [
    ['a `b` c', [[2, 5]]],
    ['``a ` b`` c', [[0, 9]]],
    ['` `` `', [[0, 6]]],
    ['`unclosed', []],
    ['``a` and `b``', [[0, 13]]],
    ['`a` `b`', [[0, 3], [4, 7]]],
    ['```', []],
  ];
  for (const [line, spans] of cases) {
    it(JSON.stringify(line), () => assert.deepEqual(inlineCodeSpans(line), spans));
  }

  it('blanks spans to spaces of the same length', () => {
    assert.equal(blankInlineCode('run `deploy tomorrow` now'), `run ${' '.repeat(17)} now`);
  });
});
