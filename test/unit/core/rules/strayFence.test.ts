import * as assert from 'node:assert/strict';
import { ProblemCode } from '../../../../src/core';
import { checkedEngine } from './ruleHelpers';

function codesOf(text: string): string[] {
  return checkedEngine(new Map([['project_deploy.md', text]])).problemsFor('project_deploy.md').map((problem) => `${problem.code}@${problem.range.start.line}`);
}

describe('frontmatter-invalid from a stray "---" inside the block', () => {
  it('reports the line that closed the block early, and not the fields it cut off (en, ko, ja)', () => {
    const cut = [
      '---\nname: deploy\n---\ndescription: Never deploy on Fridays\ntype: project\n---\n\nRoll back with make rollback.\n',
      '---\nname: deploy\n---\ndescription: 금요일에는 배포하지 않는다\ntype: project\n---\n\n본문.\n',
      '---\nname: deploy\ndescription: 金曜はデプロイしない\n---\n\ntype: project\nmetadata:\n  owner: ops\n---\n本文。\n',
    ];
    // The stray line is the second `---` of the file.
    for (const text of cut) assert.deepEqual(codesOf(text), [`${ProblemCode.FrontmatterInvalid}@${text.split('\n').indexOf('---', 1)}`], text);
  });

  it('names the keys read as the body', () => {
    const problem = checkedEngine(new Map([['project_deploy.md', '---\nname: deploy\n---\ndescription: Never on Fridays\ntype: project\n---\nBody.\n']]))
      .problemsFor('project_deploy.md')[0];
    assert.equal(problem.message, 'Invalid frontmatter: this "---" line ends the block early, and description, type below it are read as the body. Remove it.');
  });

  it('leaves a body that opens with a rule, prose or keys without a closing line', () => {
    const fine = [
      '---\nname: deploy\ndescription: Never deploy on Fridays\ntype: project\n---\n---\n\nBody after a rule.\n',
      '---\nname: deploy\ndescription: Never deploy on Fridays\ntype: project\n---\ntype: the kind of release, see below.\n\nMore.\n',
      '---\nname: deploy\ndescription: Never deploy on Fridays\ntype: project\n---\n```yaml\nname: example\n---\n```\n',
      '---\nname: deploy\ndescription: Never deploy on Fridays\ntype: project\n---\n\nThe rule.\n\n---\n\nname: and more prose\n',
    ];
    for (const text of fine) assert.deepEqual(codesOf(text).filter((code) => code.startsWith('frontmatter')), [], text);
  });
});
