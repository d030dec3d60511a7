import * as assert from 'node:assert/strict';
import * as YAML from 'yaml';
import { applyTextEdits, parseMemoryFile, ProblemCode, type Problem } from '../../../../src/core';
import { checkedEngine } from './ruleHelpers';

function invalidProblems(text: string, path = 'feedback_x.md'): Problem[] {
  return checkedEngine(new Map([[path, text]])).problemsFor(path).filter((problem) => problem.code === ProblemCode.FrontmatterInvalid);
}

/** The file after the quick fix of its one frontmatter-invalid problem, BOM kept. */
function quoted(text: string): { text: string; safe: boolean; problem: Problem } {
  const problems = invalidProblems(text);
  assert.equal(problems.length, 1, problems.map((problem) => problem.message).join('\n'));
  const fix = problems[0].fixes![0];
  const edit = fix.edits[0];
  assert.ok(edit.kind === 'edit');
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  return { text: bom + applyTextEdits(text.slice(bom.length), edit.edits), safe: fix.safe === true, problem: problems[0] };
}

describe('frontmatter-invalid from a ": " in a plain value', () => {
  it('says so plainly and quotes exactly that value, byte for byte', () => {
    const before = '---\nname: deploy-rule\ndescription: Deadline: Friday, 17:00 sharp\nmetadata:\n  type: project\n---\nBody.\n';
    const after = quoted(before);
    assert.equal(after.text, '---\nname: deploy-rule\ndescription: "Deadline: Friday, 17:00 sharp"\nmetadata:\n  type: project\n---\nBody.\n');
    assert.equal(after.problem.message, 'Invalid frontmatter: the description holds ": ", which YAML reads as the start of another key. Quote this value.');
    assert.equal(after.problem.fixes![0].title, 'Quote this value');
    assert.deepEqual(after.problem.range, { start: { line: 2, character: 13 }, end: { line: 2, character: 42 } });
    assert.equal(after.safe, true);
    assert.equal(parseMemoryFile('a.md', after.text).description, 'Deadline: Friday, 17:00 sharp');
  });

  it('keeps CRLF, the BOM, comments and the other keys, in the top-level shape, with Korean and Japanese values', () => {
    const korean = '\uFEFF---\r\n# 배포 규칙\r\nname: deploy\r\ndescription: 주의: 금요일 배포 금지   \r\ntype: feedback # 검토됨\r\n---\r\n본문\r\n';
    assert.equal(quoted(korean).text, '\uFEFF---\r\n# 배포 규칙\r\nname: deploy\r\ndescription: "주의: 금요일 배포 금지"   \r\ntype: feedback # 검토됨\r\n---\r\n본문\r\n');
    const japanese = '---\nname: 注意: 本番環境\ndescription: 本番DBには触らない\nmetadata:\n  type: feedback\n  modified: 2026-03-09\n---\n';
    const fixed = quoted(japanese);
    assert.equal(fixed.text, '---\nname: "注意: 本番環境"\ndescription: 本番DBには触らない\nmetadata:\n  type: feedback\n  modified: 2026-03-09\n---\n');
    assert.equal(fixed.problem.message, 'Invalid frontmatter: the name holds ": ", which YAML reads as the start of another key. Quote this value.');
    assert.equal(fixed.safe, true);
  });

  it('escapes what the value holds, and a final colon counts too', () => {
    assert.equal(quoted('---\nname: x\ndescription: Say "no": always\n---\n').text, '---\nname: x\ndescription: "Say \\"no\\": always"\n---\n');
    assert.equal(quoted('---\nname: x\ndescription: Remember:\n---\n').text, '---\nname: x\ndescription: "Remember:"\n---\n');
  });

  it('offers but does not mark safe a value holding " #", which YAML would have read as a comment', () => {
    const after = quoted('---\nname: x\ndescription: Note: see #12 for why # reviewed\ntype: user\n---\n');
    assert.equal(after.text, '---\nname: x\ndescription: "Note: see #12 for why # reviewed"\ntype: user\n---\n');
    assert.equal(after.safe, false);
  });

  it('reports each such value and keeps the parser’s errors it does not explain', () => {
    const both = invalidProblems('---\nname: Rule: one\ndescription: Why: two\ntype: user\n---\n');
    assert.deepEqual(both.map((problem) => [problem.range.start.line, problem.fixes?.[0].safe]), [[1, true], [2, true]]);
    const other = invalidProblems('---\nname: x\ndescription: Why: this\ntags: [unclosed\n---\n');
    assert.equal(other[0].message, 'Invalid frontmatter: the description holds ": ", which YAML reads as the start of another key. Quote this value.');
    assert.equal(other[0].fixes![0].safe, undefined);
    assert.ok(other.slice(1).length > 0 && other.slice(1).every((problem) => problem.message.startsWith('Invalid frontmatter: ') && !problem.fixes?.length), other.map((p) => p.message).join('\n'));
  });

  it('leaves alone quoted values, values on several lines, and keys other than name and description', () => {
    for (const text of [
      '---\nname: x\ndescription: "a: b" c: d\n---\n',
      '---\nname: x\ndescription: a: b\n  continued here\n---\n',
      '---\nname: x\nsummary: a: b\n---\n',
    ]) {
      const problems = invalidProblems(text);
      assert.ok(problems.length > 0, text);
      assert.ok(problems.every((problem) => !problem.fixes?.length), text);
    }
  });

  it('proves its safe fixes: the quoted frontmatter reads the value back as written in YAML 1.1 and 1.2', () => {
    const values = ['a: b', 'Deadline: 2026-03-09', 'yes: no', '1:20: late', '주의: 배포', 'URL: https://example.com/a?b=c', 'tab:\tseparated', 'ends:'];
    for (const value of values) {
      const after = quoted(`---\nname: x\ndescription: ${value}\n---\n`);
      assert.equal(after.safe, true, value);
      const yaml = after.text.split('\n').slice(1, 3).join('\n');
      for (const version of ['1.1', '1.2'] as const) assert.equal((YAML.parse(yaml, { version }) as Record<string, unknown>).description, value, `${version}: ${value}`);
    }
  });
});
