import * as assert from 'node:assert/strict';
import {
  applyTextEdits, INDEX_FILE_NAME, MemoryStore, ProblemCode, ProblemEngine, relativeDate, secret, type Problem, type ProblemFix, type RootPath, type TextEdit,
} from '../../../../src/core';
import { claudeTypes } from './ruleHelpers';

// What `memory-shelf check --fix` does (src/cli/checkRoot.ts), without the file system: one check, then
// per file every safe fix of the codes it applies, the preferred one first, all at once.
const SAFE_FIX_CODES: ReadonlySet<string> = new Set([ProblemCode.IndexUnlisted, ProblemCode.RelativeDate]);

// Noon UTC: the same day in every zone from UTC-11 to UTC+11.
const WRITTEN = Date.UTC(2026, 6, 30, 12);
const REWRITTEN = Date.UTC(2026, 8, 14, 12);

interface Root {
  readonly files: ReadonlyMap<RootPath, string>;
  readonly times: ReadonlyMap<RootPath, number>;
}

function check(root: Root): ProblemEngine {
  const store = new MemoryStore();
  for (const [path, text] of root.files) store.update(path, text);
  const engine = new ProblemEngine(store, { typeSet: claudeTypes, modifiedTime: (path) => root.times.get(path), textRules: [relativeDate, secret] });
  engine.checkAll();
  return engine;
}

/** The fix `--fix` applies to `problem`, if any: a safe one, on files whose frontmatter parses or MEMORY.md. */
function appliedFixOf(problem: Problem, store: MemoryStore): ProblemFix | undefined {
  if (!SAFE_FIX_CODES.has(problem.code)) return undefined;
  const fix = problem.fixes?.find((candidate) => candidate.safe && candidate.preferred) ?? problem.fixes?.find((candidate) => candidate.safe);
  const writable = (path: RootPath): boolean => (path === INDEX_FILE_NAME ? store.index !== undefined : store.get(path)?.frontmatter.status === 'ok');
  return fix && fix.edits.every((edit) => edit.kind === 'edit' && writable(edit.path)) ? fix : undefined;
}

/** One `--fix` run: the root as written back, each written file dated `now` as the file system would. */
function fixPass(root: Root, now: number): Root {
  const engine = check(root);
  const store = engine.store;
  const problems = [...engine.allProblems()].sort(
    (a, b) => a.path.localeCompare(b.path) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
  const editsByPath = new Map<RootPath, TextEdit[]>();
  for (const problem of problems) {
    const fix = appliedFixOf(problem, store);
    if (!fix) continue;
    for (const edit of fix.edits) if (edit.kind === 'edit') editsByPath.set(edit.path, [...(editsByPath.get(edit.path) ?? []), ...edit.edits]);
  }
  const files = new Map(root.files);
  const times = new Map(root.times);
  for (const [path, edits] of editsByPath) {
    const original = path === INDEX_FILE_NAME ? store.index! : store.get(path)!;
    files.set(path, (original.hasBom ? '\uFEFF' : '') + applyTextEdits(original.text, edits));
    times.set(path, now);
  }
  return { files, times };
}

const crlf = (lines: string[]): string => '\uFEFF' + lines.join('\r\n') + '\r\n';

/** A root as agents leave it: most of what --fix is for, in English, Korean and Japanese. */
function realisticRoot(index?: string): Root {
  const files = new Map<RootPath, string>([
    [
      'MEMORY.md',
      [
        '# Memory index',
        'Cleaned up last week.',
        '',
        '- [Report delivery](project_report.md) — report due next week, demo last Friday of every month',
        '- [Drive](reference_drive.md) — moved to the new drive yesterday',
        '- [Release freeze](project_freeze.md) — last week of the quarter: deploy freeze; 다음 주 배포',
        '- [Gone](gone.md) — removed last month',
      ].join('\n'),
    ],
    [
      'project_report.md',
      [
        '---',
        'name: project-report',
        'description: The report is due next week as .docx',
        'metadata:',
        '  type: project',
        '  modified: 2026-06-03T12:00:00.000Z',
        '---',
        'Last Friday of every month is demo day. We agreed on it yesterday.',
        '- Last week of the quarter: deploy freeze.',
        '',
      ].join('\n'),
    ],
    ['reference_drive.md', '---\nname: reference-drive\ndescription: Raw data lives in the lab drive\ntype: reference\n---\nThe folder moved yesterday.\n'],
    [
      'project_freeze.md',
      crlf(['---', 'name: project-freeze', 'description: 분기 마지막 주는 배포 동결', 'type: project', 'date: 2026-03-23', '---', '다음 주 배포는 하지 않는다. 매달 마지막 주는 점검.']),
    ],
    // Unlisted: the index-unlisted fix appends each of these, at the end of an index with no final line break.
    ['c#_tips.md', crlf(['---', 'name: c#-tips', 'description: C# tips, checked tomorrow', 'type: reference', '---', 'Ask again tomorrow.'])],
    ['notes (old) 100%.md', '---\nname: notes-old\ndescription: Old notes kept in full\ntype: user\n---\nKept since last year.\n'],
    [
      'feedback_ko.md',
      crlf(['---', 'name: feedback-ko', 'description: 다음 주부터 보고서는 .docx로 낸다', 'metadata:', '  type: feedback', '  modified: 2026-05-04', '---', '지난주 금요일에 정했다.']),
    ],
    ['reference_ja.md', '---\nname: reference-ja\ndescription: 来週から新しいパスを使う\ntype: reference\ndate: 2026-07-01\n---\n毎月最終金曜日はデモ。昨日決めた。\n'],
    ['メモ #2.md', '---\nname: memo-2\ndescription: 共有ドライブの場所\ntype: reference\n---\n先週移動した。\n'],
    // Never written: a person has to look at a file whose frontmatter does not parse.
    ['broken.md', '---\nname: [broken\n---\nFixed yesterday.\n'],
  ]);
  if (index !== undefined) files.set('MEMORY.md', index);
  return { files, times: new Map([...files.keys()].map((path) => [path, WRITTEN])) };
}

describe('--fix on a realistic root', () => {
  // The index as agents leave it, and one with no entry yet, in CRLF with a BOM: every unlisted memory is
  // appended at its very end, which has no line break.
  const indexes = [undefined, '\uFEFF# Memory index\r\n\r\nCleaned up last week.'];
  for (const index of indexes) {
    it(`is idempotent: nothing safe is left to fix, and a second run changes no byte (${index === undefined ? 'entries' : 'no entry, CRLF'})`, () => {
      const first = fixPass(realisticRoot(index), REWRITTEN);
      const engine = check(first);
      const left = [...engine.allProblems()].filter((problem) => appliedFixOf(problem, engine.store) !== undefined);
      assert.deepEqual(left.map((p) => `${p.path} ${p.code} ${p.range.start.line}:${p.range.start.character}`), []);
      const second = fixPass(first, Date.UTC(2027, 0, 4, 12));
      for (const [path, text] of first.files) assert.equal(second.files.get(path), text, path);
    });
  }

  it('appends the unlisted memories as consecutive lines to an index with no entry and no final line break', () => {
    const fixed = fixPass(realisticRoot(indexes[1]), REWRITTEN).files.get('MEMORY.md')!;
    assert.equal(
      fixed,
      [
        '\uFEFF# Memory index',
        '',
        'Cleaned up last week.',
        '- [c#-tips](c%23_tips.md) — C# tips, checked tomorrow',
        '- [Feedback ko](feedback_ko.md) — 2026-05-11 주간부터 보고서는 .docx로 낸다',
        '- [Notes old](<notes (old) 100%25.md>) — Old notes kept in full',
        '- [Project freeze](project_freeze.md) — 분기 마지막 주는 배포 동결',
        '- [Project report](project_report.md) — The report is due the week of 2026-06-08 as .docx',
        '- [Reference drive](reference_drive.md) — Raw data lives in the lab drive',
        '- [Reference ja](reference_ja.md) — 2026-07-06の週から新しいパスを使う',
        '- [Memo 2](<メモ %232.md>) — 共有ドライブの場所',
      ].join('\r\n'),
    );
  });

  it('fixes what it can vouch for and leaves the rest to a person', () => {
    const root = realisticRoot();
    const fixed = fixPass(root, REWRITTEN).files;
    const index = fixed.get('MEMORY.md')!;
    assert.equal(
      index,
      [
        '# Memory index',
        // Not an entry: MEMORY.md's own time is a guess, not written.
        'Cleaned up last week.',
        '',
        '- [Report delivery](project_report.md) — report due the week of 2026-06-08, demo last Friday of every month',
        // reference_drive.md has no date: the same.
        '- [Drive](reference_drive.md) — moved to the new drive yesterday',
        '- [Release freeze](project_freeze.md) — last week of the quarter: deploy freeze; 2026-03-30 주간 배포',
        '- [Gone](gone.md) — removed last month',
        '- [c#-tips](c%23_tips.md) — C# tips, checked tomorrow',
        '- [Feedback ko](feedback_ko.md) — 2026-05-11 주간부터 보고서는 .docx로 낸다',
        '- [Notes old](<notes (old) 100%25.md>) — Old notes kept in full',
        '- [Reference ja](reference_ja.md) — 2026-07-06の週から新しいパスを使う',
        '- [Memo 2](<メモ %232.md>) — 共有ドライブの場所',
      ].join('\n'),
    );
    assert.equal(fixed.get('project_report.md'), root.files.get('project_report.md')!
      .replace('due next week', 'due the week of 2026-06-08')
      .replace('on it yesterday', 'on it on 2026-06-02'));
    // Dated only by its file time, which is a guess: its relative dates are left to a person.
    assert.equal(fixed.get('c#_tips.md'), root.files.get('c#_tips.md'));
    assert.ok(fixed.get('c#_tips.md')!.startsWith('\uFEFF---\r\n'));
    assert.equal(fixed.get('project_freeze.md'), root.files.get('project_freeze.md')!.replace('다음 주 배포는', '2026-03-30 주간 배포는'));
    assert.equal(fixed.get('broken.md'), root.files.get('broken.md'));
    // Every memory is listed once, and MEMORY.md's guesses are still reported, with a fix a person may apply.
    const engine = check({ files: fixed, times: new Map() });
    assert.deepEqual([...engine.allProblems()].filter((p) => p.code === ProblemCode.IndexUnlisted).map((p) => p.path), ['broken.md']);
    assert.deepEqual(
      engine.problemsFor('MEMORY.md').filter((p) => p.code === ProblemCode.RelativeDate).map((p) => [p.range.start.line, p.fixes?.[0]?.safe]),
      [[1, undefined], [4, undefined], [6, undefined], [7, undefined]],
    );
  });
});
