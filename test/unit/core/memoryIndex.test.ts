import * as assert from 'node:assert/strict';
import { parseMemoryIndex } from '../../../src/core';
import { readFixtureRoot } from '../helpers/fixtures';
import { assertLinearTime } from '../helpers/linearTime';

describe('parseMemoryIndex', () => {
  const index = parseMemoryIndex(readFixtureRoot('mixed').get('MEMORY.md')!);

  it('reads entries with any of the three dashes, Korean titles and hooks', () => {
    assert.deepEqual(
      index.entries.map((entry) => [entry.line, entry.title, entry.target, entry.hook]),
      [
        [2, '사용자 프로필', 'user_profile.md', '<org>의 학부 2학년, 실험 보고서와 웹앱을 함께 진행'],
        [3, 'Math notation', 'feedback_math_notation.md', "LaTeX doesn't render here; write Unicode math"],
        [4, '데이터 조작 금지', 'feedback_no_data_fabrication.md', '실측값이 없으면 빈칸, 추정값 생성 금지'],
        [5, 'Docx delivery', 'project_docx_delivery.md', 'reports ship as .docx, never PDF'],
        [6, 'Lab drive', 'reference_lab_drive.md', 'where raw measurements live'],
        [7, 'Team rules', 'team/project_team_rules.md', 'shared team conventions'],
        [8, 'Gone', 'feedback_deleted.md', 'points at a file that no longer exists'],
      ],
    );
  });

  it('keeps the other lines with their kind', () => {
    assert.deepEqual(
      index.lines.filter((line) => line.kind !== 'entry').map((line) => [line.line, line.kind]),
      [[0, 'heading'], [1, 'blank'], [9, 'malformed']],
    );
    assert.equal(index.lines.length, 10);
  });

  it('records exact ranges for title, path and hook', () => {
    const entry = index.entries[0];
    assert.deepEqual(entry.titleRange, { start: { line: 2, character: 3 }, end: { line: 2, character: 10 } });
    assert.deepEqual(entry.hrefRange, { start: { line: 2, character: 12 }, end: { line: 2, character: 27 } });
    assert.equal(entry.hookRange!.start.character, 31);
  });

  it('resolves a plain file name to itself and leaves what is not a file in the root unresolved', () => {
    const hrefs = ['feedback_testing.md', 'プロジェクト_締切.md', '.', '..', '', 'note.md#why', 'C:\\notes\\a.md', 'mailto:x@y.z', '/abs.md', 'a%2Fb.md', 'sub\\c.md'];
    const parsed = parseMemoryIndex(hrefs.map((href, i) => `- [E${i}](${href}) — hook`).join('\n'));
    assert.deepEqual(parsed.entries.map((entry) => entry.target), ['feedback_testing.md', 'プロジェクト_締切.md', undefined, undefined, undefined, 'note.md', undefined, undefined, undefined, 'a/b.md', 'sub/c.md']);
    assert.deepEqual(parsed.links.map((link) => link.target), parsed.entries.map((entry) => entry.target));
  });

  it('handles CRLF, a BOM, angle-bracket and percent-encoded paths, and entries without a hook', () => {
    const parsed = parseMemoryIndex('\uFEFF- [A](<my notes.md>) — a\r\n- [B](./sub/b%20c.md)\r\n* [C](../outside.md) - c\r\n- [D](https://x.y/z.md) - d\r\n');
    assert.equal(parsed.hasBom, true);
    assert.equal(parsed.eol, '\r\n');
    assert.deepEqual(parsed.entries.map((entry) => entry.target), ['my notes.md', 'sub/b c.md', undefined, undefined]);
    assert.equal(parsed.entries[1].hook, undefined);
    // Positions count from after the BOM, as the editor shows the line.
    assert.deepEqual(parsed.entries[0].titleRange.start, { line: 0, character: 3 });
  });

  it('reads numbered entries as entries', () => {
    const parsed = parseMemoryIndex('1. [User profile](user_profile.md) — who\n2) [Docs](docs.md)\n10. notes.md without a link\n');
    assert.deepEqual(parsed.entries.map((entry) => [entry.title, entry.target, entry.hook]), [['User profile', 'user_profile.md', 'who'], ['Docs', 'docs.md', undefined]]);
    assert.deepEqual(parsed.entries[0].titleRange.start, { line: 0, character: 4 });
    assert.equal(parsed.lines[2].kind, 'malformed');
  });

  it('measures the load budget as Claude Code does: JavaScript string length after trimming', () => {
    const parsed = parseMemoryIndex('\n- [메모](m.md) — 한국어 설명\n\n');
    assert.equal(parsed.loadedLength, '- [메모](m.md) — 한국어 설명'.length);
  });

  it('counts lines without a trailing empty line, as an editor shows them', () => {
    assert.equal(parseMemoryIndex('a\nb\n').lines.length, 2);
    assert.equal(parseMemoryIndex('').lines.length, 1);
  });
});

describe('parseMemoryIndex on real index shapes', () => {
  it('reads bold entries and a colon before the hook as entries, and every link as a link', () => {
    const parsed = parseMemoryIndex([
      '- **[Testing](feedback_testing.md) — real database**',
      '- **[Commit](feedback_commit.md)** — conventional commits',
      '- [Role](user_role.md): backend engineer',
      'Details: [infra.md](./infra.md) and [site](https://example.com/a.md)',
      '| [Budget](<project budget.md>) | cap |',
      '[owner]: ./user_owner.md',
    ].join('\n'));
    assert.deepEqual(parsed.entries.map((entry) => [entry.title, entry.target, entry.hook]), [
      ['Testing', 'feedback_testing.md', 'real database'],
      ['Commit', 'feedback_commit.md', 'conventional commits'],
      ['Role', 'user_role.md', 'backend engineer'],
    ]);
    assert.deepEqual(parsed.links.map((link) => [link.line, link.target]), [
      [0, 'feedback_testing.md'], [1, 'feedback_commit.md'], [2, 'user_role.md'], [3, 'infra.md'], [3, undefined], [4, 'project budget.md'], [5, 'user_owner.md'],
    ]);
    assert.deepEqual(parsed.entries[0].hookRange, { start: { line: 0, character: 37 }, end: { line: 0, character: 50 } });
  });

  it('keeps a bullet with a broken link or a bare file name malformed, and one with a working link in prose as text', () => {
    const parsed = parseMemoryIndex('- [A](a.md\n- notes in b.md\n- See [C](c.md) for details\n');
    assert.deepEqual(parsed.lines.map((line) => line.kind), ['malformed', 'malformed', 'text']);
  });

  it('takes time linear in the text on the shapes that made the old entry pattern quadratic', function () {
    this.timeout(60_000);
    const shapes: [string, (size: number) => string, number][] = [
      ['an entry followed by spaces', (size) => `- [A](a.md) — ${' '.repeat(size)}x`, 5],
      ['an entry followed by spaces, no dash', (size) => `- [A](a.md)${' '.repeat(size)}x`, 5],
      ['a title of escapes', (size) => `- [${'\\['.repeat(size / 2)}`, 5],
      ['runs of ](', (size) => `- [a${'](a'.repeat(size / 3)}`, 5],
      ['runs of ](<', (size) => `x${'](<a'.repeat(size / 4)}`, 5],
      ['an unclosed reference definition', (size) => `[${'a'.repeat(size)}`, 5],
      ['many entry lines', (size) => `- [A](a.md) — ${'h'.repeat(80)}\n`.repeat(size / 95), 1],
    ];
    for (const [name, make, repeat] of shapes) {
      // The helper warms up on the small input only; one large run first keeps a first-time JIT tier-up
      // out of the ratio. A one-line parse takes a millisecond or two, as long as one stall of a loaded
      // machine: such a run parses five times, and a shape gets three tries. A quadratic parser is 16x on
      // every one of them.
      parseMemoryIndex(make(1_000_000));
      const parseRepeatedly = (input: string): void => {
        for (let i = 0; i < repeat; i++) parseMemoryIndex(input);
      };
      let failure: unknown;
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          assertLinearTime(`parseMemoryIndex: ${name}`, make, parseRepeatedly);
          failure = undefined;
          break;
        } catch (error) {
          failure = error;
        }
      }
      if (failure) throw failure;
    }
  });

  it('takes no entry or link from a fenced code block: an example entry lists nothing (ko/ja/en)', () => {
    const parsed = parseMemoryIndex([
      '# 메모리',
      '- [테스트 원칙](feedback_testing.md) — 실제 VS Code에서 확인',
      '',
      '항목 예시:',
      '```md',
      '- [Title](file.md) — hook',
      '[[example-link]] and [例](例.md)',
      '```',
      '~~~',
      '- [インフラ](infra.md) — ポート',
      '~~~',
      '- [Deploys](project_deploys.md) — main only',
      '',
    ].join('\n'));
    assert.deepEqual(parsed.entries.map((entry) => entry.target), ['feedback_testing.md', 'project_deploys.md']);
    assert.deepEqual(parsed.links.map((link) => link.target), ['feedback_testing.md', 'project_deploys.md']);
    assert.deepEqual(parsed.lines.slice(4, 11).map((line) => line.kind), ['text', 'text', 'text', 'text', 'text', 'text', 'text']);
  });
});
