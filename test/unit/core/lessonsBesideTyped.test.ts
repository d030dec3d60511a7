import * as assert from 'node:assert/strict';
import { parseMemoryFile, ProblemCode, typedRootGroups } from '../../../src/core';
import { checkedEngine, claudeTypes } from './rules/ruleHelpers';

/**
 * Issue #40, item 5: lessons Claude Code wrote untyped before 2.1.285 (`metadata.pinned`, no type) in a
 * folder whose other memories are typed are lessons, not broken memories.
 */
const typed = (stem: string, type: string, description: string): [string, string] => [`${stem}.md`, `---\nname: ${stem}\ndescription: ${description}\nmetadata:\n  type: ${type}\n---\n${description}.\n`];
const lesson = (stem: string, description: string, pinned = true): [string, string] => [`${stem}.md`, `---\nname: ${stem}\ndescription: ${description}\nmetadata:\n  pinned: ${pinned}\n---\n${description}.\n`];

const FILES = new Map<string, string>([
  ['MEMORY.md', '# Memory\n- [Deploy](project_deploy.md) — deploy from main\n- [Review](feedback_review.md) — one comment per finding\n- [Review ko](feedback_review-ko.md) — 지적 하나에 코멘트 하나\n'],
  typed('project_deploy', 'project', 'deploy from main'),
  typed('feedback_review', 'feedback', 'one comment per finding'),
  typed('feedback_review-ko', 'feedback', '지적 하나에 코멘트 하나'),
  lesson('verify-before-claiming', 'Run the failing test before saying a fix works'),
  lesson('배포-전-확인', '배포 전에 스테이징에서 한 번 확인한다'),
  lesson('確認してから報告', '直ったと言う前にテストを走らせる'),
]);
const LESSONS = ['verify-before-claiming.md', '배포-전-확인.md', '確認してから報告.md'];

describe('lessons beside typed memories (issue #40)', () => {
  it('groups them as Pinned and Lessons after the types, none under Untyped / unknown', () => {
    const memories = [...FILES, lesson('sketch-first', 'Sketch the circuit before simulating', false)].filter(([path]) => path !== 'MEMORY.md').map(([path, text]) => parseMemoryFile(path, text));
    const groups = typedRootGroups(memories, claudeTypes);
    assert.deepEqual(groups.filter((group) => group.memories.length > 0).map((group) => [group.kind, group.type, group.memories.map((m) => m.path).sort()]), [
      ['type', 'feedback', ['feedback_review-ko.md', 'feedback_review.md']],
      ['type', 'project', ['project_deploy.md']],
      ['pinned', '', ['verify-before-claiming.md', '確認してから報告.md', '배포-전-확인.md']],
      ['lessons', '', ['sketch-first.md']],
    ]);
    assert.equal(groups.find((group) => group.kind === 'unknown')?.memories.length ?? 0, 0);
  });

  it('shows no lesson group in a typed root without lessons', () => {
    const groups = typedRootGroups([parseMemoryFile(...typed('project_deploy', 'project', 'deploy from main'))], claudeTypes);
    assert.deepEqual(groups.filter((group) => group.kind === 'pinned' || group.kind === 'lessons'), []);
  });

  it('reports their missing type as a hint that says nothing is wrong, offering each type and applying none by itself', () => {
    const engine = checkedEngine(FILES);
    for (const path of LESSONS) {
      const problems = [...engine.problemsFor(path)];
      assert.deepEqual(problems.filter((p) => p.severity === 'error' || p.severity === 'warning').map((p) => p.code), [], path);
      const hint = problems.find((p) => p.code === ProblemCode.TypeMissing)!;
      assert.equal(hint.severity, 'hint', path);
      assert.match(hint.message, /nothing is wrong with it/);
      assert.deepEqual(hint.fixes?.map((fix) => fix.title), claudeTypes.types.map((type) => `Add type: ${type}`));
      assert.ok(hint.fixes!.every((fix) => !fix.safe), 'never for --fix');
    }
  });

  it('still reports a typed folder\'s memory that lost its type, which is no lesson', () => {
    const files = new Map(FILES);
    files.set('project_lost.md', '---\nname: project-lost\ndescription: lost its type\n---\nLost.\n');
    const problem = checkedEngine(files).problemsFor('project_lost.md').find((p) => p.code === ProblemCode.TypeMissing)!;
    assert.equal(problem.severity, 'warning');
  });
});
