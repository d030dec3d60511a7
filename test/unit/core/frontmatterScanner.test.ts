import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { isMap, isScalar, parseDocument, type Node as YamlNode, type YAMLMap } from 'yaml';
import { LineIndex, parseFrontmatter, type FieldLocation } from '../../../src/core';
import { scanFrontmatter, type ScannedField, type ScannedFrontmatter } from '../../../src/core/frontmatterScanner';

interface Reference {
  readonly data: Record<string, unknown>;
  readonly fields: ScannedField[];
}

/** What the full parser makes of `yaml`, in the scanner's terms; undefined when it reports errors. */
function viaYaml(yaml: string): Reference | 'not-a-map' | undefined {
  const document = parseDocument(yaml, { prettyErrors: false, uniqueKeys: true });
  if (document.errors.length > 0) return undefined;
  if (document.contents !== null && !isMap(document.contents)) return 'not-a-map';
  const fields: ScannedField[] = [];
  const walk = (map: YAMLMap, prefix: string): void => {
    for (const pair of map.items) {
      assert.ok(isScalar(pair.key) && pair.key.range);
      const key = prefix + String(pair.key.value);
      const [keyStart, keyEnd] = pair.key.range;
      const value = pair.value as YamlNode | null;
      const [valueStart, valueEnd] = value?.range ?? [keyEnd + 1, keyEnd + 1];
      fields.push({ key, keyStart, keyEnd, valueStart, valueEnd });
      if (value && isMap(value)) walk(value, key + '.');
    }
  };
  if (document.contents) walk(document.contents as YAMLMap, '');
  return { data: (document.toJS() ?? {}) as Record<string, unknown>, fields };
}

/** Asserts the scanner, having accepted `yaml`, agrees with the parser on data, key order and ranges. */
function assertAgrees(yaml: string, scanned: ScannedFrontmatter): void {
  const reference = viaYaml(yaml);
  assert.ok(reference && reference !== 'not-a-map', `yaml rejects what the scanner accepted: ${JSON.stringify(yaml)}`);
  assert.deepEqual(scanned.data, reference.data, JSON.stringify(yaml));
  assert.equal(JSON.stringify(scanned.data), JSON.stringify(reference.data), `key order of ${JSON.stringify(yaml)}`);
  assert.deepEqual(scanned.fields, reference.fields, JSON.stringify(yaml));
}

/** Asserts `parseFrontmatter` on a whole file gives the parser's positions, so the wiring is exact too. */
function assertWiredLikeYaml(yaml: string): void {
  const text = `---\n${yaml}---\nbody [[x]]\n`;
  const reference = viaYaml(yaml);
  assert.ok(reference && reference !== 'not-a-map');
  const lines = new LineIndex(text);
  const parsed = parseFrontmatter(text, lines);
  assert.equal(parsed.status, 'ok');
  assert.deepEqual(parsed.data, reference.data);
  const expected = new Map<string, FieldLocation>();
  for (const field of reference.fields) {
    expected.set(field.key, {
      key: field.key,
      keyRange: lines.rangeAt(4 + field.keyStart, 4 + field.keyEnd),
      valueRange: lines.rangeAt(4 + field.valueStart, 4 + field.valueEnd),
    });
  }
  // Fields hold their ranges packed and make them when asked: compared as the plain data they give.
  const plain = [...parsed.fields].map(([key, field]): [string, FieldLocation] => [key, { key: field.key, keyRange: field.keyRange, valueRange: field.valueRange }]);
  assert.deepEqual(plain, [...expected]);
}

function accepts(yaml: string): ScannedFrontmatter {
  const scanned = scanFrontmatter(yaml);
  assert.ok(scanned, `refused ${JSON.stringify(yaml)}`);
  assertAgrees(yaml, scanned);
  return scanned;
}

describe('scanFrontmatter', () => {
  describe('accepts the subset and agrees with yaml', () => {
    it('reads Claude Code’s nested shape with positions of keys, values and the map', () => {
      const yaml = [
        'name: feedback-math-notation',
        'description: "LaTeX ($$...$$) does not render here"',
        'metadata:',
        '  type: feedback',
        '  originSessionId: 0b3c6f1e-2d4a-4f7e-9a51-7c2e8d9f0a11',
        '  modified: 2026-07-30T07:40:18.191Z',
        '',
      ].join('\n');
      const scanned = accepts(yaml);
      assert.deepEqual(scanned.data, {
        name: 'feedback-math-notation',
        description: 'LaTeX ($$...$$) does not render here',
        metadata: { type: 'feedback', originSessionId: '0b3c6f1e-2d4a-4f7e-9a51-7c2e8d9f0a11', modified: '2026-07-30T07:40:18.191Z' },
      });
      const metadata = scanned.fields.find((field) => field.key === 'metadata')!;
      assert.equal(yaml.slice(metadata.valueStart, metadata.valueEnd), yaml.slice(yaml.indexOf('type:'), yaml.length));
      const description = scanned.fields.find((field) => field.key === 'description')!;
      assert.equal(yaml.slice(description.valueStart, description.valueEnd), '"LaTeX ($$...$$) does not render here"');
      assert.deepEqual(scanned.fields.map((field) => field.key), ['name', 'description', 'metadata', 'metadata.type', 'metadata.originSessionId', 'metadata.modified']);
    });

    const accepted: [string, string, Record<string, unknown>][] = [
      ['the flat shape', 'name: a\ndescription: b c\ntype: user\n', { name: 'a', description: 'b c', type: 'user' }],
      ['Korean and Japanese plain values', 'name: 사용자-프로필\ndescription: 実測データは共有ドライブに置く。\n', { name: '사용자-프로필', description: '実測データは共有ドライブに置く。' }],
      ['CRLF line breaks', 'name: a\r\nmetadata:\r\n  type: user\r\n', { name: 'a', metadata: { type: 'user' } }],
      ['full-line and trailing comments', '# top\nname: a # why\n# between\ntype: user   # 메모\n', { name: 'a', type: 'user' }],
      ['a column-0 comment inside a nested map', 'metadata:\n  type: a\n# note\n  b: c\n', { metadata: { type: 'a', b: 'c' } }],
      ['double-quoted escapes', 'd: "q\\" b\\\\ n\\n t\\t u\\u00e9 x\\x41 U\\U0001F600 s\\/ e\\e N\\N _\\_ sp\\ "\n', { d: 'q" b\\ n\n t\t ué xA U😀 s/ e\x1b N\u0085 _\u00a0 sp ' }],
      ['double quotes around indicators and comments', 'd: "[a] {b} &c *d !e |f >g #h: i"  # c\n', { d: '[a] {b} &c *d !e |f >g #h: i' }],
      ['quoted Korean and Japanese with escapes', 'd: "한국어 \\"인용\\" 日本語\\t끝"\ne: \'引用の\'\'ね\'\'\'\n', { d: '한국어 "인용" 日本語\t끝', e: "引用の'ね'" }],
      ['single quotes with doubled quotes', "d: 'it''s # not a comment: ok'\n", { d: "it's # not a comment: ok" }],
      ['quoted numbers and booleans, which stay strings', 'a: "42"\nb: \'true\'\nc: "~"\n', { a: '42', b: 'true', c: '~' }],
      ['missing values as null', 'type:\nname:   \nx:  # c\nmetadata:\n  a:\n  b: c\n', { type: null, name: null, x: null, metadata: { a: null, b: 'c' } }],
      ['dates, ISO timestamps and YAML 1.1 words, which the core schema reads as strings', 'm: 2026-07-30T07:40:18.191Z\nd: 2026-07-30\nyes: yes\nno: off\n', { m: '2026-07-30T07:40:18.191Z', d: '2026-07-30', yes: 'yes', no: 'off' }],
      ['plain scalars with inner indicators', 'd: a:b, c [d] {e}#f \'g\' "h" ~i # c\n', { d: 'a:b, c [d] {e}#f \'g\' "h" ~i' }],
      ['plain scalars led by digits that are not numbers', 'd: 2026년 3월, 12 monkeys\ne: 3.5 cups\n', { d: '2026년 3월, 12 monkeys', e: '3.5 cups' }],
      ['blank lines everywhere and no final line break', '\n\nname: a\n\nmetadata:\n\n    type: b\n\n    c: d', { name: 'a', metadata: { type: 'b', c: 'd' } }],
      ['an empty block', '', {}],
      ['a block of comments only', '# a\n\n# b\n', {}],
    ];
    for (const [title, yaml, data] of accepted) {
      it(title, () => {
        assert.deepEqual(accepts(yaml).data, data);
        if (yaml === '' || yaml.endsWith('\n')) assertWiredLikeYaml(yaml);
      });
    }
  });

  describe('refuses what it is not sure of', () => {
    const refused: [string, string][] = [
      ['a multi-line plain scalar', 'description: a\n  b\n'],
      ['a multi-line plain scalar after a blank line', 'description: a\n\n  b\n'],
      ['a multi-line double-quoted scalar', 'description: "a\n  b"\n'],
      ['a folded block scalar', 'description: >\n  a\n'],
      ['a literal block scalar', 'description: |-\n  a\n'],
      ['a flow sequence', 'tags: [a, b]\n'],
      ['a flow map', 'm: {a: 1}\n'],
      ['an anchor', 'a: &x v\n'],
      ['an alias', 'a: *x\n'],
      ['a tag', 'a: !!str v\n'],
      ['an explicit key', '? a\n: b\n'],
      ['a block sequence', 'tags:\n  - a\n'],
      ['a duplicate key', 'name: a\nname: b\n'],
      ['a duplicate nested key', 'metadata:\n  type: a\n  type: b\n'],
      ['a tab', 'name:\ta\n'],
      ['tab indentation', 'metadata:\n\ttype: a\n'],
      ['a document marker', 'name: a\n--- \nb: c\n'],
      ['a document end marker', 'name: a\n... x\n'],
      ['a directive', '%YAML 1.2\nname: a\n'],
      ['an integer', 'n: 42\n'],
      ['a signed integer', 'n: +5\n'],
      ['a float', 'n: 3.14\n'],
      ['a leading-dot float', 'n: .5\n'],
      ['an exponent', 'n: 1e3\n'],
      ['hex', 'n: 0x1F\n'],
      ['octal', 'n: 0o17\n'],
      ['a YAML 1.1 binary number, to be safe', 'n: 0b101\n'],
      ['a YAML 1.1 sexagesimal number, to be safe', 'n: 1:30\n'],
      ['a YAML 1.1 number with separators, to be safe', 'n: 1_000\n'],
      ['infinity', 'n: -.Inf\n'],
      ['not a number', 'n: .NaN\n'],
      ['true', 'b: true\n'],
      ['False', 'b: False\n'],
      ['null', 'b: null\n'],
      ['a tilde', 'b: ~\n'],
      ['a plain scalar with ": " inside', 'd: a: b\n'],
      ['a plain scalar ending with a colon', 'd: a:\n'],
      ['a plain scalar led by "-"', 'd: -a\n'],
      ['a plain scalar led by "@"', 'd: @a\n'],
      ['a plain scalar led by a backtick', 'd: `a`\n'],
      ['a plain scalar led by "%"', 'd: %a\n'],
      ['a plain scalar led by ","', 'd: ,a\n'],
      ['an indented comment', 'metadata:\n  type: a\n  # c\n'],
      ['a second level of nesting', 'metadata:\n  m:\n    type: a\n'],
      ['a nested line less indented than its siblings', 'metadata:\n    type: a\n  b: c\n'],
      ['a nested map ending with a null', 'metadata:\n  type: a\n  b:\nname: c\n'],
      ['indentation under a key that has a value', 'name: a\n  b: c\n'],
      ['an indented top-level map', '  name: a\n'],
      ['a lone carriage return', 'name: a\rb: c\n'],
      ['a control character', 'name: a\u0007b\n'],
      ['a byte-order mark inside', 'name: \ufeffa\n'],
      ['an unknown escape', 'd: "a\\qb"\n'],
      ['a short hex escape', 'd: "a\\x4"\n'],
      ['an out-of-range escape', 'd: "\\U00110000"\n'],
      ['text after a closing quote', 'd: "a" b\n'],
      ['a comment glued to a closing quote', 'd: "a"#c\n'],
      ['an unterminated quote', "d: 'a\n"],
      ['a key with a space', 'a b: c\n'],
      ['a quoted key', '"a": b\n'],
      ['a boolean-looking key', 'true: a\n'],
      ['a null key', 'Null: a\n'],
      ['a number key', '1: a\n'],
      ['__proto__', '__proto__: a\n'],
      ['a key without a space after its colon', 'a:b\n'],
      ['a space before the colon', 'a : b\n'],
      ['a bare word', 'name\n'],
    ];
    for (const [title, yaml] of refused) {
      it(title, () => {
        assert.equal(scanFrontmatter(yaml), undefined);
      });
    }
  });

  describe('agrees with yaml on generated frontmatter (fast-check)', () => {
    const PHRASES = [
      'feedback-math-notation',
      'LaTeX ($$...$$) does not render here, so write formulas in Unicode (x², √, ≤).',
      '실측 데이터가 없을 때 표의 셀은 빈칸으로 남겨둔다.',
      '보고서는 .docx로 납품하고 PDF는 받지 않는다',
      '実測データは研究室の共有ドライブに置く。',
      'Deploys happen from main only; see https://example.com/a?b=c#d',
      'user',
      'project',
      '0b3c6f1e-2d4a-4f7e-9a51-7c2e8d9f0a11',
      '2026-07-30T07:40:18.191Z',
      'a\u3000全角スペース\u3000',
      'émoji 😀 ok',
    ];
    const SPECIAL = [
      '42', '-7', '+5', '3.14', '.5', '1e3', '1.5E-3', '0x1F', '0o17', '.inf', '-.Inf', '.NaN', 'true', 'False', 'TRUE',
      'null', 'Null', 'NULL', '~', 'yes', 'No', 'on', 'OFF', 'y', '2026-07-30', '2026-07-30 07:40:18', '12:30', '1_000',
      '0b101', '1.2.3', '007', '-', '--', '---', '...', '<<', '= x', '0x', '+', '.', 'e5', 'inf', 'nan',
    ];
    const CHARACTERS = [...'abXY09 :#"\'[]{}&*!|>-?%@`,.+~\\/_=<', '\t', '\u3000', '\u00a0', '\u0085', '\ud800', '가', '글', 'の', '本', '😀', 'é'];
    const junk = fc.string({ unit: fc.constantFrom(...CHARACTERS), maxLength: 10 });
    const text = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...PHRASES) },
      { weight: 2, arbitrary: fc.constantFrom(...SPECIAL) },
      { weight: 3, arbitrary: junk },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...PHRASES, ...SPECIAL), fc.constantFrom(' ', '', ': ', ' #', ':', '  '), junk).map((parts) => parts.join('')) },
    );
    const DQ_ESCAPES = ['\\"', '\\\\', '\\n', '\\t', '\\/', '\\0', '\\a', '\\b', '\\e', '\\f', '\\v', '\\r', '\\N', '\\_', '\\L', '\\P', '\\ ', '\\x41', '\\u00e9', '\\uD83D', '\\uDE00', '\\U0001F600'];
    const BAD_DQ_ESCAPES = ['\\U00110000', '\\q', '\\x4', '\\u12', '\\', '"', '\\\t'];
    const dqBody = (escapes: string[], body = text) => fc.array(fc.oneof(body, fc.constantFrom(...escapes)), { maxLength: 4 }).map((parts) => parts.join(''));
    const value = fc.oneof(
      { weight: 5, arbitrary: text },
      { weight: 2, arbitrary: dqBody(DQ_ESCAPES).map((body) => `"${body.replace(/"/g, '\\"')}"`) },
      { weight: 1, arbitrary: dqBody([...DQ_ESCAPES, ...BAD_DQ_ESCAPES]).map((body) => `"${body}"`) },
      { weight: 2, arbitrary: text.map((body) => `'${body.replace(/'/g, "''")}'`) },
      { weight: 1, arbitrary: text.map((body) => `'${body}'`) },
      { weight: 1, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom('[a, b]', '{a: 1}', '&x v', '*x', '!!str v', '|', '>-', '? k', '- item', '"open', "'open", '"a"b', "'a' # c") },
    );
    const KEYS = ['name', 'description', 'type', 'severity', 'originSessionId', 'modified', 'tags', 'x', 'a_b', 'a-b', 'B2', 'yes', 'on', 'a-', '_', '_x', 'E'];
    const BAD_KEYS = ['true', 'Null', 'FALSE', '__proto__', 'a b', '"q"', "'q'", '-x', '? k', '1', '2026', '가나', '.x', 'k ', 'constructor', '~', 'a#b', 'a:b'];
    const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: fc.constantFrom(...BAD_KEYS) });
    const separator = fc.constantFrom(' ', ' ', ' ', ' ', '  ', '', '\t', ' \t');
    const trailer = fc.constantFrom('', '', '', '', ' ', '   ', ' # note', '  # 메모 #', '#x', ' #', '\t', ' x', ' \t# c');
    const pair = fc.tuple(key, separator, value, trailer).map(([k, s, v, t]) => `${k}:${s}${v}${t}`);
    const between = fc.constantFrom([], [], [], [], [''], ['# c'], ['  # c'], ['', '   '], ['    x']);
    const nestedBlock = fc
      .tuple(
        fc.constantFrom('metadata', 'metadata', 'extra', 'name'),
        fc.constantFrom('', '', ' # c', '  ', ' x'),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(between, pair, fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 1, -1, 2)), { minLength: 1, maxLength: 4 }),
      )
      .map(([k, t, indent, pairs]) => [`${k}:${t}`, ...pairs.flatMap(([gap, line, delta]) => [...gap, ' '.repeat(Math.max(0, indent + delta)) + line])]);
    const other = fc.constantFrom(['', ''], [''], ['   '], ['# comment'], ['#'], ['  # indented'], ['---'], ['...'], ['- item'], ['%YAML 1.2'], ['  continued'], ['\tx: y']);
    const block = fc.oneof({ weight: 6, arbitrary: pair.map((line) => [line]) }, { weight: 2, arbitrary: nestedBlock }, { weight: 2, arbitrary: other });
    const lineBreak = fc.constantFrom('\n', '\n', '\n', '\r\n');
    const document = fc
      .tuple(fc.array(block, { maxLength: 6 }), lineBreak, fc.boolean(), fc.boolean())
      .map(([blocks, eol, mixed, final]) => {
        const lines = blocks.flat();
        return lines.map((line, i) => line + (i < lines.length - 1 || final ? (mixed && i % 2 ? '\r\n' : eol) : '')).join('');
      });

    it('whenever the scanner accepts near-miss input, yaml gives the same data and ranges', () => {
      let accepted = 0;
      let runs = 0;
      fc.assert(
        fc.property(document, (yaml) => {
          runs++;
          const scanned = scanFrontmatter(yaml);
          if (!scanned) return;
          accepted++;
          assertAgrees(yaml, scanned);
          if (yaml.endsWith('\n')) assertWiredLikeYaml(yaml);
        }),
        { numRuns: 10_000 },
      );
      // Near misses are most of what is generated, but the agreement must be exercised, not vacuous.
      assert.ok(accepted / runs > 0.1, `accepted ${accepted} of ${runs}`);
    });

    const goodText = fc.constantFrom(...PHRASES);
    const goodValue = fc.oneof(
      { weight: 5, arbitrary: goodText },
      { weight: 2, arbitrary: dqBody(DQ_ESCAPES.filter((escape) => escape !== '\\"'), goodText).map((body) => `"${body.replace(/"/g, '\\"')}"`) },
      { weight: 2, arbitrary: goodText.map((body) => `'${body.replace(/'/g, "''")}'`) },
    );
    const goodPairs = (keys: string[]) =>
      fc.uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: keys.length }).chain((names) =>
        fc.tuple(...names.map((name) => fc.tuple(fc.constant(name), goodValue, fc.constantFrom('', '', '', ' # note', '  ')))),
      );
    const realistic = fc
      .tuple(goodPairs(['name', 'description', 'type', 'severity']), fc.option(goodPairs(['type', 'originSessionId', 'modified']), { nil: undefined }), fc.constantFrom('\n', '\r\n'), fc.boolean())
      .map(([top, nested, eol, comment]) => {
        const lines = top.map(([k, v, t]) => `${k}: ${v}${t}`);
        if (comment) lines.unshift('# written by hand');
        if (nested) lines.push('metadata:', ...nested.map(([k, v, t]) => `  ${k}: ${v}${t}`));
        return lines.join(eol) + eol;
      });

    it('accepts every realistic input built from the subset’s grammar, agreeing with yaml', () => {
      fc.assert(
        fc.property(realistic, (yaml) => {
          const scanned = scanFrontmatter(yaml);
          assert.ok(scanned, `refused ${JSON.stringify(yaml)}`);
          assertAgrees(yaml, scanned);
          assertWiredLikeYaml(yaml);
        }),
        { numRuns: 1000 },
      );
    });
  });
});
