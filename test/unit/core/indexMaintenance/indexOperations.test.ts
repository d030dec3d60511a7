import * as assert from 'node:assert/strict';
import {
  addUnlistedEntries, CLAUDE_CODE_TYPES, DEFAULT_INDEX_BUDGET, memoryModifiedTime, rebuildIndex, removeEntryLines,
  removeMissingEntries, sortIndex, updateHooks, type IndexOperationOptions,
} from '../../../../src/core';
import { afterEdit, memory, MEMORIES, storeWith } from './fixtureRoot';

const options: IndexOperationOptions = { types: CLAUDE_CODE_TYPES, limits: DEFAULT_INDEX_BUDGET, modifiedTime: (m) => memoryModifiedTime(m, undefined) };
const lines = (...text: string[]): string => text.join('\n') + '\n';

function run(index: string, operation: (store: ReturnType<typeof storeWith>) => ReturnType<typeof updateHooks>, files = MEMORIES): string {
  const store = storeWith(files, index);
  return afterEdit(index, operation(store));
}

describe('index operations', () => {
  describe('add unlisted memories', () => {
    const index = lines(
      '# Memory index',
      '',
      '- [Math notation](feedback_math_notation.md) — LaTeX does not render; write formulas in Unicode',
      '- [Profile](user_profile.md) — circuits lab graduate student',
      '',
      'Keep this file short: only the first 200 lines load.',
    );

    it('adds each with its description as hook, after the last entry, by type, notes staying below', () => {
      assert.equal(run(index, (store) => addUnlistedEntries(store.index, store, options)), lines(
        '# Memory index',
        '',
        '- [Math notation](feedback_math_notation.md) — LaTeX does not render; write formulas in Unicode',
        '- [Profile](user_profile.md) — circuits lab graduate student',
        '- [Standup time](feedback_standup_time.md) — The lab standup starts at 10:00 in room 301 since 2026-07-01; schedule nothing before 10:30.',
        '- [Docx delivery](project_docx_delivery.md) — 보고서는 매주 금요일 17:00까지 docx로 김 교수님께 보낸다. PDF는 받지 않는다.',
        '- [Lab drive](reference_lab_drive.md) — 実験データは共有ドライブの /lab/2026/raw に置く。ファイル名は日付_装置名_番号。',
        '',
        'Keep this file short: only the first 200 lines load.',
      ));
    });

    it('inserts where Claude Code still reads them, not after the cut', () => {
      const long = ['# Memory index', ...Array.from({ length: 199 }, (_, i) => `- [Run ${i}](project_run_${i}.md) — run ${i}`), '- [Profile](user_profile.md) — past the cut'];
      const text = long.join('\r\n');
      const result = run(text, (store) => addUnlistedEntries(store.index, store, { ...options, types: ['reference'] }), new Map([...MEMORIES].filter(([path]) => path.startsWith('reference') || path.startsWith('user'))));
      assert.equal(result, [...long.slice(0, 199), '- [Lab drive](reference_lab_drive.md) — 実験データは共有ドライブの /lab/2026/raw に置く。ファイル名は日付_装置名_番号。', ...long.slice(199)].join('\r\n'));
    });

    it('keeps a BOM, CRLF line breaks and a numbered list counting', () => {
      const text = '\uFEFF# 색인\r\n\r\n1. [Math](feedback_math_notation.md) — formulas in Unicode\r\n2. [Profile](user_profile.md)\r\n';
      const files = new Map([...MEMORIES].filter(([path]) => !path.startsWith('project') && !path.startsWith('reference')));
      assert.equal(run(text, (store) => addUnlistedEntries(store.index, store, options), files),
        '\uFEFF# 색인\r\n\r\n1. [Math](feedback_math_notation.md) — formulas in Unicode\r\n2. [Profile](user_profile.md)\r\n3. [Standup time](feedback_standup_time.md) — The lab standup starts at 10:00 in room 301 since 2026-07-01; schedule nothing before 10:30.\r\n');
    });

    it('creates MEMORY.md holding them when the root has none', () => {
      const store = storeWith(new Map([...MEMORIES].slice(0, 2)));
      assert.deepEqual(addUnlistedEntries(undefined, store, options), {
        kind: 'create',
        path: 'MEMORY.md',
        content: lines(
          '# Memory index',
          '',
          '- [Math notation](feedback_math_notation.md) — LaTeX ($$...$$) does not render here, so write formulas in Unicode (x², √, ≤).',
          '- [Standup time](feedback_standup_time.md) — The lab standup starts at 10:00 in room 301 since 2026-07-01; schedule nothing before 10:30.',
        ),
      });
    });
  });

  describe('remove entries whose file is missing', () => {
    it('removes neighbouring lines and a last line without a final break, keeping CRLF', () => {
      const text = ['# Index', '- [Math](feedback_math_notation.md)', '- [Gone](project_gone.md) — x', '- [Also gone](project_old.md) — y', '- [Profile](user_profile.md)', '- [Last](feedback_removed.md)'].join('\r\n');
      assert.equal(run(text, (store) => removeMissingEntries(store.index!, store)), ['# Index', '- [Math](feedback_math_notation.md)', '- [Profile](user_profile.md)'].join('\r\n'));
    });

    it('removes a duplicate line picked from its lens and nothing else', () => {
      const text = lines('- [Math](feedback_math_notation.md) — a', '- [Math](feedback_math_notation.md) — a');
      assert.equal(run(text, (store) => removeEntryLines(store.index!, [1])), lines('- [Math](feedback_math_notation.md) — a'));
    });
  });

  describe('update hooks from descriptions', () => {
    const index = lines(
      '- [Math](feedback_math_notation.md) — LaTeX does not render; write formulas in Unicode',
      '- [Standup](feedback_standup_time.md) — standup at 09:00 in room 301',
      '- [Profile](user_profile.md)',
    );

    it('edits the one changed fact of a drifted hook and fills missing hooks, leaving hooks a person shortened by hand (issue #40: the whole hook was replaced)', () => {
      assert.equal(run(index, (store) => updateHooks(store.index!, store)), lines(
        '- [Math](feedback_math_notation.md) — LaTeX does not render; write formulas in Unicode',
        '- [Standup](feedback_standup_time.md) — standup at 10:00 in room 301',
        '- [Profile](user_profile.md) — Graduate student in the circuits lab; prefers answers in Korean with English terms kept as written.',
      ));
    });

    it('edits only the changed fact of a picked drifted hook, keeping what the hook says beyond the description, in three languages', () => {
      const files = new Map([
        ['project_payments.md', memory('payments-owner', 'project', 'Priya owns the payments API.')],
        ['project_release.md', memory('release-day', 'project', '배포 회의는 금요일 14:00에 연다.')],
        ['project_deadline.md', memory('deadline', 'project', '決済APIの担当はプリヤ。')],
      ]);
      const text = lines(
        '- [Payments](project_payments.md) — Dana owns the payments API (on-call rota in the wiki, escalate after 30 min)',
        '- [배포 회의](project_release.md) — 배포 회의는 목요일 14:00, 회의록은 노션에',
        '- [担当](project_deadline.md) — 決済APIの担当はダナ（休暇中は佐藤さん）',
      );
      assert.equal(run(text, (store) => updateHooks(store.index!, store, { lines: [0, 1, 2] }), files), lines(
        '- [Payments](project_payments.md) — Priya owns the payments API (on-call rota in the wiki, escalate after 30 min)',
        '- [배포 회의](project_release.md) — 배포 회의는 금요일 14:00, 회의록은 노션에',
        '- [担当](project_deadline.md) — 決済APIの担当はプリヤ（休暇中は佐藤さん）',
      ));
    });

    it('rewrites exactly the picked lines when asked', () => {
      assert.equal(run(index, (store) => updateHooks(store.index!, store, { lines: [0] })), lines(
        '- [Math](feedback_math_notation.md) — LaTeX ($$...$$) does not render here, so write formulas in Unicode (x², √, ≤).',
        '- [Standup](feedback_standup_time.md) — standup at 09:00 in room 301',
        '- [Profile](user_profile.md)',
      ));
    });
  });

  describe('sort', () => {
    const index = lines(
      '# Memory index',
      '',
      '- [Lab drive](reference_lab_drive.md) — 共有ドライブ',
      '- [Standup](feedback_standup_time.md) — 10:00, room 301',
      '  - rescheduled twice in 2026',
      '- [Profile](user_profile.md) — circuits lab',
      '',
      'Projects run until the thesis is in:',
      '1. [Gone](project_gone.md) — missing file',
      '2. [Docx](project_docx_delivery.md) — 금요일 17:00',
      '3. [Math](feedback_math_notation.md) — Unicode formulas',
    );

    it('by type in the configured order, each list in its place, nested lines moving with their entry', () => {
      assert.equal(run(index, (store) => sortIndex(store.index!, store, 'type', options)), lines(
        '# Memory index',
        '',
        '- [Profile](user_profile.md) — circuits lab',
        '- [Standup](feedback_standup_time.md) — 10:00, room 301',
        '  - rescheduled twice in 2026',
        '- [Lab drive](reference_lab_drive.md) — 共有ドライブ',
        '',
        'Projects run until the thesis is in:',
        '1. [Math](feedback_math_notation.md) — Unicode formulas',
        '2. [Docx](project_docx_delivery.md) — 금요일 17:00',
        '3. [Gone](project_gone.md) — missing file',
      ));
    });

    it('by recency, newest first, from the modified date in the frontmatter', () => {
      assert.equal(run(index, (store) => sortIndex(store.index!, store, 'recency', options)), lines(
        '# Memory index',
        '',
        '- [Standup](feedback_standup_time.md) — 10:00, room 301',
        '  - rescheduled twice in 2026',
        '- [Lab drive](reference_lab_drive.md) — 共有ドライブ',
        '- [Profile](user_profile.md) — circuits lab',
        '',
        'Projects run until the thesis is in:',
        '1. [Docx](project_docx_delivery.md) — 금요일 17:00',
        '2. [Math](feedback_math_notation.md) — Unicode formulas',
        '3. [Gone](project_gone.md) — missing file',
      ));
    });

    it('changes nothing in a sorted index', () => {
      const sorted = run(index, (store) => sortIndex(store.index!, store, 'type', options));
      const store = storeWith(MEMORIES, sorted);
      assert.equal(sortIndex(store.index!, store, 'type', options), undefined);
    });

    it('falls back to the file time for a memory without a modified date', () => {
      const files = new Map([
        ['feedback_a.md', '---\nname: a\ndescription: first\ntype: feedback\n---\n'],
        ['feedback_b.md', '---\nname: b\ndescription: second\ntype: feedback\n---\n'],
      ]);
      const text = lines('- [A](feedback_a.md)', '- [B](feedback_b.md)');
      const times: Record<string, number> = { 'feedback_a.md': 1, 'feedback_b.md': 2 };
      assert.equal(run(text, (store) => sortIndex(store.index!, store, 'recency', { ...options, modifiedTime: (m) => memoryModifiedTime(m, times[m.path]) }), files),
        lines('- [B](feedback_b.md)', '- [A](feedback_a.md)'));
    });
  });

  describe('rebuild', () => {
    it('drops missing and second listings, adds the unlisted, and keeps everything a person wrote', () => {
      const text = '\uFEFF' + [
        '# 메모리',
        'Read me first.',
        '- [수식 표기](feedback_math_notation.md) — 유니코드로 쓴다',
        '- [Gone](project_gone.md) — missing',
        '## 참고',
        '- [Profile](user_profile.md) — 연구실 대학원생',
        '- [수식 표기](feedback_math_notation.md) — again',
        '',
        '_Updated by hand._',
      ].join('\r\n');
      assert.equal(run(text, (store) => rebuildIndex(store.index, store, options)), '\uFEFF' + [
        '# 메모리',
        'Read me first.',
        '- [수식 표기](feedback_math_notation.md) — 유니코드로 쓴다',
        '## 참고',
        '- [Profile](user_profile.md) — 연구실 대학원생',
        '- [Standup time](feedback_standup_time.md) — The lab standup starts at 10:00 in room 301 since 2026-07-01; schedule nothing before 10:30.',
        '- [Docx delivery](project_docx_delivery.md) — 보고서는 매주 금요일 17:00까지 docx로 김 교수님께 보낸다. PDF는 받지 않는다.',
        '- [Lab drive](reference_lab_drive.md) — 実験データは共有ドライブの /lab/2026/raw に置く。ファイル名は日付_装置名_番号。',
        '',
        '_Updated by hand._',
      ].join('\r\n'));
    });

    it('adds after the last entry that stays when the last one goes, at the end of a file without a final break', () => {
      const text = ['# Index', '- [Profile](user_profile.md) — lab', '- [Gone](project_gone.md)'].join('\n');
      const files = new Map([...MEMORIES].filter(([path]) => path === 'user_profile.md' || path === 'reference_lab_drive.md'));
      assert.equal(run(text, (store) => rebuildIndex(store.index, store, options), files),
        ['# Index', '- [Profile](user_profile.md) — lab', '- [Lab drive](reference_lab_drive.md) — 実験データは共有ドライブの /lab/2026/raw に置く。ファイル名は日付_装置名_番号。'].join('\n'));
    });

    it('creates MEMORY.md for a root without one, untyped memories last', () => {
      const files = new Map([['notes_untyped.md', memory('lab-wifi', 'note', 'The guest Wi-Fi blocks port 22; use eduroam for SSH.')], ...[...MEMORIES].slice(4)]);
      const edit = rebuildIndex(undefined, storeWith(files), options);
      assert.deepEqual(edit, { kind: 'create', path: 'MEMORY.md', content: lines(
        '# Memory index',
        '',
        '- [Profile](user_profile.md) — Graduate student in the circuits lab; prefers answers in Korean with English terms kept as written.',
        '- [Lab wifi](notes_untyped.md) — The guest Wi-Fi blocks port 22; use eduroam for SSH.',
      ) });
    });
  });
});
