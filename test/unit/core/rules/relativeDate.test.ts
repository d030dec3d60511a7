import * as assert from 'node:assert/strict';
import * as chrono from 'chrono-node';
import fc from 'fast-check';
import { applyTextEdits } from '../../../../src/core/edits/applyTextEdits';
import { parseMemoryFile } from '../../../../src/core/memoryFile';
import { MemoryStore } from '../../../../src/core/memoryStore';
import { resolveTypeSet } from '../../../../src/core/memoryTypes';
import { ProblemCode, type Problem } from '../../../../src/core/problems';
import {
  findRelativeDates,
  relativeDate,
  relativeDateAnchor,
  relativeDateFixAll,
  type RelativeDateOptions,
} from '../../../../src/core/rules/relativeDate/relativeDateRule';
import { resolveWeekday, type WeekdayModifier } from '../../../../src/core/rules/relativeDate/calendar';
import { DEFAULT_INDEX_BUDGET, type RuleContext, type TextRuleInput } from '../../../../src/core/rules/shared/ruleContext';
import type { TextEdit } from '../../../../src/core/types';

// Thursday 2026-07-30, noon UTC: the same day in every zone from UTC-11 to UTC+11.
const THURSDAY = Date.UTC(2026, 6, 30, 12);
const UTC: RelativeDateOptions = { utcOffsetMinutes: () => 0 };

function contextAt(time: number | undefined): RuleContext {
  return { store: new MemoryStore(), typeSet: resolveTypeSet('claude-code', []), budget: DEFAULT_INDEX_BUDGET, modifiedTime: () => time };
}

/** MEMORY.md: no frontmatter, so lines not anchored by a dated memory count from the file time. */
function plain(text: string): TextRuleInput {
  return { path: 'MEMORY.md', text };
}

function memory(path: string, text: string): TextRuleInput {
  const parsed = parseMemoryFile(path, text);
  return { path, text: parsed.text, memory: parsed };
}

function check(input: TextRuleInput, time: number | undefined = THURSDAY, options: RelativeDateOptions = UTC): Problem[] {
  return findRelativeDates(input, contextAt(time), options);
}

function edits(problem: Problem): TextEdit[] {
  const fix = problem.fixes?.[0];
  assert.ok(fix, 'a fix');
  const [edit] = fix.edits;
  assert.equal(edit.kind, 'edit');
  return edit.kind === 'edit' ? [...edit.edits] : [];
}

/** Each found expression as written, and what its fix writes instead. */
function found(text: string, time?: number): [string, string][] {
  const lines = text.split('\n');
  return check(plain(text), time).map((p) => {
    assert.equal(p.range.start.line, p.range.end.line);
    const written = lines[p.range.start.line].slice(p.range.start.character, p.range.end.character);
    return [written, edits(p)[0].newText];
  });
}

describe('relative-date rule', () => {
  describe('English (chrono-node en, and the table for what it leaves open)', () => {
    const cases: [string, [string, string][]][] = [
      ['next week', [['next week', 'the week of 2026-08-03']]],
      ['yesterday', [['yesterday', '2026-07-29']]],
      ['tomorrow', [['tomorrow', '2026-07-31']]],
      ['in 3 days', [['in 3 days', 'on 2026-08-02']]],
      ['last Friday', [['last Friday', '2026-07-24']]],
      ['this weekend', [['this weekend', 'the weekend of 2026-08-01']]],
      ['2 weeks ago', [['2 weeks ago', '2026-07-16']]],
      ['We shipped it yesterday.', [['yesterday', 'on 2026-07-29']]],
      ['Deploy freeze since last week.', [['last week', 'the week of 2026-07-20']]],
      ["Today's standup moved to 10:00.", [['Today', '2026-07-30']]],
      ['Move the review to next month', [['next month', '2026-08']]],
      ['We dropped Python 3.8 last year', [['last year', 'in 2025']]],
      ['Supported since last year', [['last year', '2025']]],
      ['In 3 days we cut the release', [['In 3 days', 'On 2026-08-02']]],
      ['Next week we ship', [['Next week', 'The week of 2026-08-03']]],
      ['The rotation started a year ago', [['a year ago', 'in 2025']]],
      ['Retry in 3 months', [['in 3 months', 'in 2026-10']]],
      ['Call them the day after tomorrow', [['the day after tomorrow', 'on 2026-08-01']]],
      ['The build broke last night', [['last night', 'on 2026-07-29']]],
      ['Fixed this morning', [['this morning', 'on 2026-07-30']]],
      ['Review tomorrow at 5pm', [['tomorrow', 'on 2026-07-31']]],
      ['Due by 5 PM today', [['today', 'on 2026-07-30']]],
      ["Notes from this week's standup", [['this week', 'the week of 2026-07-27']]],
      // Said on a Thursday, "next Friday" is tomorrow or a week later: the first fix is the nearer one.
      ['Demo next Friday', [['next Friday', 'on 2026-07-31']]],
      ['Demo next Tuesday', [['next Tuesday', 'on 2026-08-04']]],
      ['Demo on the coming Monday', [['the coming Monday', '2026-08-03']]],
      ['Rolled back previous Friday', [['previous Friday', 'on 2026-07-24']]],
      ['Demo Friday next week', [['Friday next week', 'on 2026-08-07']]],
      ['Demo next week Friday', [['next week Friday', 'on 2026-08-07']]],
      ['Planning happens the week after next', [['the week after next', 'the week of 2026-08-10']]],
      ['Check again in a couple of days', [['in a couple of days', 'in a couple of days (as of 2026-07-30)']]],
      ['Out from today until tomorrow', [['today', '2026-07-30'], ['tomorrow', '2026-07-31']]],
      ['Moved last week of course', [['last week', 'the week of 2026-07-20']]],
      ['Sold last week of apples: 3 crates', [['last week', 'the week of 2026-07-20']]],
      ['Broke today of all days', [['today', 'on 2026-07-30']]],
      ['Demo is on the first Monday of next month', [['next month', '2026-08']]],
    ];
    for (const [text, expected] of cases) {
      it(`flags ${JSON.stringify(text)}`, () => assert.deepEqual(found(text), expected));
    }
  });

  describe('Korean (table: chrono-node has no Korean)', () => {
    const cases: [string, [string, string][]][] = [
      ['지난주', [['지난주', '2026-07-20 주간']]],
      ['다음 주에 배포한다', [['다음 주', '2026-08-03 주간']]],
      ['어제 회의에서 정했다', [['어제', '2026-07-29']]],
      ['내일까지 끝낸다', [['내일', '2026-07-31']]],
      ['모레 출장', [['모레', '2026-08-01']]],
      ['그저께 고쳤다', [['그저께', '2026-07-28']]],
      ['우리는 3일 전에 배포했다', [['3일 전', '2026-07-27']]],
      ['3일전에 바꿨다', [['3일전', '2026-07-27']]],
      ['이번 주 금요일에 발표', [['이번 주 금요일', '2026-07-31']]],
      ['다음 주 월요일', [['다음 주 월요일', '2026-08-03']]],
      ['지난주 금요일에 롤백', [['지난주 금요일', '2026-07-24']]],
      ['다음 달부터 적용', [['다음 달', '2026년 8월']]],
      ['지난달에 바꿨다', [['지난달', '2026년 6월']]],
      ['작년에 옮겼다', [['작년', '2025년']]],
      ['내년도 예산', [['내년', '2027년']]],
      ['올해 목표', [['올해', '2026년']]],
      ['재작년에 만든 규칙', [['재작년', '2024년']]],
      ['6개월 전에 바꿨다', [['6개월 전', '2026년 1월']]],
      ['하루 뒤에 다시', [['하루 뒤', '2026-07-31']]],
      ['이번 주말에 점검', [['이번 주말', '2026-08-01 주말']]],
      ['지난 주간 보고', [['지난 주간', '2026-07-20 주간']]],
      ['다음 금요일', [['다음 금요일', '2026-07-31']]],
      ['지난 금요일에', [['지난 금요일', '2026-07-24']]],
      ['오는 월요일에', [['오는 월요일', '2026-08-03']]],
      ['두 달 전에 바꿨다', [['두 달 전', '2026년 5월']]],
      ['2주 전에 시작', [['2주 전', '2026-07-16']]],
      ['일주일 뒤에 다시 본다', [['일주일 뒤', '2026-08-06']]],
      ['오늘은 배포하지 않는다', [['오늘', '2026-07-30']]],
      ['내일모레 마감', [['내일모레', '2026-08-01']]],
      ['다음 주의 회의', [['다음 주', '2026-08-03 주간']]],
      ['이달 말까지', [['이달', '2026년 7월']]],
    ];
    for (const [text, expected] of cases) {
      it(`flags ${JSON.stringify(text)}`, () => assert.deepEqual(found(text), expected));
    }
  });

  describe('Japanese (chrono-node ja for 今日/昨日/明日, the table for the rest)', () => {
    const cases: [string, [string, string][]][] = [
      ['先週', [['先週', '2026-07-20の週']]],
      ['来週リリースする', [['来週', '2026-08-03の週に']]],
      ['昨日直した', [['昨日', '2026-07-29に']]],
      ['明日までに', [['明日', '2026-07-31']]],
      ['明後日の会議', [['明後日', '2026-08-01']]],
      ['一昨日のバグ', [['一昨日', '2026-07-28']]],
      ['先月から', [['先月', '2026年6月']]],
      ['先々月から', [['先々月', '2026年5月']]],
      ['再来月に', [['再来月', '2026年9月']]],
      ['一昨年の資料', [['一昨年', '2024年']]],
      ['再来年', [['再来年', '2028年']]],
      ['来月に移行', [['来月', '2026年8月']]],
      ['3日前に直した', [['3日前', '2026-07-27']]],
      ['今週の金曜日に発表', [['今週の金曜日', '2026-07-31']]],
      ['来週月曜に', [['来週月曜', '2026-08-03']]],
      ['今日は休み', [['今日', '2026-07-30']]],
      ['きょうは休み', [['きょう', '2026-07-30']]],
      ['本日対応', [['本日', '2026-07-30に']]],
      ['去年決めた', [['去年', '2025年に']]],
      ['今年度の予算', [['今年', '2026年']]],
      ['来週末に作業', [['来週末', '2026-08-08の週末']]],
      ['次の金曜日', [['次の金曜日', '2026-07-31']]],
      ['今度の金曜日', [['今度の金曜日', '2026-07-31']]],
      ['2週間前から', [['2週間前', '2026-07-16']]],
      ['三日後に再確認', [['三日後', '2026-08-02']]],
      ['十日前に', [['十日前', '2026-07-20']]],
      ['再来週', [['再来週', '2026-08-10の週']]],
      ['今朝デプロイした', [['今朝', '2026-07-30に']]],
    ];
    for (const [text, expected] of cases) {
      it(`flags ${JSON.stringify(text)}`, () => assert.deepEqual(found(text), expected));
    }
  });

  describe('leaves alone', () => {
    const quiet = [
      // absolute dates
      '2026-12-07',
      'December 7, 2026',
      'The legacy folder was retired on 2026-03-01; do not write there.',
      'Retired on March 3 and on 12/07.',
      'Shipped in May 2026.',
      '2026년 12월 7일에 배포',
      '2026年12月7日に配布',
      '2026年8月',
      '12월 3일 전에 제출',
      // ordinary words
      'It works now.',
      'Right now the build uses pnpm.',
      'Get a second opinion before merging.',
      'We may ship it.',
      'The march to production was slow.',
      'He sat down. Sun is bright.',
      'Standups are on Friday.',
      'Every Monday we rotate on-call.',
      'The last step is the review.',
      'Next step: write the tests.',
      // narrative offsets and durations, counted from something else than the day of writing
      'We deployed on 2026-03-01 and rolled back the next day.',
      'Releases happen in the last week of March.',
      'Keep logs for a week.',
      'Answer within 3 days.',
      'Three days later the fix landed.',
      'In the past 2 weeks we saw 3 incidents.',
      'We fixed it in 3 days of work.',
      // recurring: "last"/"next"/"this" as an ordinal within a period, not counted from the day of writing
      'Last Friday of every month is demo day.',
      '- Last week of the quarter: deploy freeze.',
      'Last month of the quarter',
      'Next Monday of each sprint is planning.',
      'Last weekend of May is the offsite.',
      'This week of 2027 is a holiday.',
      'Last Friday in each month we rotate.',
      '매달 마지막 주 금요일은 데모',
      '매주 금요일 회의',
      '毎月最終金曜日はデモ',
      '毎週金曜日に会議',
      // Korean look-alikes
      '어제오늘 일이 아니다',
      '오늘날의 AI',
      '안내일정을 보낸다',
      '다음 주제는 테스트',
      '이번 주문은 취소',
      '다음 주의사항',
      '그제야 알았다',
      '아모레퍼시픽',
      '배포 3일 전에 공지',
      '마감 2주 전까지',
      '주말에는 배포하지 않는다',
      // Japanese look-alikes
      '明日香さんに聞く',
      'きょうみがある',
      '将来年金の話',
      '過去年度の資料',
      '基本日程',
      'リリースの3日前に告知',
      '締切3日前',
      '3日前倒しする',
      '2025年前半',
      '週末は作業しない',
      // names and code
      'See [[project-next-week-launch]].',
      'Run `deploy --when tomorrow` to schedule.',
      'Docs: https://example.com/next-week/yesterday',
      '[notes](notes/yesterday.md)',
    ];
    for (const text of quiet) {
      it(`${JSON.stringify(text)}`, () => assert.deepEqual(found(text), []));
    }

    it('skips fenced code blocks, in either fence style', () => {
      const text = ['Intro', '```sh', 'echo yesterday', '```', '~~~', '어제 来週', '~~~', 'tomorrow'].join('\n');
      const problems = check(plain(text));
      assert.deepEqual(problems.map((p) => p.range), [{ start: { line: 7, character: 0 }, end: { line: 7, character: 8 } }]);
    });
  });

  describe('where it looks in a memory', () => {
    const text = [
      '---',
      'name: project-release',
      'description: Release moves to next week',
      'metadata:',
      '  type: project',
      '  modified: 2026-07-30T07:40:18.191Z',
      '  note: tomorrow',
      '---',
      'Yesterday we froze the branch.',
      '',
    ].join('\n');

    it('reads the body and the description, not other frontmatter keys', () => {
      const problems = check(memory('project_release.md', text), undefined);
      assert.deepEqual(
        problems.map((p) => [p.range.start.line, p.range.start.character, p.range.end.line, p.range.end.character, edits(p)[0].newText]),
        [
          [2, 30, 2, 39, 'the week of 2026-08-03'],
          [8, 0, 8, 9, '2026-07-29'],
        ],
      );
    });

    it('fixes to exactly the expected file', () => {
      const input = memory('project_release.md', text);
      const fix = relativeDateFixAll(input, contextAt(undefined), UTC);
      assert.ok(fix);
      assert.equal(fix.safe, true);
      const [edit] = fix.edits;
      assert.ok(edit.kind === 'edit');
      assert.equal(
        applyTextEdits(input.text, edit.edits),
        text.replace('to next week', 'to the week of 2026-08-03').replace('Yesterday we', '2026-07-29 we'),
      );
    });

    it('reports code, severity, message and a preferred safe fix', () => {
      const [problem] = check(memory('m.md', '---\nname: m\nmodified: 2026-07-30\n---\nShip next week.\n'));
      assert.equal(problem.code, ProblemCode.RelativeDate);
      assert.equal(problem.severity, 'warning');
      assert.equal(problem.path, 'm.md');
      assert.match(problem.message, /"next week" is a relative date/);
      assert.match(problem.message, /the week of 2026-08-03/);
      assert.equal(problem.fixes?.length, 1);
      assert.equal(problem.fixes?.[0].preferred, true);
      assert.equal(problem.fixes?.[0].safe, true);
      assert.equal(problem.fixes?.[0].title, 'Replace "next week" with "the week of 2026-08-03" (counted from 2026-07-30, the date in the memory\'s modified)');
    });

    it('is the TextRule the engine calls', () => {
      assert.equal(relativeDate(plain('yesterday'), contextAt(THURSDAY)).length, 1);
    });
  });

  describe('anchor', () => {
    const withFrontmatter = (lines: string[]) => memory('m.md', ['---', 'name: m', ...lines, '---', 'Fixed yesterday.', ''].join('\n'));
    const anchorOf = (lines: string[], time?: number, options: RelativeDateOptions = UTC) =>
      relativeDateAnchor(withFrontmatter(lines), contextAt(time), options);

    it('takes modified, then metadata.modified, date, updated, then the file time', () => {
      assert.deepEqual(anchorOf(['modified: 2026-01-02', 'date: 2025-05-05']), { year: 2026, month: 1, day: 2 });
      assert.deepEqual(anchorOf(['metadata:', '  modified: 2026-02-03T10:00:00Z']), { year: 2026, month: 2, day: 3 });
      assert.deepEqual(anchorOf(['date: 2026-03-04', 'updated: 2026-09-09']), { year: 2026, month: 3, day: 4 });
      assert.deepEqual(anchorOf(['updated: "2026-04-05 08:00"']), { year: 2026, month: 4, day: 5 });
      assert.deepEqual(anchorOf(['modified: not a date'], THURSDAY), { year: 2026, month: 7, day: 30 });
      assert.equal(anchorOf([], undefined), undefined);
    });

    it('turns a timestamp with a zone into the local day it was written on', () => {
      const late = ['modified: 2026-07-29T20:00:00Z'];
      assert.deepEqual(anchorOf(late, undefined, UTC), { year: 2026, month: 7, day: 29 });
      assert.deepEqual(anchorOf(late, undefined, { utcOffsetMinutes: () => 9 * 60 }), { year: 2026, month: 7, day: 30 });
      assert.deepEqual(anchorOf(['modified: 2026-07-30T05:00:00+09:00'], undefined, UTC), { year: 2026, month: 7, day: 29 });
      // A bare date is the day as written, whatever the zone.
      assert.deepEqual(anchorOf(['date: 2026-07-30'], undefined, { utcOffsetMinutes: () => -600 }), { year: 2026, month: 7, day: 30 });
    });

    it('counts from the anchor: yesterday of a Korean-morning UTC timestamp is the Korean yesterday', () => {
      const input = withFrontmatter(['modified: 2026-07-29T20:00:00Z']);
      const [problem] = findRelativeDates(input, contextAt(undefined), { utcOffsetMinutes: () => 540 });
      assert.equal(edits(problem)[0].newText, 'on 2026-07-29');
    });

    it('still reports without an anchor, with no fix', () => {
      const [problem] = findRelativeDates(plain('Ship next week.'), contextAt(undefined), UTC);
      assert.equal(problem.fixes, undefined);
      assert.match(problem.message, /nothing gives the day it was written/);
      assert.equal(relativeDateFixAll(plain('Ship next week.'), contextAt(undefined), UTC), undefined);
    });

    it('counts months exactly from the 31st, where chrono alone would overflow', () => {
      assert.deepEqual(found('Ship next month. Started a month ago.', Date.UTC(2026, 0, 31, 12)), [
        ['next month', 'in 2026-02'],
        ['a month ago', 'in 2025-12'],
      ]);
    });
  });

  describe('in MEMORY.md', () => {
    // MEMORY.md has no frontmatter and is rewritten whenever any entry changes: its file time says
    // nothing about when a hook was written. The memory an entry points at does, when it is dated.
    const dated = (path: string, modified: string) => `---\nname: ${path.replace(/\.md$/, '')}\ndescription: d\ntype: project\nmodified: ${modified}\n---\nBody.\n`;
    function indexCheck(index: string, memories: [string, string][]): Problem[] {
      const store = new MemoryStore();
      for (const [path, text] of memories) store.update(path, text);
      store.update('MEMORY.md', index);
      const context: RuleContext = { ...contextAt(THURSDAY), store };
      return findRelativeDates(plain(index), context, UTC);
    }

    it('counts an entry line from the dated memory it points at, as a safe fix', () => {
      const index = '# Index\n- [Report](report.md) — report due next week\n';
      const [problem] = indexCheck(index, [['report.md', dated('report.md', '2026-06-03T09:00:00Z')]]);
      assert.equal(problem.fixes?.length, 1);
      const fix = problem.fixes![0];
      assert.equal(fix.safe, true);
      assert.equal(fix.preferred, true);
      assert.equal(edits(problem)[0].newText, 'the week of 2026-06-08');
      assert.match(problem.message, /Write "the week of 2026-06-08"/);
    });

    it('offers the file-time guess, not safe, for an entry whose memory is missing or undated, and for other lines', () => {
      const index = ['# Notes from last week', '- [Gone](gone.md) — due next week', '- [Plain](plain.md) — due tomorrow', ''].join('\n');
      const problems = indexCheck(index, [['plain.md', '---\nname: plain\ndescription: d\ntype: user\n---\n']]);
      assert.deepEqual(
        problems.map((p) => [p.range.start.line, edits(p)[0].newText, p.fixes![0].safe, p.fixes![0].preferred]),
        [
          [0, 'the week of 2026-07-20', false, false],
          [1, 'the week of 2026-08-03', false, false],
          [2, 'on 2026-07-31', false, false],
        ],
      );
      assert.match(problems[1].message, /when the file was last modified .*this is a guess/);
      assert.match(problems[1].fixes![0].title, /a guess: counted from 2026-07-30, the file's modification time/);
      const fix = relativeDateFixAll(plain(index), { ...contextAt(THURSDAY), store: new MemoryStore() }, UTC);
      assert.equal(fix?.safe, false);
    });

    it('fixes every line from its own memory, each counted from a different day', () => {
      const index = ['- [A](a.md) — shipped yesterday', '- [B](b.md) — 내일 배포, 来週レビューする', '- [C](c.md) — fixed yesterday'].join('\n');
      const memories: [string, string][] = [['a.md', dated('a.md', '2026-01-10')], ['b.md', dated('b.md', '2026-03-02')], ['c.md', dated('c.md', '2025-12-31')]];
      const problems = indexCheck(index, memories);
      assert.ok(problems.every((p) => p.fixes?.[0].safe === true));
      const store = new MemoryStore();
      for (const [path, text] of memories) store.update(path, text);
      const fix = relativeDateFixAll(plain(index), { ...contextAt(THURSDAY), store }, UTC);
      assert.ok(fix && fix.safe && fix.edits[0].kind === 'edit');
      assert.equal(
        applyTextEdits(index, fix.edits[0].edits),
        ['- [A](a.md) — shipped on 2026-01-09', '- [B](b.md) — 2026-03-03 배포, 2026-03-09の週にレビューする', '- [C](c.md) — fixed on 2025-12-30'].join('\n'),
      );
    });
  });

  describe('many dates on one line', () => {
    // How the time grows is checked in relativeDateLinearTime.test.ts; here, that every one is found.
    it('finds each of thousands of dates on one line, and nothing in look-alike runs', () => {
      const inputs = ['next week '.repeat(5_000), '어제 '.repeat(10_000), '来週'.repeat(10_000), '三'.repeat(200_000), 'in 3 '.repeat(40_000), '`'.repeat(200_000)];
      assert.deepEqual(inputs.map((text) => check(plain(text)).length), [5_000, 10_000, 10_000, 0, 0, 0]);
    });
  });

  describe('on generated text', () => {
    const pieces = [
      'next week', 'Next week', 'yesterday', 'today', "today's", 'in 3 days', '2 weeks ago', 'last Friday', 'this weekend', 'the next day', 'now',
      '어제', '다음 주', '지난주 금요일', '3일 전', '이번 주말', '작년', '오늘날', '다음 주제',
      '来週', '昨日', '一昨日', '3日前', '今週の金曜日', '明日香', '来月', '今年度',
      '2026-07-30', ' ', ' ', ', ', '. ', '\n', '\r\n', '`', '```\n', '[[', ']]', 'https://x.y/', 'the ', 'on ', 'since ', 'は', 'に', '에', '는',
    ];
    // Pieces are kept apart as text keeps words apart (a space, a particle, punctuation): glued together,
    // "3日前3日前" fixes to "2026-07-273日前", where "273日前" is a new count.
    const texts = fc
      .array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(' ', '、', 'に', '\n', '. ')), { maxLength: 30 })
      .map((parts) => parts.map(([piece, gap]) => piece + gap).join(''));

    it('leaves nothing to flag once fixed when a Korean or Japanese weekday made English words look borrowed', () => {
      // Found by the property below: fixing "지난주 금요일" took the line's last Hangul, and the English dates became prose.
      for (const text of ['next week ]]. next week https://x.y/ next week 지난주 금요일 ', 'next week 今週の金曜日 ']) {
        const fix = relativeDateFixAll(plain(text), contextAt(THURSDAY), UTC);
        assert.ok(fix && fix.edits[0].kind === 'edit');
        assert.deepEqual(check(plain(applyTextEdits(text, fix.edits[0].edits))).map((p) => p.message), [], text);
      }
    });

    it('never throws, keeps ranges inside the text, and leaves nothing to flag once fixed', () => {
      fc.assert(
        fc.property(texts, (text) => {
          const problems = check(plain(text));
          const lines = text.split(/\r\n|\n/);
          for (const p of problems) {
            assert.ok(p.range.start.line < lines.length && p.range.end.line < lines.length);
            assert.ok(p.range.end.character <= lines[p.range.end.line].length);
          }
          const fix = relativeDateFixAll(plain(text), contextAt(THURSDAY), UTC);
          assert.equal(fix === undefined, problems.length === 0);
          if (fix && fix.edits[0].kind === 'edit') assert.deepEqual(check(plain(applyTextEdits(text, fix.edits[0].edits))), []);
        }),
        { numRuns: Number(process.env.PROPERTY_RUNS ?? 500) },
      );
    });
  });

  describe('weekday arithmetic', () => {
    it('agrees with chrono-node on this/next/last <weekday> from every day of a week', () => {
      const names = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
      for (let offset = 0; offset < 7; offset++) {
        const reference = { year: 2026, month: 7, day: 27 + offset };
        const refDate = new Date(2026, 6, 27 + offset, 12);
        for (const modifier of ['this', 'next', 'last'] as WeekdayModifier[]) {
          names.forEach((name, index) => {
            const theirs = chrono.en.casual.parse(`${modifier} ${name}`, refDate)[0].start;
            const ours = resolveWeekday(reference, modifier, index + 1);
            assert.deepEqual(
              [ours.year, ours.month, ours.day],
              [theirs.get('year'), theirs.get('month'), theirs.get('day')],
              `${modifier} ${name} from 2026-07-${27 + offset}`,
            );
          });
        }
      }
    });
  });

  describe('fixes', () => {
    it('keeps CRLF and positions lines and characters in the BOM-less text', () => {
      const text = '---\r\nname: a\r\ndate: 2026-07-30\r\n---\r\n첫 줄\r\n어제 회의, 来週 리뷰, and next week.\r\n';
      const input = memory('a.md', '\uFEFF' + text);
      assert.equal(input.text, text);
      const problems = check(input, undefined);
      assert.deepEqual(
        problems.map((p) => [p.range.start.line, p.range.start.character, p.range.end.character]),
        [
          [5, 0, 2],
          [5, 7, 9],
          [5, 18, 27],
        ],
      );
      const fix = relativeDateFixAll(input, contextAt(undefined), UTC);
      assert.ok(fix && fix.edits[0].kind === 'edit');
      assert.equal(
        applyTextEdits(text, fix.edits[0].edits),
        '---\r\nname: a\r\ndate: 2026-07-30\r\n---\r\n첫 줄\r\n2026-07-29 회의, 2026-08-03の週 리뷰, and the week of 2026-08-03.\r\n',
      );
    });

    it('leaves nothing to flag once applied', () => {
      const text = [
        'Yesterday we froze. Ship next week, or next month. Last Friday and this weekend; in 3 days; 2 weeks ago.',
        '어제, 다음 주, 다음 달, 작년, 이번 주 금요일, 3일 전, 이번 주말.',
        '昨日、来週、来月、去年、今週の金曜日、3日前、来週末。',
      ].join('\n');
      const fix = relativeDateFixAll(plain(text), contextAt(THURSDAY), UTC);
      assert.ok(fix && fix.edits[0].kind === 'edit');
      assert.equal(fix.edits[0].edits.length, 21);
      const fixed = applyTextEdits(text, fix.edits[0].edits);
      assert.deepEqual(check(plain(fixed)), []);
      assert.equal(
        fixed,
        [
          '2026-07-29 we froze. Ship the week of 2026-08-03, or in 2026-08. 2026-07-24 and the weekend of 2026-08-01; on 2026-08-02; 2026-07-16.',
          '2026-07-29, 2026-08-03 주간, 2026년 8월, 2025년, 2026-07-31, 2026-07-27, 2026-08-01 주말.',
          '2026-07-29、2026-08-03の週、2026年8月、2025年、2026-07-31、2026-07-27、2026-08-08の週末。',
        ].join('\n'),
      );
    });

    it('fixes a realistic Korean memory file', () => {
      const text = [
        '---',
        'name: project-docx-delivery',
        'description: 보고서는 다음 주부터 .docx로 납품한다',
        'metadata:',
        '  type: project',
        '  modified: 2026-06-15T03:00:00.000Z',
        '---',
        '',
        '## 무엇이 바뀌었나',
        '',
        '어제 교수님이 PDF는 받지 않는다고 했다. 지난주 금요일에 보낸 PDF도 다시 보내야 한다.',
        '',
        '```',
        '# 어제 만든 스크립트',
        'pandoc report.md -o report.docx',
        '```',
        '',
        '관련: [[feedback-report-tool]]',
        '',
      ].join('\n');
      const input = memory('project_docx_delivery.md', text);
      const fix = relativeDateFixAll(input, contextAt(undefined), UTC);
      assert.ok(fix && fix.edits[0].kind === 'edit');
      assert.equal(
        applyTextEdits(text, fix.edits[0].edits),
        text
          .replace('다음 주부터', '2026-06-22 주간부터')
          .replace('어제 교수님이', '2026-06-14 교수님이')
          .replace('지난주 금요일에', '2026-06-12에'),
      );
    });

    it('fixes a realistic Japanese memory file', () => {
      const text = [
        '---',
        'name: reference-lab-drive',
        'description: 実測データは研究室の共有ドライブに置く',
        'type: reference',
        'date: 2026-07-01',
        '---',
        '先週、共有ドライブの場所が変わった。来月からは新しいパスのみ使う。',
        '明日香さんが明日までに権限を付ける。',
        '',
      ].join('\n');
      const input = memory('reference_lab_drive.md', text);
      const fix = relativeDateFixAll(input, contextAt(undefined), UTC);
      assert.ok(fix && fix.edits[0].kind === 'edit');
      assert.equal(
        applyTextEdits(text, fix.edits[0].edits),
        text.replace('先週、', '2026-06-22の週、').replace('来月から', '2026年8月から').replace('明日まで', '2026-07-02まで'),
      );
    });
  });
});
