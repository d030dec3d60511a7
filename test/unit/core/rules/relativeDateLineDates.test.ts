import * as assert from 'node:assert/strict';
import { parseMemoryFile } from '../../../../src/core/memoryFile';
import { MemoryStore } from '../../../../src/core/memoryStore';
import { resolveTypeSet } from '../../../../src/core/memoryTypes';
import { findRelativeDates } from '../../../../src/core/rules/relativeDate/relativeDateRule';
import { DEFAULT_INDEX_BUDGET, type RuleContext } from '../../../../src/core/rules/shared/ruleContext';

// Lines that already carry the date their relative words count from, written the ways people write
// dates outside ISO: day first with slashes or dots, a day past the 12th before its month, a year for
// what is counted in years. Each refused line failed before these forms were read; the findings beside
// them are near misses that must stay findings.
const context: RuleContext = { store: new MemoryStore(), typeSet: resolveTypeSet('claude-code', []), budget: DEFAULT_INDEX_BUDGET, modifiedTime: () => undefined };

function foundWords(body: string): string[] {
  const path = 'project_status.md';
  const memory = parseMemoryFile(path, `---\nname: status\ndescription: Status notes\ntype: project\nmodified: 2026-08-04\n---\n${body}\n`);
  const lines = memory.text.split('\n');
  return findRelativeDates({ path, text: memory.text, memory }, context, { utcOffsetMinutes: () => 0 }).map((p) =>
    lines[p.range.start.line].slice(p.range.start.character, p.range.end.character),
  );
}

describe('relative-date: lines dated day first or by their year', () => {
  const dated: [string, string][] = [
    ['End of the evening session 04/05/2026. The owner wants the report tomorrow at 8am.', 'DD/MM/YYYY leading the line'],
    ['Standup 17.03.2026: the release moves to next week.', 'DD.MM.YYYY'],
    ['- Wrap-up of 30/04 — decide tomorrow which path to take.', 'day past the 12th, then its month'],
    ['- 5.6.2026 어제 올린 빌드를 롤백했다', 'Korean beside a dotted day'],
    ['She learned to program about 40 years ago (around 1986) and wrote COBOL.', 'a year for years ago'],
    ['The team moved to Berlin three years ago, in 2023.', 'in YEAR in the same sentence'],
    ['We rebuilt the billing pipeline last year (2025).', 'last year with its year'],
    ['3년 전(2023년)에 시작한 프로젝트다.', 'Korean years ago with its year'],
    ['昨年（2025年）にサーバーを移行した。', 'Japanese last year with its year'],
  ];
  for (const [body, why] of dated) it(`${JSON.stringify(body)} (${why})`, () => assert.deepEqual(foundWords(body), []));

  const findings: [string, string[]][] = [
    ['We have 2000 users now, up from 300 three years ago.', ['three years ago']],
    ['Support runs 24/7 and the migration happens tomorrow.', ['tomorrow']],
    ['Yesterday 15/20 checks failed on the runner.', ['Yesterday']],
    ['Last year we moved to Postgres; the 2019 schema stays.', ['Last year']],
    ['We shipped the importer yesterday. The next audit is in 2027.', ['yesterday']],
    ['Three years ago we had no tests. In 2026 we have 900.', ['Three years ago']],
  ];
  for (const [body, words] of findings) it(`${JSON.stringify(body)} is still a finding`, () => assert.deepEqual(foundWords(body), words));
});

describe('relative-date: counts over a span, periods compared, lines of a script', () => {
  const refused: [string, string][] = [
    ['- **What went wrong:** the site went down again — the 5th auto-update crash in 3 weeks.', 'a count of events over a span'],
    ['1. Fix the dashboard — add cash position, this week vs last week revenue, open hires', 'two periods compared'],
    ['- KPI 카드: 이번 주 vs 지난주 매출', 'Korean periods compared'],
    ['- 売上カード: 今週 vs 先週 の比較', 'Japanese periods compared'],
    ['Response: offer seasonal scheduling — book now for next quarter at today\'s rate.', 'a line of a sales script'],
    ['- **Objection:** "we will think about it tomorrow" → offer the follow-up call', 'an objection in a script'],
    ['멘트: 오늘 예약하시면 할인됩니다', 'Korean script line'],
  ];
  for (const [body, why] of refused) it(`${JSON.stringify(body)} (${why})`, () => assert.deepEqual(foundWords(body), []));

  const findings: [string, string[]][] = [
    ['We ship the 2 remaining fixes in 3 weeks.', ['in 3 weeks']],
    ['Revenue this week beat the forecast.', ['this week']],
    ['Question: should we migrate the database tomorrow?', ['tomorrow']],
    ['The response time regressed yesterday.', ['yesterday']],
  ];
  for (const [body, words] of findings) it(`${JSON.stringify(body)} is still a finding`, () => assert.deepEqual(foundWords(body), words));
});

describe('relative-date: a series indexed by a relative day in a formula', () => {
  it('"Trend: SMA50 > SMA50[5 days ago]" is not a finding', () => assert.deepEqual(foundWords('1. Trend: SMA50 > SMA50[5 days ago]'), []));
  it('"close[yesterday] < open" is not a finding', () => assert.deepEqual(foundWords('- exit when close[yesterday] < open'), []));
  it('"[5 days ago] the cache was cleared" is still a finding', () => assert.deepEqual(foundWords('- [5 days ago] the cache was cleared'), ['5 days ago']));
});

describe('relative-date: lifetimes listed after their verb, and compound adjectives are not past verbs', () => {
  it('"tokens expire in 1-2 hours, long-lived tokens in 60 days" is not a finding', () =>
    assert.deepEqual(foundWords('**Why:** Short-lived tokens expire in 1-2 hours, long-lived tokens in 60 days. Each time it expires, calls fail.'), []));
  it('"the long-lived branch ... in 3 days" is found but never fixed by --fix', () => {
    const path = 'project_status.md';
    const memory = parseMemoryFile(path, '---\nname: status\ndescription: Status notes\ntype: project\nmodified: 2026-08-04\n---\nThe long-lived release branch in 3 days.\nThe AI-powered search tomorrow.\n');
    const problems = findRelativeDates({ path, text: memory.text, memory }, context, { utcOffsetMinutes: () => 0 });
    assert.deepEqual(problems.map((p) => p.fixes?.some((fix) => fix.safe) ?? false), [false, false]);
  });
  it('a past verb still makes the fix safe: "We merged the long-lived branch yesterday."', () => {
    const path = 'project_status.md';
    const memory = parseMemoryFile(path, '---\nname: status\ndescription: Status notes\ntype: project\nmodified: 2026-08-04\n---\nWe merged the long-lived branch yesterday.\n');
    const problems = findRelativeDates({ path, text: memory.text, memory }, context, { utcOffsetMinutes: () => 0 });
    assert.deepEqual(problems.map((p) => p.fixes?.[0]?.safe), [true]);
  });
});

describe('relative-date: a quotation that runs over several lines', () => {
  it('the words of a quote opened on the line before are not findings', () =>
    assert.deepEqual(foundWords('Trigger phrases: "what is on my\ncalendar today", "what should I focus on today", "catch me up".'), []));
  it('a Japanese quote over two lines is not a finding', () => assert.deepEqual(foundWords('ユーザーの言葉：「この機能は\n明日までに直して」とのこと。'), []));
  it('after the quote closes, a date is a finding again', () =>
    assert.deepEqual(foundWords('He wrote: "ship it\nbefore the review".\nWe shipped it yesterday.'), ['yesterday']));
  it('an inch mark opens no quote', () => assert.deepEqual(foundWords('The monitor is 27" wide and\nwe ordered it yesterday.'), ['yesterday']));
  it('a blank line ends what a quote could carry', () => assert.deepEqual(foundWords('She said "the demo\n\nis tomorrow for sure.'), ['tomorrow']));
});
