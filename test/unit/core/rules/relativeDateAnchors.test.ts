import * as assert from 'node:assert/strict';
import { applyTextEdits } from '../../../../src/core/edits/applyTextEdits';
import { parseMemoryFile } from '../../../../src/core/memoryFile';
import { MemoryStore } from '../../../../src/core/memoryStore';
import { resolveTypeSet } from '../../../../src/core/memoryTypes';
import type { Problem } from '../../../../src/core/problems';
import { findRelativeDates, relativeDateFixAll } from '../../../../src/core/rules/relativeDate/relativeDateRule';
import { DEFAULT_INDEX_BUDGET, type LineHistory, type RuleContext } from '../../../../src/core/rules/shared/ruleContext';

const COPIED_IN_NOVEMBER = Date.UTC(2026, 10, 20, 12);

function contextWith(history?: Record<string, LineHistory>): RuleContext {
  return {
    store: new MemoryStore(), typeSet: resolveTypeSet('claude-code', []), budget: DEFAULT_INDEX_BUDGET,
    modifiedTime: () => COPIED_IN_NOVEMBER, lineHistory: history && ((path) => history[path]),
  };
}

function check(path: string, text: string, context = contextWith()): Problem[] {
  const memory = parseMemoryFile(path, text);
  return findRelativeDates({ path, text: memory.text, memory }, context, { utcOffsetMinutes: () => 0 });
}

/** [line, replacement, safe, message] of each finding. */
function summary(problems: Problem[]): [number, string | undefined, boolean | undefined][] {
  return problems.map((p) => {
    const edit = p.fixes?.[0]?.edits[0];
    return [p.range.start.line, edit?.kind === 'edit' ? edit.edits[0].newText : undefined, p.fixes?.[0]?.safe];
  });
}

describe('relative-date anchors, in the order of trust', () => {
  const front = (extra = '') => `---\nname: project-deal\ndescription: Deal status\ntype: project\n${extra}---\n`;

  it('counts from the dated heading above, inherited by undated subheadings, before the frontmatter date', () => {
    const text = front('modified: 2026-11-01\n') + '## Update 2026-08-04\n\nClose the deal this week.\n\n### Risks\n\nLegal will review it tomorrow.\n\n## Later\n\nShip next month.\n';
    const problems = check('project_deal.md', text);
    assert.deepEqual(summary(problems), [
      [8, 'the week of 2026-08-03', true],
      [12, 'on 2026-08-05', true],
      [16, 'in 2026-12', true],
    ]);
    assert.match(problems[0].message, /counted from 2026-08-04, the date of its section/);
    assert.match(problems[2].message, /counted from 2026-11-01, the memory's modified/);
  });

  it('counts from a dated paragraph label until the paragraph ends', () => {
    const text = front() + '**2026-03-02**\nDeploy froze yesterday.\n\nNo label here: fixed yesterday.\n';
    const problems = check('project_deal.md', text, { ...contextWith(), modifiedTime: () => undefined });
    assert.deepEqual(summary(problems), [[6, 'on 2026-03-01', true], [8, undefined, undefined]]);
  });

  it('never counts from a deadline or a plan written above, nor from a list field beside the line', () => {
    const noTime = { ...contextWith(), modifiedTime: () => undefined };
    const deadlines = [
      '- 締切: 2026-10-31(最終稿)。\n- 来月から第7章に入る。\n',
      '- 마감: 2026-06-19\n- 다음 주 월요일 10시 조교 면담.\n',
      'Deadline: 2026-10-31\nWe start chapter 7 next month.\n',
      '- Kickoff: 2026-03-02\n- Design review next week.\n',
    ];
    for (const body of deadlines) assert.deepEqual(summary(check('project_deal.md', front() + body, noTime)), [[6, undefined, undefined]], body);
  });

  it('counts from a list field for the lines nested under it, and from a log entry led by its date for the items below', () => {
    const noTime = { ...contextWith(), modifiedTime: () => undefined };
    const nested = check('project_deal.md', front() + '- Standup 2026-03-02\n  - Deploy froze yesterday.\n', noTime);
    assert.deepEqual(summary(nested), [[6, 'on 2026-03-01', true]]);
    const log = check('project_deal.md', front() + '- 2026-03-02:\n- Deploy froze yesterday.\n', noTime);
    assert.deepEqual(summary(log), [[6, 'on 2026-03-01', true]]);
  });

  it('counts from a date in the file name', () => {
    const problems = check('project_session_2026-03-25.md', front() + 'We froze the schema yesterday.\n');
    assert.deepEqual(summary(problems), [[5, 'on 2026-03-24', true]]);
    assert.match(problems[0].message, /counted from 2026-03-25, the date in the file name/);
  });

  it('counts from git history of the line when the text gives no date, and only where the line still reads the same', () => {
    const text = front() + 'We froze the schema yesterday.\nAnd moved the cache yesterday.\n';
    const day = { year: 2026, month: 3, day: 10 };
    const history: LineHistory = [undefined, undefined, undefined, undefined, undefined, { text: 'We froze the schema yesterday.', day }, { text: 'And moved the old cache yesterday.', day }];
    const problems = check('project_cache.md', text, contextWith({ 'project_cache.md': history }));
    assert.deepEqual(summary(problems), [[5, 'on 2026-03-09', true], [6, 'on 2026-11-19', false]]);
    assert.match(problems[0].message, /counted from 2026-03-10, when git records this line was written/);
  });

  it('counts a line typed in the editor from the day it was typed, a known day and no guess, and keeps git for the lines it records', () => {
    const text = front() + '내일 발표 자료를 보낸다.\nWe froze the schema yesterday.\n明日レビューする。\n';
    const today = { year: 2026, month: 12, day: 1 };
    const whole = (line: string) => ({ text: line, typed: [{ start: 0, end: line.length, day: today }] });
    const history: LineHistory = [undefined, undefined, undefined, undefined, undefined, whole('내일 발표 자료를 보낸다.'), { text: 'We froze the schema yesterday.', day: { year: 2026, month: 3, day: 10 } }, whole('明日レビューする。')];
    const problems = check('project_talk.md', text, contextWith({ 'project_talk.md': history }));
    assert.deepEqual(problems.map((problem) => problem.range.start.line), [5, 6, 7]);
    for (const line of [5, 7]) {
      const problem = problems.find((candidate) => candidate.range.start.line === line)!;
      assert.match(problem.message, /counted from 2026-12-01, when you typed it/);
      assert.doesNotMatch(problem.message + problem.fixes![0].title, /guess/);
      assert.match(problem.fixes![0].title, /counted from 2026-12-01, when you typed it/);
      assert.equal(problem.fixes![0].preferred, true);
    }
    assert.match(problems[1].message, /counted from 2026-03-10, when git records this line was written/);
  });

  it('counts words typed today from today over the date the frontmatter states, and only the words typed (issue #40)', () => {
    // modified says 2026-05-27; "next Friday" and "tomorrow" were typed on 2026-12-01 (a Tuesday), at the
    // end of an old line that already said "yesterday".
    const text = front('metadata:\n  modified: 2026-05-27T09:00:00Z\n') + 'Signed yesterday. Review tomorrow.\nDemo next Friday.\n';
    const today = { year: 2026, month: 12, day: 1 };
    const old = 'Signed yesterday.';
    const history: LineHistory = [undefined, undefined, undefined, undefined, undefined, undefined, undefined,
      { text: 'Signed yesterday. Review tomorrow.', typed: [{ start: old.length, end: old.length + ' Review tomorrow.'.length, day: today }] },
      { text: 'Demo next Friday.', typed: [{ start: 5, end: 16, day: today }] }];
    const problems = check('project_deal.md', text, contextWith({ 'project_deal.md': history }));
    assert.deepEqual(summary(problems), [[7, 'on 2026-05-26', true], [7, 'on 2026-12-02', false], [8, 'on 2026-12-04', false]]);
    assert.match(problems[0].message, /counted from 2026-05-27, the memory's metadata.modified/);
    assert.match(problems[0].fixes![0].title, /counted from 2026-05-27, the date in the memory's metadata.modified/);
    for (const problem of problems.slice(1)) {
      assert.match(problem.message, /counted from 2026-12-01, when you typed it/, problem.message);
      for (const fix of problem.fixes!) assert.match(fix.title, /counted from 2026-12-01, when you typed it/, fix.title);
    }
  });

  it('finds a line that moved by its text when it is there once', () => {
    const text = front() + 'A new first line.\nWe froze the schema yesterday.\n';
    const history: LineHistory = [undefined, undefined, undefined, undefined, undefined, { text: 'We froze the schema yesterday.', day: { year: 2026, month: 3, day: 10 } }];
    assert.deepEqual(summary(check('project_cache.md', text, contextWith({ 'project_cache.md': history }))), [[6, 'on 2026-03-09', true]]);
  });

  it('takes the modification time last, as a guess: not safe, its title and message say so, and fix-all is not safe', () => {
    const text = front() + 'We migrated the cache yesterday.\n';
    const problems = check('project_cache.md', text);
    assert.deepEqual(summary(problems), [[5, 'on 2026-11-19', false]]);
    assert.equal(problems[0].fixes?.[0].preferred, false);
    assert.match(problems[0].fixes![0].title, /a guess: counted from 2026-11-20, the file's modification time/);
    assert.match(problems[0].message, /if it was written on 2026-11-20, when the file was last modified .*guess/);
    const memory = parseMemoryFile('project_cache.md', text);
    assert.equal(relativeDateFixAll({ path: 'project_cache.md', text: memory.text, memory }, contextWith(), { utcOffsetMinutes: () => 0 })?.safe, false);
  });

  it('fix-all leaves the ambiguous ones to a person and applies the rest', () => {
    const text = front('modified: 2026-08-04\n') + 'Offer next Friday.\nSigned yesterday.\n';
    const memory = parseMemoryFile('m.md', text);
    const fix = relativeDateFixAll({ path: 'm.md', text: memory.text, memory }, contextWith(), { utcOffsetMinutes: () => 0 });
    assert.ok(fix && fix.safe && fix.edits[0].kind === 'edit');
    assert.equal(applyTextEdits(memory.text, fix.edits[0].edits), text.replace('Signed yesterday', 'Signed on 2026-08-03'));
  });
});
