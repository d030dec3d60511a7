import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as YAML from 'yaml';
import { doubleQuoted, isPlainSafe, parseMemoryFile, singleQuoted, yamlScalar } from '../../../../src/core';

/** What a reader of `version` loads for `key` from `key: <scalar>`; throws on a YAML error. */
function readBack(scalar: string, version: '1.1' | '1.2'): unknown {
  const parsed = YAML.parseDocument(`key: ${scalar}\n`, { version });
  if (parsed.errors.length > 0) throw new Error(`${version}: ${parsed.errors[0].message}`);
  return (parsed.toJS() as Record<string, unknown>).key;
}

function assertReadsBack(value: string, scalar = yamlScalar(value)): void {
  for (const version of ['1.1', '1.2'] as const) assert.equal(readBack(scalar, version), value, `${version}: ${JSON.stringify(value)} written ${scalar}`);
  // And the extension's own reader, which takes the common plain subset without the parser.
  assert.equal(parseMemoryFile('a.md', `---\nname: ${scalar}\n---\n`).frontmatter.data.name, value, `own reader: ${scalar}`);
}

// Pieces real frontmatter values are made of, and the ones that change a plain scalar's meaning.
const PIECES = [
  'a', 'Z', 'y', 'n', 'e', 'x', 'o', 'b', '0', '1', '7', '9', '_', '-', '+', '.', ' ', ':', ': ', ' #', '#', ',', '[', ']', '{', '}',
  '*', '&', '!', '%', '@', '`', '|', '>', '?', "'", '"', '\\', '~', '=', '<<', '(', ')', '\t', '\n', '\r', '\u0085', '\u2028', '\u2029',
  '\ufeff', '\u0000', '\u001b', '\u007f', '\u00a0', '\u3000', '\ud800', '\udc00', '\u{1F600}', '가', '실측', 'メモ', '日本', 'é',
  'yes', 'No', 'ON', 'off', 'true', 'False', 'null', 'NULL', '~', '.inf', '-.Inf', '.NaN', '0x1F', '0o17', '017', '0b101', '1_000',
  '1:20', '1:20:30', '1e3', '1.5', '2026-03-09', '2026-3-9', '2026-03-09T10:00:00Z', '2026-03-09 10:00:00', 'T', ' 10:00',
];

describe('yamlScalar, the one scalar writer', () => {
  it('reads back as the same string in YAML 1.1 and 1.2, whatever the string', () => {
    const pieced = fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((parts) => parts.join(''));
    const any = fc.oneof(pieced, fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 12 }));
    fc.assert(fc.property(any, (value) => assertReadsBack(value)), { numRuns: 4000 });
  });

  it('quotes what a YAML 1.1 reader (js-yaml, gray-matter) would load as a date, number, boolean or null', () => {
    for (const value of ['2026-03-09', '2026-3-9', '2026-03-09 10:00:00', 'yes', 'no', 'Y', 'n', 'on', 'OFF', 'true', 'null', '~', '017', '0o17', '0x1f', '0b101', '1_000', '1:20', '1e3', '.5', '12', '+12', '-1']) {
      assert.equal(yamlScalar(value), JSON.stringify(value), value);
      assertReadsBack(value);
    }
  });

  it('quotes indicators, comments, mappings and edge white space, and leaves prose plain', () => {
    for (const value of ['*alias', '&anchor', '!tag', '%directive', '@mention', '`code`', '- item', '? key', '[x]', '{x}', '|', '>', "'q'", '"q"', 'a #b', 'a: b', 'Deadline: Friday', 'a:b', ' lead', 'trail ', '']) {
      assert.notEqual(yamlScalar(value), value, value);
      assertReadsBack(value);
    }
    for (const value of ['feedback-report-writing', 'LaTeX ($$...$$) does not render here, so write Unicode (x², √).', '실측 데이터가 없으면 빈칸으로 남긴다.', 'コードブロックは4スペース', '2026-deadline', 'it’s 50% done, [draft]', 'yesterday']) {
      assert.equal(yamlScalar(value), value, value);
      assertReadsBack(value);
    }
  });

  it('escapes what YAML 1.1 folds or drops inside double quotes: NEL, line and paragraph separators, BOM, C1 controls', () => {
    assert.equal(doubleQuoted('a\u2028b\u0085c\ufeffd\u0080e"f\\g\nh'), '"a\\u2028b\\u0085c\\ufeffd\\u0080e\\"f\\\\g\\nh"');
    for (const value of ['a\u2028b', 'a\u0085b', 'a\u2029b', '\ufeffa', 'line\nbreak', 'tab\there']) assertReadsBack(value, doubleQuoted(value));
  });

  it('writes single quotes only for what they hold exactly', () => {
    assert.equal(singleQuoted("it's"), "'it''s'");
    assert.equal(singleQuoted('메모 "a" \\b'), '\'메모 "a" \\b\'');
    assert.equal(singleQuoted('a\nb'), undefined);
    assert.equal(singleQuoted('a\u2028b'), undefined);
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...PIECES), maxLength: 6 }), (value) => {
      const scalar = singleQuoted(value);
      if (scalar !== undefined) assertReadsBack(value, scalar);
    }), { numRuns: 1000 });
  });

  it('says plain is safe only where it is', () => {
    assert.equal(isPlainSafe('feedback'), true);
    assert.equal(isPlainSafe('2026-03-09'), false);
    assert.equal(isPlainSafe('a: b'), false);
  });
});
