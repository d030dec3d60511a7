import * as assert from 'node:assert/strict';
import { applyTextEdits } from '../../../../src/core/edits/applyTextEdits';
import { parseMemoryFile } from '../../../../src/core/memoryFile';
import { MemoryStore } from '../../../../src/core/memoryStore';
import { resolveTypeSet } from '../../../../src/core/memoryTypes';
import type { Problem } from '../../../../src/core/problems';
import { findRelativeDates, relativeDateFixAll, withAbsoluteDates, type RelativeDateOptions } from '../../../../src/core/rules/relativeDate/relativeDateRule';
import { DEFAULT_INDEX_BUDGET, type RuleContext, type TextRuleInput } from '../../../../src/core/rules/shared/ruleContext';
import type { TextEdit } from '../../../../src/core/types';
import { DATE_LINES_LABELED } from './relativeDateLanguagesLabeled';

// Thursday 2026-03-05, noon UTC.
const THURSDAY = Date.UTC(2026, 2, 5, 12);
const UTC: RelativeDateOptions = { utcOffsetMinutes: () => 0 };

function contextAt(time: number | undefined): RuleContext {
  return { store: new MemoryStore(), typeSet: resolveTypeSet('claude-code', []), budget: DEFAULT_INDEX_BUDGET, modifiedTime: () => time };
}

function check(input: TextRuleInput, time: number | undefined = THURSDAY): Problem[] {
  return findRelativeDates(input, contextAt(time), UTC);
}

function memory(path: string, text: string): TextRuleInput {
  const parsed = parseMemoryFile(path, text);
  return { path, text: parsed.text, memory: parsed };
}

/** The words each finding's range covers, in a note of one line. */
function foundWords(text: string): string[] {
  const lines = text.split('\n');
  return check({ path: 'notes.md', text }).map((p) => {
    assert.equal(p.range.start.line, p.range.end.line);
    return lines[p.range.start.line].slice(p.range.start.character, p.range.end.character);
  });
}

function onlyEdit(problem: Problem): TextEdit {
  const edit = problem.fixes?.[0]?.edits[0];
  assert.ok(edit && edit.kind === 'edit');
  return edit.edits[0];
}

describe('relative-date in Hebrew, Chinese and Russian', () => {
  it('finds every labeled date and nothing else, in every language, with ranges over exactly its words', () => {
    const tally = new Map<string, { lines: number; dates: number; found: number; falseFindings: number; missed: number }>();
    const wrong: string[] = [];
    for (const { language, text, dates } of DATE_LINES_LABELED) {
      const found = foundWords(text);
      const spurious = found.filter((words) => !dates.includes(words));
      const absent = dates.filter((words) => !found.includes(words));
      const count = tally.get(language) ?? { lines: 0, dates: 0, found: 0, falseFindings: 0, missed: 0 };
      count.lines++;
      count.dates += dates.length;
      count.found += dates.length - absent.length;
      count.falseFindings += spurious.length;
      count.missed += absent.length;
      tally.set(language, count);
      if (spurious.length > 0 || absent.length > 0) wrong.push(`${JSON.stringify(text)}: found ${JSON.stringify(found)}`);
    }
    for (const [language, c] of tally) {
      console.log(`      ${language}: ${c.lines} lines, ${c.found}/${c.dates} dates found, ${c.falseFindings} false, ${c.missed} missed`);
    }
    assert.deepEqual(wrong, []);
  });

  it('holds at least 15 hard negatives per new language', () => {
    for (const language of ['he', 'zh', 'ru']) {
      const negatives = DATE_LINES_LABELED.filter((line) => line.language === language && line.dates.length === 0).length;
      assert.ok(negatives >= 15, `${language}: ${negatives} negatives`);
    }
  });

  it('adds the date after the words, prefixes and particles kept: a fix a person chooses, never --fix', () => {
    const text = 'מהיום הכול עובר דרך ה-API.\nבשבוע הבא נעבור ל-Postgres.\nלפני 3 ימים ביטלנו.\n上个月换了服务商。\n明年迁移到云端。\n下周(见计划)升级。\nНа прошлой неделе сменили провайдера.';
    const input = memory('project_2026-03-05_migration.md', `---\nname: migration\ndescription: the migration plan\ntype: project\n---\n${text}\n`);
    const problems = check(input);
    assert.deepEqual(
      problems.map((p) => onlyEdit(p).newText),
      ['מהיום (2026-03-05)', 'בשבוע הבא (2026-03-09 – 2026-03-15)', 'לפני 3 ימים (2026-03-02)', '上个月(2026-02)', '明年(2027)', '下周(2026-03-09 – 2026-03-15)', 'На прошлой неделе (2026-02-23 – 2026-03-01)'],
    );
    for (const problem of problems) {
      const fix = problem.fixes![0];
      assert.equal(fix.safe, false, 'never applied by --fix');
      assert.equal(fix.preferred, true, 'anchored by the file name: the fix a person is offered first');
      assert.match(fix.title, /^Add the date to /);
      assert.match(problem.message, /counted from 2026-03-05, the date in the file name/);
    }
    // Applied, the line carries its date and is not found again.
    const fixed = applyTextEdits(input.text, problems.map(onlyEdit));
    assert.deepEqual(check(memory(input.path, fixed)), []);
    assert.equal(relativeDateFixAll(input, contextAt(THURSDAY), UTC)?.safe, false);
  });

  it('says a fix from the file time is a guess', () => {
    const [problem] = check({ path: 'notes.md', text: 'אתמול עלה באג.' });
    assert.equal(onlyEdit(problem).newText, 'אתמול (2026-03-04)');
    assert.match(problem.fixes![0].title, /a guess/);
    assert.equal(problem.fixes![0].preferred, false);
  });

  it('leaves descriptions written into MEMORY.md hooks as they are: no verb tells of one occasion', () => {
    const input = memory('project_2026-03-05_db.md', '---\nname: db\ndescription: אתמול עברנו ל-Postgres\ntype: project\n---\nbody\n');
    assert.equal(withAbsoluteDates('אתמול עברנו ל-Postgres', input, contextAt(THURSDAY), UTC), 'אתמול עברנו ל-Postgres');
  });

  it('keeps the range logical in right-to-left text with direction marks around the words', () => {
    const text = '\u202Bסטטוס: \u200Fבשבוע שעבר\u200F עברנו.\u202C';
    const [problem] = check({ path: 'notes.md', text });
    assert.equal(text.slice(problem.range.start.character, problem.range.end.character), 'בשבוע שעבר');
  });

  it('reads Hebrew, Chinese and Russian lines among Japanese and Korean ones, and gives Japanese text none', () => {
    const text = [
      '判断基準: 10年後もこれは成立するか？',
      '판단 기준: 10년 후에도 이게 유효할까?',
      'היום סיימנו את המיגרציה.',
      '昨天我们把数据库迁移完了。下周升级到 Postgres 16。',
      'Вчера закончили миграцию.',
      '前天候型のテストを追加した。来週の金曜日にリリースする。',
    ].join('\n');
    assert.deepEqual(foundWords(text), ['היום', '昨天', '下周', 'Вчера', '来週の金曜日']);
  });

  it('finds nothing twice where Chinese and Japanese finders meet', () => {
    // 三週前 is the Japanese finder's; 今年 and 去年 too: one finding each, whatever the line.
    assert.deepEqual(foundWords('三週前换了服务商，今年和去年都一样。'), ['三週前', '今年', '去年']);
  });
});
