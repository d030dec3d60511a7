import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  applyTextEdits, indexEntryLine, INDEX_FILE_NAME, parseMemoryIndex, planIndexEntry, ProblemCode, relativeDate, retargetIndexHref, type Problem, type RootPath, type TextEdit,
} from '../../../../src/core';
import { checkedEngine } from '../rules/ruleHelpers';

const WRITTEN = Date.UTC(2026, 2, 10, 12);

/** One `--fix` pass over `files` (the safe index-unlisted and relative-date fixes, all at once), as the CLI runs it. */
function fixPass(files: ReadonlyMap<RootPath, string>): Map<RootPath, string> {
  const engine = checkedEngine(files, { modifiedTime: () => WRITTEN, textRules: [relativeDate] });
  const edits = new Map<RootPath, TextEdit[]>();
  const problems = [...engine.allProblems()].sort((a, b) => a.path.localeCompare(b.path) || a.range.start.line - b.range.start.line);
  for (const problem of problems) {
    if (problem.code !== ProblemCode.IndexUnlisted && problem.code !== ProblemCode.RelativeDate) continue;
    const fix = problem.fixes?.find((candidate) => candidate.safe);
    for (const edit of fix?.edits ?? []) if (edit.kind === 'edit') edits.set(edit.path, [...(edits.get(edit.path) ?? []), ...edit.edits]);
  }
  const out = new Map(files);
  for (const [path, list] of edits) out.set(path, applyTextEdits(files.get(path)!, list));
  return out;
}

function problemsOf(files: ReadonlyMap<RootPath, string>): Problem[] {
  return [...checkedEngine(files, { modifiedTime: () => WRITTEN, textRules: [relativeDate] }).allProblems()];
}

describe('indexEntryLine, the one writer of index lines', () => {
  it('writes title and hook escaped for link text, on one line, byte for byte', () => {
    assert.equal(indexEntryLine('a.md', { title: 'Use [x] not \\y', description: 'see [[other]] and [docs](b.md)' }, '—'), '- [Use \\[x\\] not \\\\y](a.md) — see \\[\\[other\\]\\] and \\[docs\\](b.md)');
    assert.equal(indexEntryLine('보고서_문체.md', { title: '보고서 문체', description: '  보고서는\r\n존댓말로   쓴다  ' }, '–'), '- [보고서 문체](보고서_문체.md) – 보고서는 존댓말로 쓴다');
    assert.equal(indexEntryLine('メモ.md', { title: 'コード　ブロック', description: '4スペース\u2028で書く' }, '-'), '- [コード　ブロック](メモ.md) - 4スペース で書く');
    assert.equal(indexEntryLine('x.md', { title: 'Standup\n# Injected heading\n- [Fake](fake.md)' }, '—'), '- [Standup # Injected heading - \\[Fake\\](fake.md)](x.md)');
    assert.equal(indexEntryLine('x.md', { title: 'a\u001b]0;title\u0007b\u202eevil\u0000', description: '\u0085' }, '—'), '- [a\\]0;titlebevil](x.md)');
    assert.equal(indexEntryLine('feedback_x.md', { title: '\n\u0000 ' }, '—'), '- [feedback_x](feedback_x.md)');
  });

  it('percent-encodes bidi controls and zero-width characters in a path, and the path reads back', () => {
    // A file name holding U+202E or U+200B, written raw into MEMORY.md, makes the line display other than it reads.
    for (const hidden of ['\u202e', '\u2066', '\u200b', '\u200d', '\u2060', '\u061c', '\ufeff']) {
      const path = `project_a${hidden}dm.txt.md`;
      const line = indexEntryLine(path, { title: 'Bidi' }, '—');
      assert.ok(!line.includes(hidden), `${JSON.stringify(line)} holds ${escape(hidden)}`);
      assert.deepEqual(parseMemoryIndex(`# Index\n${line}\n`).entries.map((entry) => entry.target), [path]);
    }
  });

  it('shortens a long description to a hook near 120 characters, at a word', () => {
    const line = indexEntryLine('a.md', { title: 'A', description: 'word '.repeat(60) }, '—');
    assert.equal(line, `- [A](a.md) — ${'word '.repeat(23).trimEnd()}…`);
  });

  it('reads back as one entry with the same title, target and hook, whatever the text', () => {
    const piece = fc.constantFrom('a', ' ', '[', ']', '\\', '(', ')', '#', '\n', '\r\n', '\u2028', '\u0085', '\t', '\u001b', '\u202e', '—', '- ', '[[', ']]', '메모', 'メモ', '`');
    const text = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));
    fc.assert(fc.property(text, text, (title, description) => {
      const index = parseMemoryIndex(`# Index\n- [A](a.md) — a\n`);
      const edit = planIndexEntry(index, 'b.md', { title, description }, { indexDash: '—', eol: '\n' });
      assert.ok(edit.kind === 'edit');
      const written = parseMemoryIndex(applyTextEdits(index.text, edit.edits));
      assert.equal(written.lines.length, 3);
      assert.deepEqual(written.entries.map((entry) => entry.target), ['a.md', 'b.md']);
      const entry = written.entries[1];
      const clean = (value: string): string => value.replace(/[\s\u0085\u2028]+/g, ' ').replace(/[\u001b\u202e]/g, '').replace(/\s+/g, ' ').trim();
      assert.equal(entry.title, clean(title) || 'b');
      assert.equal(entry.hook?.replace(/\\(.)/g, '$1') ?? '', clean(description).length > 120 ? entry.hook!.replace(/\\(.)/g, '$1') : clean(description));
    }), { numRuns: 2000 });
  });

  it('writes in a CRLF index with a BOM, keeping both', () => {
    const index = parseMemoryIndex('\uFEFF# 메모리\r\n- [A](a.md) — 가\r\n');
    const edit = planIndexEntry(index, 'b.md', { title: '나', description: '다' }, { indexDash: '—', eol: '\n' });
    assert.ok(edit.kind === 'edit');
    assert.equal(applyTextEdits(index.text, edit.edits), '# 메모리\r\n- [A](a.md) — 가\r\n- [나](b.md) — 다\r\n');
  });
});

describe('index-unlisted writes a line a second --fix leaves alone', () => {
  it('a name with a line break adds one entry, no heading, and nothing on the next run', () => {
    const files = new Map([
      ['MEMORY.md', '# Memory index\n\n- [A](a.md) — a\n\n## Notes\nkept\n'],
      ['a.md', '---\nname: a\ndescription: a\ntype: user\n---\n'],
      ['feedback_standup.md', '---\nname: "Standup notes\\n# Injected\\n- [Fake](fake.md)"\ndescription: "Standup at 10\\r\\nsharp"\ntype: feedback\n---\nBody.\n'],
    ]);
    const once = fixPass(files);
    assert.equal(once.get(INDEX_FILE_NAME), '# Memory index\n\n- [A](a.md) — a\n- [Standup notes # Injected - \\[Fake\\](fake.md)](feedback_standup.md) — Standup at 10 sharp\n\n## Notes\nkept\n');
    assert.deepEqual(fixPass(once), once);
    assert.deepEqual(problemsOf(once).filter((problem) => problem.code === ProblemCode.IndexUnlisted), []);
  });

  it('a relative date in the title is written as the absolute date, as the hook’s is', () => {
    const files = new Map([
      ['MEMORY.md', '# Memory index\n- [A](a.md) — a\n'],
      ['a.md', '---\nname: a\ndescription: a\ntype: user\n---\n'],
      ['project_launch.md', '---\nname: Launch moved to next week\ndescription: The launch moved to next week\ntype: project\nmodified: 2026-03-04\n---\n'],
      ['project_ko.md', '---\nname: 내일 배포\ndescription: 내일 배포한다\ntype: project\nmodified: 2026-03-04\n---\n'],
    ]);
    const once = fixPass(files);
    assert.equal(once.get(INDEX_FILE_NAME), [
      '# Memory index',
      '- [A](a.md) — a',
      '- [2026-03-05 배포](project_ko.md) — 2026-03-05 배포한다',
      '- [Launch moved to the week of 2026-03-09](project_launch.md) — The launch moved to the week of 2026-03-09',
      '',
    ].join('\n'));
    assert.deepEqual(fixPass(once), once);
    assert.deepEqual(problemsOf(once).filter((problem) => problem.path === INDEX_FILE_NAME), []);
  });
});

describe('retargetIndexHref, the one rewriter of index links', () => {
  const entry = (line: string) => parseMemoryIndex(line).entries[0];

  it('keeps the folder as written, the fragment and the angle brackets', () => {
    assert.equal(retargetIndexHref(entry('- [A](./team/a.md#why) — x'), 'team/b.md'), './team/b.md#why');
    assert.equal(retargetIndexHref(entry('- [A](<notes/a b.md>) — x'), 'notes/c.md'), '<notes/c.md>');
    assert.equal(retargetIndexHref(entry('- [A](a.md)'), 'c d.md'), '<c d.md>');
    assert.equal(retargetIndexHref(entry('- [A](a.md)'), 'c#1.md'), 'c%231.md');
    assert.equal(retargetIndexHref(entry('- [A](./a.md)'), 'archive/a.md'), 'archive/a.md');
    assert.equal(retargetIndexHref(entry('- [메모](메모_가.md#절)'), '메모_나.md'), '메모_나.md#절');
  });

  it('serves the name-file-mismatch rename fix, byte for byte', () => {
    const files = new Map([
      ['MEMORY.md', '\uFEFF# Index\r\n- [Math](./feedback_math.md#rules) — LaTeX\r\n'],
      ['feedback_math.md', '---\r\nname: feedback-unicode-math\r\ndescription: LaTeX does not render\r\ntype: feedback\r\n---\r\n'],
    ]);
    const engine = checkedEngine(files);
    const fix = engine.problemsFor('feedback_math.md').find((problem) => problem.code === ProblemCode.NameFileMismatch)!.fixes![0];
    const indexEdit = fix.edits.find((edit) => edit.kind === 'edit' && edit.path === INDEX_FILE_NAME);
    assert.ok(indexEdit?.kind === 'edit');
    assert.equal(applyTextEdits(engine.store.index!.text, indexEdit.edits), '# Index\r\n- [Math](./feedback_unicode_math.md#rules) — LaTeX\r\n');
  });
});
