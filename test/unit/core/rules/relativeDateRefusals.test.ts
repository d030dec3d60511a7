import * as assert from 'node:assert/strict';
import { parseMemoryFile } from '../../../../src/core/memoryFile';
import { MemoryStore } from '../../../../src/core/memoryStore';
import { resolveTypeSet } from '../../../../src/core/memoryTypes';
import type { Problem } from '../../../../src/core/problems';
import { findRelativeDates } from '../../../../src/core/rules/relativeDate/relativeDateRule';
import { DEFAULT_INDEX_BUDGET, type RuleContext } from '../../../../src/core/rules/shared/ruleContext';

// Tuesday 2026-08-04, stated in the frontmatter: every true finding below has a safe anchor.
const context: RuleContext = { store: new MemoryStore(), typeSet: resolveTypeSet('claude-code', []), budget: DEFAULT_INDEX_BUDGET, modifiedTime: () => undefined };

function problems(body: string, path = 'project_notes.md'): Problem[] {
  const memory = parseMemoryFile(path, `---\nname: project-notes\ndescription: Notes\ntype: project\nmodified: 2026-08-04\n---\n${body}\n`);
  return findRelativeDates({ path, text: memory.text, memory }, context, { utcOffsetMinutes: () => 0 });
}

/** Each finding as written and what its first fix writes. */
function found(body: string): [string, string | undefined][] {
  const text = `---\nname: project-notes\ndescription: Notes\ntype: project\nmodified: 2026-08-04\n---\n${body}\n`;
  const lines = text.split('\n');
  return problems(body).map((p) => {
    const edit = p.fixes?.[0]?.edits[0];
    return [lines[p.range.start.line].slice(p.range.start.character, p.range.end.character), edit?.kind === 'edit' ? edit.edits[0].newText : undefined];
  });
}

describe('relative-date: what is not a finding', () => {
  const refused: [string, string][] = [
    // UI labels and product text
    ["the TODAY'S BRIEF card", 'all caps'],
    ['the THIS WEEK board', 'all caps'],
    ['a **Today** tab', 'short emphasis and a UI head'],
    ['Open the Today view from the sidebar.', 'capitalized after a lower-case word'],
    ['The Tomorrow tab lists drafts.', 'capitalized label with a head noun'],
    ['홈 화면의 **오늘** 탭', 'Korean label'],
    ['오늘 탭에서 확인한다', 'Korean UI head'],
    ['ホーム画面の**今週**カード', 'Japanese label'],
    ['今日タブを開く', 'Japanese UI head'],
    ['오늘의 할 일 위젯은 홈 화면 상단에 있다.', 'Korean feature name up to its head noun'],
    ['今日のタスク画面にはフィルタがある。', 'Japanese feature name in one compound'],
    ['The forecast panel shows today + tomorrow.', 'days joined by a plus: what a feature covers'],
    ['일정 위젯은 오늘/내일 두 칸으로 나뉜다.', 'Korean days joined by a slash'],
    ['天気カードは今日・明日の予報を出す。', 'Japanese days joined by a middle dot'],
    // identifiers
    ['The component is today-timeline.tsx.', 'file name'],
    ['Moved to src/thisWeek.ts and lib/yesterday.js', 'paths'],
    ['Run with --since=yesterday', 'flag value'],
    ['Tag it #today', 'hashtag'],
    ['tomorrow: false in the staging config', 'config key'],
    ['초안은 오늘_메모.md에 있다', 'Korean file name'],
    // quotes and titles
    ['episode title: "I got laid off today."', 'double quotes'],
    ['The host asks “what did you ship yesterday?”', 'curly quotes'],
    ["She said 'see you next week' and left.", 'single quotes'],
    ['質問例:「先週何を話していたか」', 'Japanese quote'],
    ['첫 질문은 “어제 무엇을 배웠나요?”', 'Korean quote'],
    // idioms and generic statements
    ['none of them pay tomorrow', 'idiom'],
    ['what you learn today pays off', 'generic statement'],
    ["Today's AI tools change every month.", 'nowadays'],
    ['Here today, gone tomorrow.', 'idiom'],
    ['내일을 위한 공부', 'Korean idiom'],
    ['今日では誰もが使う', 'Japanese nowadays'],
    // habits, rules and what a product shows: the reader's day each time
    ["The widget shows today's total and this month's budget.", 'product shows'],
    ["The home screen displays today's tasks and tomorrow's events.", 'product shows, a list'],
    ["The report runs every night and covers yesterday's orders.", 'nightly job'],
    ["Each morning the bot posts today's on-call and tomorrow's.", 'each morning'],
    ['Never deploy today what you cannot roll back tomorrow.', 'a rule'],
    ['iOS 홈 화면 위젯 - 오늘 지출 합계와 이번 달 예산 잔액을 보여준다', 'Korean product shows'],
    ['매일 아침 봇이 오늘 당번을 알려준다.', 'Korean habit'],
    ['오늘 못 끝낸 일은 내일로 넘기지 않는다.', 'Korean proverb'],
    ['ウィジェットは今日の支出合計と今月の予算残高を表示する。', 'Japanese product shows'],
    ['ホーム画面に今日のタスクと明日の予定を表示します。', 'Japanese product shows, 予定 as a noun'],
    ['毎朝、ボットが今日の当番を通知する。', 'Japanese habit'],
    ['今日できることを明日に延ばさない。', 'Japanese proverb'],
    ["Every Friday we review this week's incidents.", 'every weekday'],
    ['On Mondays we plan the week ahead and review last week.', 'plural weekday'],
    ['先週比の数字はダッシュボードの「週次」パネルで見る。', 'Japanese metric name'],
    // durations and periods
    ['The model converged in one week of training.', 'duration (of)'],
    ['The model converged in one week.', 'past-tense duration'],
    ['Posting limit: 1 post in 14 days.', 'rate'],
    ['Sessions expire in 7 days.', 'retention'],
    ['Deleted accounts are anonymized in 30 days.', 'retention'],
    ['growth within one year', 'period'],
    ['- 7일 후 자동 익명화', 'Korean retention'],
    ['로그는 30일 후 삭제된다', 'Korean retention'],
    ['30日間保存', 'Japanese period'],
    ['ログは30日後に自動削除される', 'Japanese retention'],
    // lines that carry their date
    ['Update 2026-06-30: go live tomorrow', 'ISO date on the line'],
    ['Decided on March 3, 2026 to ship next week', 'English date on the line'],
    ['1年後(2027-05)に見直す', 'month on the line'],
    ['2026년 6월 30일 기준, 내일 오픈', 'Korean date on the line'],
    // recurring weekdays
    ['Standup every Monday 10:30', 'recurring'],
    ['Standups are on Monday 10:00', 'habitual'],
    ['Release train: every other Tuesday, freeze Monday 18:00 KST', 'a schedule said once for every time'],
    ['매주 화요일 배포, 월요일 18시 동결', 'Korean schedule'],
    ['매주 월요일 10시 회의', 'Korean recurring'],
    ['毎週月曜10時に定例', 'Japanese recurring'],
    ['No merges after Thursday 18:00.', 'a standing rule bounded by a weekday'],
    ['목요일 18:00 이후 머지 금지', 'Korean standing rule'],
    ['목요일 18:00 이후에는 배포하지 않는다', 'Korean standing rule, in the plain present'],
    ['木曜18時以降はデプロイしない', 'Japanese standing rule'],
    // countdowns counted from an event, not the writing
    ['Send the reminder 3 days before the deadline', 'relative to the event'],
  ];
  for (const [body, why] of refused) {
    it(`${JSON.stringify(body)} (${why})`, () => assert.deepEqual(found(body), []));
  }
});

describe('relative-date: what is a finding', () => {
  const cases: [string, [string, string | undefined][]][] = [
    ['interview Monday 10:30', [['Monday', '2026-08-10']]],
    ['Interview Monday 10:30, no laptop needed', [['Monday', '2026-08-10']]],
    ['Interviewed Monday 10:30 with the CTO', [['Monday', '2026-08-03']]],
    ['월요일 오전 10시 면접', [['월요일', '2026-08-10']]],
    ['月曜10時に面接', [['月曜', '2026-08-10']]],
    ['3 days to the deadline', [['3 days to the deadline', '3 days to the deadline (2026-08-07)']]],
    ['Two weeks until launch', [['Two weeks until launch', 'Two weeks until launch (2026-08-18)']]],
    ['Two weeks until the launch', [['Two weeks until the launch', 'Two weeks until the launch (2026-08-18)']]],
    ['마감까지 3일 남았다', [['마감까지 3일', '마감까지 3일(2026-08-07)']]],
    ['마감 5일 남음', [['마감 5일', '마감 5일(2026-08-09)']]],
    ['D-3 출시', [['D-3', 'D-3 (2026-08-07)']]],
    ['締切まであと3日', [['締切まであと3日', '締切まであと3日(2026-08-07)']]],
    // A capital after a sentence's end, a colon or a list marker starts a sentence, not a label.
    ['Done. Tomorrow we ship.', [['Tomorrow', '2026-08-05']]],
    ['- **Yesterday:** fixed the build', [['Yesterday', '2026-08-03']]],
    ['Long emphasis is prose: **we ship the new build tomorrow**', [['tomorrow', 'on 2026-08-05']]],
    ['We will ship in 3 days.', [['in 3 days', 'on 2026-08-07']]],
    // Days joined by a word are a sentence's, not a feature's range.
    ['Review the draft today and send it tomorrow.', [['today', 'on 2026-08-04'], ['tomorrow', 'on 2026-08-05']]],
    // Japanese glues Latin words to dates: a letter before 来週 is not code.
    ['API来週変更', [['来週', '2026-08-10の週に']]],
  ];
  for (const [body, expected] of cases) {
    it(JSON.stringify(body), () => assert.deepEqual(found(body), expected));
  }

  // A rounded or vague count names no one day: the fix keeps the words and adds the day they count
  // from, and --fix never applies it (it wrote "on 2026-08-11 or two" and an invented exact day before).
  const approximate: [string, string, string][] = [
    ['The migration finished a few days ago.', 'a few days ago', 'a few days ago (as of 2026-08-04)'],
    ['We shipped it about 3 weeks ago.', '3 weeks ago', '3 weeks ago (as of 2026-08-04)'],
    ['We moved it a couple of weeks ago.', 'a couple of weeks ago', 'a couple of weeks ago (as of 2026-08-04)'],
    ['배포는 3일 전쯤 끝났다.', '3일 전쯤', '3일 전쯤(2026-08-04 기준)'],
    ['移行は3日前ぐらいに終わった。', '3日前ぐらい', '3日前ぐらい(2026-08-04時点)'],
  ];
  it('"in a week or two" beside a past event: the whole range, kept in words', () => {
    assert.deepEqual(found('The migration finished yesterday.\nShip the importer in a week or two.'), [
      ['yesterday', 'on 2026-08-03'],
      ['in a week or two', 'in a week or two (as of 2026-08-04)'],
    ]);
  });
  for (const [body, written, fixed] of approximate) {
    it(`${JSON.stringify(body)}: keeps the words, adds the day, never safe`, () => {
      assert.deepEqual(found(body), [[written, fixed]]);
      assert.equal(problems(body)[0].fixes?.[0]?.safe, false);
    });
  }

  // One occasion told beside a habit or a display is still a point counted from the writing.
  const occasions: [string, string[]][] = [
    ["The dashboard showed yesterday's errors after the deploy.", ['yesterday']],
    ['Every test failed yesterday.', ['yesterday']],
    ['We ship every Tuesday, next release tomorrow.', ['tomorrow']],
    ['We always review PRs; the freeze starts tomorrow.', ['tomorrow']],
    ['Starting next week, standups are daily.', ['next week']],
    ['어제 대시보드가 오늘 지출을 잘못 표시했다.', ['어제', '오늘']],
    ['오늘 회의에서 화면 공유가 끊겼다.', ['오늘']],
    ['今日の会議で画面共有が切れた。', ['今日']],
    ['매주 월요일 배포, 내일은 예외.', ['내일']],
    ['- 오늘 MOSFET I-V 측정 완료.', ['오늘']],
    ['어제 회의에서 결정: 매주 금요일 배포 중단.', ['어제']],
    ["The widget shows yesterday's numbers since the cache broke.", ['yesterday']],
    ['다음 주부터 매일 배포한다.', ['다음 주']],
    ['昨日、ダッシュボードが今日の支出を表示した。', ['昨日', '今日']],
    ['通知は毎日出すが、明日は止める予定。', ['明日']],
    ['来週からリリースは毎月第一月曜日', ['来週']],
    ['売上は先週比20%増。', ['先週']],
    ['Signups are up 12% vs last week.', ['last week']],
  ];
  for (const [body, words] of occasions) {
    it(`${JSON.stringify(body)} (one occasion)`, () => assert.deepEqual(found(body).map(([text]) => text), words));
  }

  it('offers a bare weekday as the nearest one, never as a safe fix', () => {
    const [problem] = problems('interview Monday 10:30');
    assert.equal(problem.fixes?.length, 1);
    assert.equal(problem.fixes?.[0].safe, false);
    assert.match(problem.fixes![0].title, /the nearest Monday, counted from 2026-08-04, the date in the memory's modified: check that it is the one meant/);
  });

  it('offers both days of "next Friday" said on a Tuesday, neither safe nor preferred', () => {
    const [problem] = problems('The offer goes out next Friday.');
    assert.deepEqual(problem.fixes?.map((fix) => [fix.edits[0].kind === 'edit' && fix.edits[0].edits[0].newText, fix.safe, fix.preferred]), [
      ['on 2026-08-07', false, false],
      ['on 2026-08-14', false, false],
    ]);
    assert.match(problem.message, /ambiguous: counted from 2026-08-04, the memory's modified, it is "on 2026-08-07" \(this week's\) or "on 2026-08-14" \(next week's\)/);
  });

  it('takes "next Friday" said on a Saturday as the coming one, with one safe fix', () => {
    const memory = parseMemoryFile('m.md', '---\nname: m\nmodified: 2026-08-08\n---\nThe demo will be next Friday.\n');
    const [problem] = findRelativeDates({ path: 'm.md', text: memory.text, memory }, context, { utcOffsetMinutes: () => 0 });
    assert.equal(problem.fixes?.length, 1);
    assert.equal(problem.fixes?.[0].safe, true);
    assert.equal(problem.fixes?.[0].edits[0].kind === 'edit' && problem.fixes[0].edits[0].edits[0].newText, 'on 2026-08-14');
  });
});

describe('relative-date, round two: kinds of false finding seen on real folders', () => {
  const refused: [string, string][] = [
    ['- **Outreach block** — Mon–Thu 10:30 AM–1:00 PM; replies wait for this block', 'a weekday range is every week'],
    ['- **Outreach block** — Mon–Thu 9:00–11:00\n- **Recording** — Fri 14:00–16:00, batch the week\'s clips', 'a weekday in a week template'],
    ['- 상담 가능 시간 — 월~금 13:00-17:00, 금요일 10시 팀 회의', 'Korean week template'],
    ['**Weekly digest LIVE (`com.example.digest`, `scripts/digest_weekly_runner.py`, fires Mon 7:15am):** sends the summary', 'weekly, far before on the line'],
    ['- [ ] **4/18 public beta** (D-9)', 'countdown beside its own date'],
    ['Call the landlord tomorrow (10/03) before noon', 'anchoring date in parentheses'],
    ['5/7 어제 올린 빌드 롤백', 'Korean date beside the word'],
    ['- 30일 후 탈퇴 회원 정보 자동 삭제', 'Korean retention, words between'],
    ['ログは90日後にアーカイブへ移して自動削除する', 'Japanese retention, words between'],
    ['Replacing rent income in 90 days is not the target.', 'gerund: a duration'],
    ['junior analyst → team lead in one year; still codes daily', 'a progression: a duration'],
    ['The CSV importer is launchable today with no changes.', 'idiom: right away'],
    ['강조색은 버튼·today 배지에만 쓴다', 'an English UI word in Korean prose'],
    ['오늘의 일정 카드(today-schedule.tsx)를 홈 상단에 둔다', 'component named for today'],
    ['今日のタスク一覧 (TodayTasks.vue) を左に置く', 'Japanese component name'],
    ['Would this rule still hold in ten years?', 'a test put to a design'],
    ['10年後もこのルールは成立するか？', 'Japanese design test'],
    ['10년 후에도 이 원칙이 유효할까?', 'Korean design test'],
  ];
  for (const [body, why] of refused) {
    it(`${JSON.stringify(body)} (${why})`, () => assert.deepEqual(found(body), []));
  }

  const findings: [string, string[]][] = [
    ['## NEXT WEEK — plan', ['NEXT WEEK']],
    ["**TODAY'S TODO**", ['TODAY']],
    ['Only 5 days to go before the review.', ['5 days to go']],
    ['- ~14 months ago the service had no tests.', ['14 months ago']],
    ['- ~14 months ago the service had no tests. The audit is on March 9, 2027.', ['14 months ago']],
    ['We are launching in 3 days.', ['in 3 days']],
    ['3일 남았다, 서두르자', ['3일']],
    ['あと5日で提出', ['あと5日']],
  ];
  for (const [body, words] of findings) {
    it(`${JSON.stringify(body)} is a finding`, () => assert.deepEqual(found(body).map(([text]) => text), words));
  }
});

describe('relative-date, round two: --fix writes a date only where a verb tells of one occasion', () => {
  const safety = (body: string): boolean[] => problems(body).map((p) => p.fixes?.[0]?.safe === true);
  it('is safe for a past event or a plan', () => {
    assert.deepEqual(safety('We shipped the importer yesterday.'), [true]);
    assert.deepEqual(safety('The demo will run tomorrow.'), [true]);
    assert.deepEqual(safety('어제 배포했다.'), [true]);
    assert.deepEqual(safety('明日リリースする予定。'), [true]);
    assert.deepEqual(safety('- **Yesterday:** fixed the flaky build'), [true]);
  });
  it('is a quick fix a person chooses without such a verb', () => {
    assert.deepEqual(safety('- 5 more applications tomorrow'), [false]);
    assert.deepEqual(safety('Fourth collaborator this week.'), [false]);
    assert.deepEqual(safety('Only 5 days to go before the review.'), [false]);
    const [problem] = problems('- 5 more applications tomorrow');
    assert.equal(problem.fixes?.[0]?.preferred, true, 'still the quick fix offered first');
  });
});

describe('relative-date, round three: probing past the labeled sets', () => {
  const refused: [string, string][] = [
    ['Will the schema still make sense a year from now?', 'a test put to a design, "from now"'],
    ['Does this hold up in five years?', 'a test put to a design'],
    ['The free trial ends in 14 days from signup.', 'counted from an event the sentence names'],
    ['Refunds are accepted in 30 days of purchase.', 'counted from the purchase'],
    ['The widget lists meetings for today and tomorrow.', 'a product part displays the day it is read'],
    ['The calendar card displays events for this week.', 'a product part displays the week it is read'],
    ['The Today view lists what is due today.', 'a view lists what is due the day it is read'],
    ['위젯은 오늘과 내일 일정을 보여준다.', 'Korean product display'],
    ['ウィジェットは今日と明日の予定を表示する。', 'Japanese product display'],
    ['複数日前のログはアーカイブにある。', '"several days" inside a compound, not "a few days ago"'],
    ['The report compares this week with last week.', 'a report compares the weeks it is read in'],
    ['이번 주와 지난주를 비교하는 리포트.', 'Korean: a verb describing the report after it'],
    ['今週と先週を比較するレポート。', 'Japanese: a verb describing the report after it'],
    ["The API returns tomorrow's date when the flag is set.", 'what a product returns, the day it is called'],
    ['내일은 오지 않는다는 게 팀의 구호다.', 'Korean idiom: tomorrow never comes'],
    ['「明日は来ない」ではなく、明日は来ないと考えるのがチームの口癖。', 'Japanese idiom'],
    ['They shipped like there is no tomorrow.', 'idiom'],
  ];
  for (const [body, why] of refused) {
    it(`${JSON.stringify(body)} (${why})`, () => assert.deepEqual(found(body), []));
  }

  const findings: [string, string[]][] = [
    ['NEXT WEEK — plan the migration with the data team.', ['NEXT WEEK']],
    ['THIS WEEK: ship the importer and close the audit.', ['THIS WEEK']],
    ['Will we ship the importer next week?', ['next week']],
    ['The trial ends in 14 days.', ['in 14 days']],
    ['Book the rooms for today and tomorrow.', ['today', 'tomorrow']],
    ['The widget showed the wrong totals yesterday.', ['yesterday']],
    ['We finish the notes in the upcoming week.', ['the upcoming week']],
    ['어제 리포트가 이번 주 매출을 잘못 비교했다.', ['어제', '이번 주']],
    ['The report compared this week with the wrong baseline yesterday.', ['this week', 'yesterday']],
    ['내일은 없는 회의실 예약을 오늘 취소했다.', ['오늘']],
  ];
  for (const [body, words] of findings) {
    it(`${JSON.stringify(body)} is a finding`, () => assert.deepEqual(found(body).map(([text]) => text), words));
  }

  it('offers both weeks of "the coming week", neither safe', () => {
    const [problem] = problems('The coming week is for the migration.');
    assert.deepEqual(problem.fixes?.map((fix) => [fix.edits[0].kind === 'edit' && fix.edits[0].edits[0].newText, fix.safe]), [
      ['The week of 2026-08-03', false],
      ['The week of 2026-08-10', false],
    ]);
  });

  // 며칠 / 몇 / 数 are "a few": a vague count, kept in words with the day it counts from, never safe.
  const vague: [string, string, string][] = [
    ['며칠 전에 배포 파이프라인을 바꿨다.', '며칠 전', '며칠 전(2026-08-04 기준)'],
    ['몇 주 전부터 빌드가 느려졌다.', '몇 주 전', '몇 주 전(2026-08-04 기준)'],
    ['몇 년 전 설계라 다시 봐야 한다.', '몇 년 전', '몇 년 전(2026-08-04 기준)'],
    ['数日前にデプロイ手順を変更した。', '数日前', '数日前(2026-08-04時点)'],
    ['数週間前からビルドが遅い。', '数週間前', '数週間前(2026-08-04時点)'],
  ];
  for (const [body, written, fixed] of vague) {
    it(`${JSON.stringify(body)}: a vague count, kept in words, never safe`, () => {
      assert.deepEqual(found(body), [[written, fixed]]);
      assert.equal(problems(body)[0].fixes?.[0]?.safe, false);
    });
  }

  it('does not read "두 년" (not Korean) as a count', () => {
    assert.deepEqual(found('두 년 전 일이다.'), []);
  });
});

describe('relative-date, round four (issue #39): time words that name no day', () => {
  const refused: [string, string][] = [
    ['The billing API today returns amounts in cents, not dollars.', '"today" between a thing and its present verb'],
    ['As it stands today, the export job runs on the old cluster.', 'as it stands today'],
    ['The schema as it exists today has no tenant column.', 'a thing as it exists today'],
    ['These days every ADR comes first; today most reviews are async.', 'a generic statement about the present'],
    ['오늘날 대부분의 팀은 모노레포를 쓴다.', 'Korean: nowadays'],
    ['今日では多くのチームがモノレポを使っている。', 'Japanese: nowadays'],
    ['今日現在、課金 API はセント単位で返す。', 'Japanese: as of the present'],
    ['Write for the reader who arrives in six months without the conversation.', 'a future reader'],
    ['Assume whoever opens this a year from now knows nothing about it.', 'a future reader, after'],
    ['Someone reading this in a year should not need the chat log.', 'a future reader, reading'],
    ['6개월 뒤에 이 문서를 읽는 사람을 위해 쓴다.', 'Korean future reader'],
    ['1년 후에 합류하는 동료도 이해할 수 있게 적는다.', 'Korean future colleague'],
    ['一年後に読む読者が迷わないように理由も書く。', 'Japanese future reader'],
    ['This week (week 48) we freeze the schema.', 'a week beside its own number'],
    ['이번 주(48주차)에는 스키마를 동결한다.', 'Korean week beside its number'],
    ['第12週（今週）はリリース準備に集中する。', 'Japanese week after its number'],
    ['今週（第12週）の目標はテストの整備。', 'Japanese week before its number'],
    ['## 2026-11-03 standup\n\n- Freeze starts (today) and lasts a week.', 'an aside in a dated section'],
    ['- [배포 절차](release-steps.md) — 화요일·목요일 오후 2시에만 배포', 'Korean: two weekdays joined, every week'],
    ['配布は火曜・木曜の14時だけ。', 'Japanese: two weekdays joined, every week'],
  ];
  for (const [body, why] of refused) {
    it(`${JSON.stringify(body)} (${why})`, () => assert.deepEqual(found(body), []));
  }

  // Near misses: the same words telling of a day.
  const findings: [string, string[]][] = [
    ['We deploy the billing API today.', ['today']],
    ['The deploy today runs at five.', ['today']],
    ['As of today the export job runs on the new cluster.', ['today']],
    ['Today is the last day to file the report.', ['Today']],
    ['The reader app ships in six months.', ['in six months']],
    ['오늘 배포한다.', ['오늘']],
    ['今日リリースする。', ['今日']],
    ['This week we freeze the schema.', ['This week']],
    ['이번 주에 48개 항목을 정리한다.', ['이번 주']],
    ['Freeze starts (today) and lasts a week.', ['today']],
    ['이번 화요일에 배포한다.', ['이번 화요일']],
  ];
  for (const [body, words] of findings) {
    it(`${JSON.stringify(body)} is a finding`, () => assert.deepEqual(found(body).map(([text]) => text), words));
  }
});
