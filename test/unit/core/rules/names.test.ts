import * as assert from 'node:assert/strict';
import { ProblemCode } from '../../../../src/core';
import { checkedEngine } from './ruleHelpers';

const memory = (name: string): string => `---\nname: ${name}\ndescription: a fact about ${name}\ntype: feedback\n---\nBody.\n`;

function nameCodes(files: [string, string][]): string[] {
  const engine = checkedEngine(new Map(files));
  return [...engine.allProblems()]
    .filter((problem) => problem.code === ProblemCode.NameNotSlug || problem.code === ProblemCode.NameFileMismatch)
    .map((problem) => `${problem.path}:${problem.range.start.line}:${problem.range.start.character} ${problem.code}`)
    .sort();
}

describe('name-not-slug and name-file-mismatch on real naming conventions', () => {
  it('matches Claude Code\'s <type>_<topic>.md with name: topic, feedback-topic or feedback_topic', () => {
    for (const name of ['testing', 'feedback-testing', 'feedback_testing', 'Feedback_Testing', 'Testing']) {
      assert.deepEqual(nameCodes([['feedback_testing.md', memory(name)], ['project_x.md', memory('project-x')], ['user_role.md', memory('role')]]), [], name);
    }
  });

  it('hears nothing from a folder of human titles, nor from one of stems', () => {
    assert.deepEqual(nameCodes([['feedback_testing.md', memory('Testing approach')], ['user_role.md', memory('사용자 역할')], ['project_x.md', memory('プロジェクト X')]]), []);
    assert.deepEqual(nameCodes([['feedback_testing.md', memory('feedback_testing')], ['user_role.md', memory('user_role')], ['project_x.md', memory('project_x')]]), []);
  });

  it('asks no human title to become a slug, even among slugs (Claude Code writes titles in name:)', () => {
    for (const title of ['Testing approach', '사용자 역할', 'ビルド結果は毎朝確認する', 'Payments Owner']) {
      const files: [string, string][] = [['feedback_testing.md', memory(title)], ['user_role.md', memory('role')], ['project_x.md', memory('project-x')]];
      assert.deepEqual(nameCodes(files), [], title);
    }
  });

  it('reports a name no [[link]] can spell ([, ], | or #), with a fix keeping the rest as written', () => {
    const cases: [string, string][] = [['Q&A | notes', 'Q&A notes'], ['C#-style', 'C-style'], ['"[draft] 배포 규칙"', 'draft 배포 규칙'], ['release#2', 'release-2']];
    for (const [name, fixed] of cases) {
      const files: [string, string][] = [['feedback_testing.md', memory(name)], ['user_role.md', memory('사용자 역할')]];
      assert.deepEqual(nameCodes(files), ['feedback_testing.md:1:6 name-not-slug'], name);
      const problem = [...checkedEngine(new Map(files)).allProblems()].find((p) => p.code === ProblemCode.NameNotSlug)!;
      assert.equal(problem.severity, 'information');
      assert.deepEqual(problem.fixes?.map((fix) => fix.title), [`Change the name to ${fixed}`], name);
    }
  });

  it('reports an identifier that names another file', () => {
    assert.deepEqual(nameCodes([['feedback_testing.md', memory('feedback-deploys')], ['user_role.md', memory('role')]]), ['feedback_testing.md:1:6 name-file-mismatch']);
  });

  it('re-checks a memory whose name gains or loses a character links cannot carry', () => {
    const engine = checkedEngine(new Map([['a_one.md', memory('Title one')], ['b_two.md', memory('two')]]));
    const named = (): string[] => [...engine.allProblems()].filter((p) => p.code === ProblemCode.NameNotSlug).map((p) => p.path);
    assert.deepEqual(named(), []);
    engine.applyChange(engine.store.update('b_two.md', memory('two | three')));
    assert.deepEqual(named(), ['b_two.md']);
    engine.applyChange(engine.store.update('b_two.md', memory('two')));
    assert.deepEqual(named(), []);
  });
});

describe('name-file-mismatch: the stem\'s words reordered', () => {
  it('takes the stem\'s words in another order for the same name', () => {
    assert.deepEqual(nameCodes([['project_book-writer.md', memory('book-writer-project')], ['project_notes-sync.md', memory('sync-notes')], ['user_role.md', memory('role')]]), []);
  });
  it('still reports a name of other words', () => {
    assert.deepEqual(nameCodes([['project_book-writer.md', memory('book-editor')], ['user_role.md', memory('role')]]), ['project_book-writer.md:1:6 name-file-mismatch']);
  });
});
