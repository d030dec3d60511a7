import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyTextEdits, frontmatterEntries, parseMemoryFile, planFieldValue, type FieldEditResult } from '../../../src/core';

/** The bytes after setting `path` to `value`, BOM kept as a save would keep it; throws on a refusal. */
function set(bytes: string, path: string, value: string, file = 'memory.md'): string {
  const memory = parseMemoryFile(file, bytes);
  const result = planFieldValue(memory, path, value);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return (memory.hasBom ? '\ufeff' : '') + applyTextEdits(memory.text, result.edits);
}

function refusal(bytes: string, path: string, value: string): FieldEditResult {
  return planFieldValue(parseMemoryFile('memory.md', bytes), path, value);
}

// Claude Code's current shape: type under metadata, a description wrapped over two lines by the writer.
const NESTED = [
  '---',
  'name: feedback-math-notation',
  'description: "LaTeX ($$...$$) does',
  '  not render in the chat panel, so write formulas as Unicode"',
  'metadata:',
  '  type: feedback',
  '  originSessionId: 0b3c9f2e-1d2a-4c1b-9a77-2f5d8e1c3a40',
  '  modified: 2026-07-30T07:40:18.191Z',
  '---',
  '',
  'Use x², ≤ and → instead of LaTeX. See [[user-prefers-plain-text]].',
  '',
].join('\n');

// The older flat shape, written on Windows, with a hand-written comment and a single-quoted value.
const FLAT_CRLF = [
  '---',
  '# checked by hand on 2026-06-02',
  'name: testing   # the slug links use',
  "description: 'Integration tests hit a real database, not mocks'",
  'type: feedback',
  '---',
  'Reason: the mocked tests passed while the 2026-05 migration broke production.',
  '',
].join('\r\n');

const KOREAN_BOM = '\ufeff---\nname: deploy-freeze\ndescription: 금요일 오후에는 배포하지 않는다\ntype: project\n---\n배포 동결은 [[release-checklist]] 참고.\n';

const JAPANESE_BLOCK = [
  '---',
  'name: code-review',
  'description: >-',
  '  レビューでは設計の意図を先に書く',
  'type: feedback',
  '---',
  '「なぜ」を一行目に書くこと。',
  '',
].join('\n');

describe('planFieldValue: byte-exact minimal edits', () => {
  describe('nested shape (metadata.type)', () => {
    it('replaces the name and nothing else', () => {
      assert.equal(set(NESTED, 'name', 'feedback-plain-math'), NESTED.replace('name: feedback-math-notation', 'name: feedback-plain-math'));
    });

    it('rewrites a description wrapped over two lines as one double-quoted line, keeping its quotes', () => {
      const expected = NESTED.replace('"LaTeX ($$...$$) does\n  not render in the chat panel, so write formulas as Unicode"', '"LaTeX does not render in chat: write Unicode"');
      assert.equal(set(NESTED, 'description', 'LaTeX does not render in chat: write Unicode'), expected);
    });

    it('writes type where the file keeps it, under metadata', () => {
      assert.equal(set(NESTED, 'type', 'project'), NESTED.replace('  type: feedback', '  type: project'));
      assert.equal(set(NESTED, 'metadata.type', 'reference'), NESTED.replace('  type: feedback', '  type: reference'));
    });

    it('edits a nested key as text', () => {
      assert.equal(set(NESTED, 'metadata.originSessionId', 'a41c-77'), NESTED.replace('0b3c9f2e-1d2a-4c1b-9a77-2f5d8e1c3a40', 'a41c-77'));
      // A timestamp stays a string: it is quoted because some YAML readers would make it a date.
      assert.equal(set(NESTED, 'metadata.modified', '2026-08-01T09:00:00.000Z'), NESTED.replace('2026-07-30T07:40:18.191Z', '"2026-08-01T09:00:00.000Z"'));
    });

    it('adds a nested key at the end of metadata, at its indentation', () => {
      assert.equal(set(NESTED, 'metadata.reviewedBy', 'ana'), NESTED.replace('  modified: 2026-07-30T07:40:18.191Z\n', '  modified: 2026-07-30T07:40:18.191Z\n  reviewedBy: ana\n'));
    });

    it('adds a top-level key at the end of the frontmatter', () => {
      assert.equal(set(NESTED, 'source', 'chat'), NESTED.replace('2026-07-30T07:40:18.191Z\n---', '2026-07-30T07:40:18.191Z\nsource: chat\n---'));
    });

    it('adds type under metadata when the file has metadata but no type', () => {
      const untyped = NESTED.replace('  type: feedback\n', '');
      assert.equal(set(untyped, 'type', 'feedback'), untyped.replace('metadata:\n', 'metadata:\n  type: feedback\n'));
    });
  });

  describe('flat shape, CRLF, comments', () => {
    it('keeps the comment after a replaced value and every CRLF', () => {
      assert.equal(set(FLAT_CRLF, 'name', 'feedback-testing'), FLAT_CRLF.replace('name: testing   #', 'name: feedback-testing   #'));
    });

    it("keeps single quotes, doubling an apostrophe", () => {
      assert.equal(set(FLAT_CRLF, 'description', "Don't mock the database in integration tests"), FLAT_CRLF.replace("'Integration tests hit a real database, not mocks'", "'Don''t mock the database in integration tests'"));
    });

    it('replaces a plain type', () => {
      assert.equal(set(FLAT_CRLF, 'type', 'project'), FLAT_CRLF.replace('type: feedback', 'type: project'));
    });

    it('adds a key with the file\'s CRLF', () => {
      assert.equal(set(FLAT_CRLF, 'source', 'review'), FLAT_CRLF.replace('type: feedback\r\n---', 'type: feedback\r\nsource: review\r\n---'));
    });

    it('adds metadata with its first key when the file has none', () => {
      assert.equal(set(FLAT_CRLF, 'metadata.originSessionId', 'c0ffee'), FLAT_CRLF.replace('type: feedback\r\n---', 'type: feedback\r\nmetadata:\r\n  originSessionId: c0ffee\r\n---'));
    });
  });

  describe('Korean with a BOM', () => {
    it('keeps the BOM and writes Korean plain', () => {
      assert.equal(set(KOREAN_BOM, 'description', '금요일 오후 배포 금지'), KOREAN_BOM.replace('금요일 오후에는 배포하지 않는다', '금요일 오후 배포 금지'));
    });

    it('quotes a value whose ": " YAML would read as a nested map (the most common break in real folders)', () => {
      assert.equal(set(KOREAN_BOM, 'description', '배포 전 확인: 스테이징 통과'), KOREAN_BOM.replace('금요일 오후에는 배포하지 않는다', '"배포 전 확인: 스테이징 통과"'));
    });

    it('quotes what YAML would read as a boolean, a number or a comment', () => {
      assert.equal(set(KOREAN_BOM, 'description', 'yes'), KOREAN_BOM.replace('금요일 오후에는 배포하지 않는다', '"yes"'));
      assert.equal(set(KOREAN_BOM, 'description', '2026'), KOREAN_BOM.replace('금요일 오후에는 배포하지 않는다', '"2026"'));
      assert.equal(set(KOREAN_BOM, 'description', '# 메모'), KOREAN_BOM.replace('금요일 오후에는 배포하지 않는다', '"# 메모"'));
    });
  });

  describe('Japanese block scalars', () => {
    it('keeps the folded block style and its indentation', () => {
      assert.equal(set(JAPANESE_BLOCK, 'description', '設計の意図を最初に書く'), JAPANESE_BLOCK.replace('  レビューでは設計の意図を先に書く', '  設計の意図を最初に書く'));
    });

    it('keeps a literal block with its final line break', () => {
      const literal = '---\nname: shell-notes\ndescription: |\n  ログは UTC で書く\ntype: reference\n---\n本文\n';
      assert.equal(set(literal, 'description', 'ログは JST ではなく UTC\n'), literal.replace('  ログは UTC で書く\n', '  ログは JST ではなく UTC\n'));
    });

    it('leaves a block style whose chomping cannot say the value and double-quotes instead', () => {
      // `>-` strips the final line break, so a value ending in one cannot be written in that style.
      assert.equal(set(JAPANESE_BLOCK, 'description', '設計\n'), JAPANESE_BLOCK.replace('>-\n  レビューでは設計の意図を先に書く\n', '"設計\\n"\n'));
    });
  });

  describe('missing and empty keys', () => {
    const nameOnly = '---\nname: user-timezone\n---\nAna works from Seoul (UTC+9).\n';

    it('inserts description after name and type after description', () => {
      const withDescription = set(nameOnly, 'description', 'Ana is in Seoul, UTC+9');
      assert.equal(withDescription, '---\nname: user-timezone\ndescription: Ana is in Seoul, UTC+9\n---\nAna works from Seoul (UTC+9).\n');
      assert.equal(set(withDescription, 'type', 'user'), '---\nname: user-timezone\ndescription: Ana is in Seoul, UTC+9\ntype: user\n---\nAna works from Seoul (UTC+9).\n');
    });

    it('fills an empty value with its separating space', () => {
      assert.equal(set('---\nname: a\ntype:\n---\n', 'type', 'user'), '---\nname: a\ntype: user\n---\n');
    });

    it('writes into an empty frontmatter', () => {
      assert.equal(set('---\n---\nbody\n', 'name', 'user-role'), '---\nname: user-role\n---\nbody\n');
    });

    it('changes nothing when the value is already there', () => {
      const result = planFieldValue(parseMemoryFile('m.md', NESTED), 'metadata.type', 'feedback');
      assert.deepEqual(result, { ok: true, edits: [] });
    });
  });

  describe('non-text scalars', () => {
    const numbered = '---\nname: retry-budget\npriority: 3\npinned: false\n---\n';

    it('keeps a number a number and a boolean a boolean when the new text is one', () => {
      assert.equal(set(numbered, 'priority', '4'), numbered.replace('priority: 3', 'priority: 4'));
      assert.equal(set(numbered, 'pinned', 'true'), numbered.replace('pinned: false', 'pinned: true'));
    });

    it('writes text typed over a number as text', () => {
      assert.equal(set(numbered, 'priority', 'high'), numbered.replace('priority: 3', 'priority: high'));
      assert.equal(set(numbered, 'priority', '3.0'), numbered.replace('priority: 3', 'priority: "3.0"'));
    });

    it('writes a value with a line break double-quoted', () => {
      assert.equal(set(numbered, 'name', 'a\nb'), numbered.replace('name: retry-budget', 'name: "a\\nb"'));
    });
  });

  describe('refusals', () => {
    it('never edits a frontmatter that does not parse', () => {
      const broken = '---\nname: deploy\ndescription: Note: staging first: always\ntype: project\n---\n';
      const unterminated = '---\nname: deploy\ndescription: staging first\n';
      for (const text of [broken, unterminated, 'no frontmatter here\n']) {
        for (const path of ['name', 'description', 'type', 'metadata.type', 'source']) {
          assert.deepEqual(refusal(text, path, 'x'), { ok: false, reason: 'frontmatter-invalid' }, `${path} in ${JSON.stringify(text)}`);
        }
      }
    });

    it('refuses to replace a list or a map with text, and keys that are not words', () => {
      const listed = '---\nname: a\ntags: [ops, deploy]\nmetadata:\n  type: user\n---\n';
      assert.deepEqual(refusal(listed, 'tags', 'ops'), { ok: false, reason: 'not-editable' });
      assert.deepEqual(refusal(listed, 'metadata', 'x'), { ok: false, reason: 'not-editable' });
      assert.deepEqual(refusal(listed, 'bad key', 'x'), { ok: false, reason: 'invalid-key' });
      assert.deepEqual(refusal(listed, 'a.b.c', 'x'), { ok: false, reason: 'invalid-key' });
    });

    it('refuses to add a key under a flow map rather than break it', () => {
      assert.deepEqual(refusal('---\nname: a\nmetadata: {type: user}\n---\n', 'metadata.originSessionId', 'x'), { ok: false, reason: 'unsafe' });
    });
  });

  it('reads back any string exactly, every other key unchanged (fast-check)', () => {
    fc.assert(fc.property(fc.constantFrom(NESTED, FLAT_CRLF, KOREAN_BOM, JAPANESE_BLOCK), fc.constantFrom('name', 'description', 'type', 'metadata.originSessionId', 'source'), fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 })), (text, path, value) => {
      const memory = parseMemoryFile('m.md', text);
      const result = planFieldValue(memory, path, value);
      assert.ok(result.ok, `refused ${JSON.stringify(value)} for ${path}`);
      const after = parseMemoryFile('m.md', applyTextEdits(memory.text, result.edits));
      const entry = frontmatterEntries(after).find((e) => e.path === (path === 'type' && after.typeLocation === 'metadata' ? 'metadata.type' : path));
      assert.equal(entry?.value, value);
      assert.equal(after.text.slice(after.frontmatter.bodyStart), memory.text.slice(memory.frontmatter.bodyStart));
    }), { numRuns: 300 });
  });
});

describe('frontmatterEntries', () => {
  it('lists every key in file order, nested ones by their path', () => {
    const entries = frontmatterEntries(parseMemoryFile('m.md', NESTED));
    assert.deepEqual(entries.map((e) => [e.path, e.kind, e.editable]), [
      ['name', 'text', true],
      ['description', 'text', true],
      ['metadata', 'map', false],
      ['metadata.type', 'text', true],
      ['metadata.originSessionId', 'text', true],
      ['metadata.modified', 'text', true],
    ]);
    assert.equal(entries[1].value, 'LaTeX ($$...$$) does not render in the chat panel, so write formulas as Unicode');
  });

  it('shows a list by its source text', () => {
    const entries = frontmatterEntries(parseMemoryFile('m.md', '---\nname: a\ntags: [ops, deploy]\n---\n'));
    assert.deepEqual(entries[1], { path: 'tags', kind: 'list', value: '[ops, deploy]', editable: false, line: 2 });
  });
});
