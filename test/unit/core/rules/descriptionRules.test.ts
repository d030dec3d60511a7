import * as assert from 'node:assert/strict';
import { ProblemCode } from '../../../../src/core';
import { LABELED_ROOT } from './descriptionFixtures';
import { checkedEngine } from './ruleHelpers';

const engine = checkedEngine(new Map(LABELED_ROOT.map(({ path, text }) => [path, text])));

function codes(path: string, code: ProblemCode): number {
  return engine.problemsFor(path).filter((problem) => problem.code === code).length;
}

/** Right and wrong for one hint over the labeled root, with what was wrong. */
function tally(judge: (entry: (typeof LABELED_ROOT)[number]) => { expected: boolean; found: boolean }): { right: number; wrong: string[]; positives: number } {
  let right = 0;
  let positives = 0;
  const wrong: string[] = [];
  for (const entry of LABELED_ROOT) {
    const { expected, found } = judge(entry);
    if (expected) positives++;
    if (expected === found) right++;
    else wrong.push(`${entry.path}: ${found ? 'reported, labeled fine' : 'labeled, not reported'}`);
  }
  return { right, wrong, positives };
}

describe('description rules on a labeled ko/ja/en root', () => {
  it('description-body-mismatch: every labeled memory judged as the person judged it', () => {
    const { right, wrong, positives } = tally((entry) => ({ expected: entry.mismatch, found: codes(entry.path, ProblemCode.DescriptionBodyMismatch) > 0 }));
    console.log(`      description-body-mismatch: ${right} of ${LABELED_ROOT.length} right (${positives} labeled mismatched)`);
    assert.deepEqual(wrong, []);
  });

  it('description-alike: every labeled memory judged as the person judged it, naming the right other memory', () => {
    const { right, wrong, positives } = tally((entry) => {
      const problems = engine.problemsFor(entry.path).filter((problem) => problem.code === ProblemCode.DescriptionAlike);
      const named = problems.flatMap((problem) => problem.related?.map((related) => related.path) ?? []);
      return { expected: (entry.alike ?? []).length > 0, found: problems.length > 0 && (entry.alike ?? []).every((other) => named.includes(other)) };
    });
    console.log(`      description-alike: ${right} of ${LABELED_ROOT.length} right (${positives} labeled alike)`);
    assert.deepEqual(wrong, []);
  });

  it('leaves a pair whose bodies are also alike to near-duplicate', () => {
    assert.equal(codes('feedback_latex-a.md', ProblemCode.NearDuplicate) + codes('feedback_latex-b.md', ProblemCode.NearDuplicate) > 0, true);
    assert.equal(codes('feedback_latex-a.md', ProblemCode.DescriptionAlike) + codes('feedback_latex-b.md', ProblemCode.DescriptionAlike), 0);
  });

  it('says what is missing and where, as hints at the description', () => {
    const [problem] = engine.problemsFor('feedback_code-quality.md').filter((p) => p.code === ProblemCode.DescriptionBodyMismatch);
    assert.equal(problem.severity, 'hint');
    assert.equal(problem.range.start.line, 2);
    assert.match(problem.message, /Logger/);
    const [alike] = engine.problemsFor('project_plate-state.md').filter((p) => p.code === ProblemCode.DescriptionAlike);
    assert.equal(alike.severity, 'hint');
    assert.match(alike.message, /"membrane-state" \(project_membrane-state\.md\)/);
  });
});
