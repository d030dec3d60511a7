import * as assert from 'node:assert/strict';
import { ProblemCode } from '../../../../../src/core';
import { makeProblem, relatedAt } from '../../../../../src/core/rules/shared/makeProblem';
import { msg } from '../../../../../src/core/text';
import type { Range } from '../../../../../src/core/types';

const rangeAt = (line: number, from: number, to: number): Range => ({ start: { line, character: from }, end: { line, character: to } });

describe('problems at one place share one range', () => {
  it('two files with a problem at the same place hold one range object, with the positions given', () => {
    const first = makeProblem(ProblemCode.LinkDangling, 'feedback_testing.md', rangeAt(20, 4, 22), msg('Reservation: no memory is named "{0}" yet. A TODO to write it, not an error.', 'project-deploys'));
    const second = makeProblem(ProblemCode.LinkDangling, 'project_release.md', rangeAt(20, 4, 22), msg('Reservation: no memory is named "{0}" yet. A TODO to write it, not an error.', 'user-role'));
    assert.equal(second.range, first.range);
    assert.deepEqual(second.range, rangeAt(20, 4, 22));
  });

  it('a related location shares the range of a problem at the same place', () => {
    const problem = makeProblem(ProblemCode.IndexUnlisted, 'feedback_testing.md', rangeAt(1, 6, 22), msg('Not listed in MEMORY.md: Claude Code does not know this memory exists.'));
    const related = relatedAt('user_role.md', rangeAt(1, 6, 22), msg('Candidate for [[{0}]]', 'role'));
    assert.equal(related.range, problem.range);
  });

  it('ranges differing in any one position stay apart', () => {
    const base = rangeAt(7, 3, 9);
    const shared = makeProblem(ProblemCode.LinkDangling, 'a.md', base, msg('Candidate for [[{0}]]', 'x')).range;
    const others: Range[] = [
      { start: { line: 8, character: 3 }, end: { line: 7, character: 9 } },
      { start: { line: 7, character: 4 }, end: { line: 7, character: 9 } },
      { start: { line: 7, character: 3 }, end: { line: 8, character: 9 } },
      rangeAt(7, 3, 10),
    ];
    for (const other of others) {
      const range = makeProblem(ProblemCode.LinkDangling, 'b.md', other, msg('Candidate for [[{0}]]', 'x')).range;
      assert.notEqual(range, shared);
      assert.deepEqual(range, other);
    }
  });
});
