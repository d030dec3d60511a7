import * as assert from 'node:assert/strict';
import { entryLenses, hookChange, hookDrifted, memoryHook, parseMemoryFile } from '../../../../src/core';
import { memory, MEMORIES, storeWith } from './fixtureRoot';

const INDEX = [
  '# Memory index',
  '',
  'Notes for the lab agent: one line per memory.',
  '',
  '- [Math notation](feedback_math_notation.md) — LaTeX does not render here; write formulas in Unicode',
  '- [Standup time](feedback_standup_time.md) — standup at 09:00 in room 301',
  '- [Old meeting notes](project_meeting_notes.md) — weekly sync notes, Tuesdays',
  '',
  '## Reference',
  '1. [연구실 드라이브](reference_lab_drive.md) — 実験データは共有ドライブに置く',
  '2. [Math notation again](feedback_math_notation.md)',
  '   - [보고서 제출](project_docx_delivery.md) — 금요일 17:00까지 docx로 보낸다',
  '- [Lab website](https://lab.example.ac.kr) — 홈페이지',
  '',
].join('\n');

describe('index entry lenses', () => {
  const store = storeWith(MEMORIES, INDEX);
  const lenses = entryLenses(store.index!, store);

  it('gives every entry that links a memory of the root a lens, numbered and nested ones too, and none to a URL', () => {
    assert.deepEqual(lenses.map((lens) => [lens.line, lens.target]), [
      [4, 'feedback_math_notation.md'],
      [5, 'feedback_standup_time.md'],
      [6, 'project_meeting_notes.md'],
      [9, 'reference_lab_drive.md'],
      [10, 'feedback_math_notation.md'],
      [11, 'project_docx_delivery.md'],
    ]);
  });

  it("tells the memory's type and how many memories link to it", () => {
    assert.deepEqual(lenses.map((lens) => [lens.memory?.type, lens.backlinks]), [
      ['feedback', 1], ['feedback', 1], [undefined, 0], ['reference', 0], ['feedback', 1], ['project', 0],
    ]);
  });

  it('names each problem: the missing file, the hook whose time changed, the second listing', () => {
    assert.deepEqual(lenses.map((lens) => lens.issues), [
      [],
      [{
        kind: 'hook-drift',
        change: { kind: 'number', old: '09:00', now: '10:00' },
        hook: 'standup at 10:00 in room 301',
        edit: { range: { start: { line: 5, character: 56 }, end: { line: 5, character: 61 } }, newText: '10:00' },
      }],
      [{ kind: 'missing-file', target: 'project_meeting_notes.md' }],
      [],
      [{ kind: 'duplicate', firstLine: 4 }],
      [],
    ]);
  });
});

describe('hook drift', () => {
  it('accepts a hook a person shortened from the description, in English, Korean or Japanese', () => {
    assert.equal(hookDrifted('LaTeX does not render; use Unicode formulas', 'LaTeX ($$...$$) does not render here, so write formulas in Unicode (x², √, ≤).'), false);
    assert.equal(hookDrifted('금요일 17:00까지 docx로 보낸다', '보고서는 매주 금요일 17:00까지 docx로 김 교수님께 보낸다. PDF는 받지 않는다.'), false);
    assert.equal(hookDrifted('実験データは共有ドライブに置く', '実験データは共有ドライブの /lab/2026/raw に置く。'), false);
  });

  it('leaves a hook that words the memory its own way, says more than the description or leaves a clause out (issue #40: 204 of 360 real entries were flagged)', () => {
    // A topic label, a richer hook with details of its own, a condensation that drops the negated clause.
    assert.equal(hookDrifted('weekly sync with the sponsor on Tuesdays', 'The lab standup starts at 10:00 in room 301.'), false);
    assert.equal(hookDrifted('Release checklist: 12 steps, owner Dana, staging first', 'How a release goes out: the checklist and who signs it off.'), false);
    assert.equal(hookDrifted('commit messages', 'Do not put emoji in commit messages'), false);
    assert.equal(hookDrifted('보고서는 PDF로 보낸다', '발표 자료는 매주 월요일에 슬라이드로 공유한다.'), false);
    assert.equal(hookDrifted('배포 체크리스트(12단계, 담당 박지훈)', '배포 절차와 승인자'), false);
    assert.equal(hookDrifted('커밋 메시지', '커밋 메시지에 이모지를 쓰지 않는다'), false);
    assert.equal(hookDrifted('レビューは根拠を一行書く', 'コードレビューで承認するときも根拠を一行書く'), false);
    assert.equal(hookDrifted('コミットメッセージ', 'コミットメッセージに絵文字を使わない'), false);
    assert.equal(hookDrifted('決済タイムアウト、原因はコネクション枯渇', '決済 API のタイムアウト。原因はコネクションプールの枯渇'), false);
  });

  it('shows the changed fact as the hook and the description write it', () => {
    assert.deepEqual(hookChange('standup at 09:00 in room 301', 'The lab standup starts at 10:00 in room 301.'), { kind: 'number', old: '09:00', now: '10:00' });
    assert.deepEqual(hookChange('Dana owns the payments API', 'Priya owns the payments API and its on-call rota.'), { kind: 'name', old: 'Dana', now: 'Priya' });
    assert.deepEqual(hookChange('회의는 목요일 14:00', '회의는 금요일 14:00에 연다.'), { kind: 'weekday', old: '목요일', now: '금요일' });
    assert.deepEqual(hookChange('決済APIの担当はダナ', '決済APIの担当はプリヤ。'), { kind: 'name', old: 'ダナ', now: 'プリヤ' });
    assert.deepEqual(hookChange('Deploys on Fridays are allowed', 'Deploys on Fridays are not allowed.'), { kind: 'negation', old: 'allowed', now: 'not allowed' });
  });

  it('keeps a shortened hook with the same facts: names, numbers and negations it repeats, a clause it leaves out', () => {
    assert.equal(hookDrifted('Priya owns the payments API', 'Priya owns the payments API and its on-call rota.'), false);
    assert.equal(hookDrifted('No deploys on Fridays', 'Do not deploy on Fridays; the on-call is thin.'), false);
    assert.equal(hookDrifted('Use pnpm, not npm', 'Use pnpm, not npm, in every package of the monorepo.'), false);
    assert.equal(hookDrifted('The standup is at 10:00', 'The standup is at 10:00 in room 301. Nobody presents slides.'), false);
    assert.equal(hookDrifted('결제 API 담당은 Priya', '결제 API 담당은 Priya이다. 휴가 중에는 받지 않는다.'), false);
    assert.equal(hookDrifted('결제 API 담당은 김하늘', '결제 API 담당은 김하늘이다. 박지훈은 환불을 맡는다.'), false);
    assert.equal(hookDrifted('금요일에는 배포하지 않는다', '금요일 18:00 이후에는 배포하지 않는다.'), false);
    assert.equal(hookDrifted('締め切りは12月14日', '論文の締め切りは12月14日。延長はない。'), false);
    assert.equal(hookDrifted('金曜日にはデプロイしない', '金曜日にはデプロイしない。当番が少ないため。'), false);
  });
});

describe('hooks made from descriptions', () => {
  const hookOf = (description: string): string | undefined => memoryHook(parseMemoryFile('feedback_x.md', memory('x', 'feedback', JSON.stringify(description))));

  it('keeps a short description whole, on one line, with brackets escaped', () => {
    assert.equal(hookOf('Use [[math-notation]] rules\n  for every  formula.'), 'Use \\[\\[math-notation\\]\\] rules for every formula.');
  });

  it('cuts a long one at a word boundary, with an ellipsis', () => {
    const description = 'When a table cell has no measured value, leave it blank and say so in the caption; never fill it with a theoretical value, an interpolation or a value from another run, because reviewers read every cell as measured.';
    const hook = hookOf(description)!;
    assert.ok(hook.length <= 150, `${hook.length}`);
    assert.ok(hook.endsWith('…'));
    assert.ok(description.startsWith(hook.slice(0, -1)) && description[hook.length - 1] === ' ', hook);
  });

  it('writes relative dates absolute when given the context the relative-date rule counts from', () => {
    const text = memory('standup', 'feedback', 'From next week the standup starts at 10:00.', '2026-07-30T07:40:18.191Z');
    const file = parseMemoryFile('feedback_standup.md', text);
    const store = storeWith(new Map([['feedback_standup.md', text]]));
    const dates = { store, typeSet: { preset: 'claude-code' as const, types: ['feedback'] }, budget: { maxLines: 200, maxChars: 25_000 }, modifiedTime: () => undefined };
    assert.equal(memoryHook(file), 'From next week the standup starts at 10:00.');
    assert.notEqual(memoryHook(file, dates), memoryHook(file));
    assert.match(memoryHook(file, dates)!, /2026-08-0\d/);
  });
});
