import * as assert from 'node:assert/strict';
import { parseMemoryIndex } from '../../../src/core';
import { readFixtureRoot } from '../helpers/fixtures';

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
