import * as assert from 'node:assert/strict';
import { applyTextEdits, parseMemoryFile, ProblemCode, type Problem } from '../../../../src/core';
import { checkedEngine } from './ruleHelpers';

function invalidProblems(text: string, path = 'feedback_x.md'): Problem[] {
  return checkedEngine(new Map([[path, text]])).problemsFor(path).filter((problem) => problem.code === ProblemCode.FrontmatterInvalid);
}

describe('frontmatter-invalid from a value that opens with a quoted part and goes on', () => {
  it('says so plainly instead of the parser\'s message, and quoting the whole value fixes it', () => {
    const before = '---\nname: "통과" 한마디 = 커밋\ndescription: 테스트가 통과하면 한마디 남기고 커밋한다\ntype: feedback\n---\n본문\n';
    const problems = invalidProblems(before);
    assert.equal(problems.length, 1, problems.map((problem) => problem.message).join('\n'));
    assert.equal(problems[0].message, 'Invalid frontmatter: the name starts with a quoted part and goes on after it, which YAML cannot read. Quote the whole value.');
    const fix = problems[0].fixes![0];
    assert.equal(fix.title, 'Quote this value');
    assert.equal(fix.safe, true);
    const edit = fix.edits[0];
    assert.ok(edit.kind === 'edit');
    const after = applyTextEdits(before, edit.edits);
    assert.equal(parseMemoryFile('feedback_x.md', after).name, '"통과" 한마디 = 커밋');
    // Quoted as a person would type it, not with escaped double quotes.
    assert.equal(after.split('\n')[1], `name: '"통과" 한마디 = 커밋'`);
    assert.equal(after.split('\n').slice(2).join('\n'), before.split('\n').slice(2).join('\n'), 'nothing else changes');
  });

  it('does the same for a Japanese description with single quotes', () => {
    const before = "---\nname: review\ndescription: 'LGTM' だけのレビューはしない\ntype: feedback\n---\n";
    const [problem] = invalidProblems(before);
    assert.ok(problem);
    const edit = problem.fixes![0].edits[0];
    assert.ok(edit.kind === 'edit');
    assert.equal(parseMemoryFile('feedback_x.md', applyTextEdits(before, edit.edits)).description, "'LGTM' だけのレビューはしない");
  });
});
